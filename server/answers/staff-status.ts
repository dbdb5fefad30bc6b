/**
 * Staff changing the status of one answer or many (issue 57), in the caller's one transaction, so
 * either every answer named changes or none does. What a status does on entering it is the table's
 * (core/rules/status-effects.ts): キャンセル writes through the resident's cancel path
 * (cancel-answer.ts, bed stays: beds/write.ts) and refunds a paid card order (payments/refund.ts).
 *
 * Per answer, in partition-key order (a fixed lock order against another bulk change):
 * - no answer of this form under the key: 404 status_answer_not_found;
 * - already in the status (or cancelled, when キャンセル is asked): left as it is, not counted;
 * - ended (キャンセル, NG, 取り消し): 409 status_answer_ended;
 * - else the new status, and an answer event saying from, to, who and the note.
 */
import type { Transaction } from 'kysely';
import { todayInTokyo } from '@core/ja/date-input';
import type { CheckStatus } from '@core/contract/result-rows';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { effectsOf } from '@core/rules/status-effects';
import { answerStatusOf, isEnded } from '@core/rules/status';
import { refuse } from '@core/refusals';
import { cancelStay } from '../beds/write';
import { refundForCancel } from '../payments/refund';
import type { PaymentProvider } from '../providers/payment';
import { insertAnswerEvents, type AnswerEvent } from '../store/answer-events';
import { lockStay, ownerOfStay, updateStay, type Ward } from '../store/beds';
import { REVISION_COUNTER, claimCounter, listUserPartition, ownerOfPartition, setPartitionCheck } from '../store/results';
import type { Database } from '../store/schema';
import { cancelAnswer } from './cancel-answer';
import { queueLineMessages, type LineOutbox } from '../line/outbox';

export interface StatusChange {
  surveyId: string;
  /** null: the form is gone from the database (its answers stay). */
  config: ServedSurveyConfig | null;
  /** The form's bed ward, when it is one: its answers are stays. */
  ward: Ward | null;
  partitionKeys: readonly string[];
  to: CheckStatus;
  note: string | null;
  staff: { id: string; name: string };
  payment: PaymentProvider | null;
  /** LINE messages: a cancel's, and the status's announcement where the form makes one. */
  outbox: LineOutbox | null;
  now: Date;
}

/** What one answer's change was: its status before and after; null when it already had it. */
type Moved = { from: CheckStatus; to: CheckStatus } | null;

/** Both are a cancel: キャンセル asked of an answer cancelled as NG is no change either. */
const same = (from: CheckStatus, to: CheckStatus) => from === to || (effectsOf(from).givesBack && effectsOf(to).givesBack);

const refuseEnded = (partitionKey: string, status: CheckStatus) => refuse('status_answer_ended', { partitionKey, status });

const changeAnswer = async (trx: Transaction<Database>, c: StatusChange, partitionKey: string, userId: string): Promise<Moved> => {
  await claimCounter(trx, partitionKey, REVISION_COUNTER);
  const rows = await listUserPartition(trx, c.surveyId, userId, partitionKey);
  const from = answerStatusOf(rows.map((r) => r.check));
  if (same(from, c.to)) return null;
  if (isEnded(from)) throw refuseEnded(partitionKey, from);
  if (!effectsOf(c.to).givesBack) {
    await setPartitionCheck(trx, c.surveyId, userId, partitionKey, c.to, c.now.toISOString());
    return { from, to: c.to };
  }
  const to = await cancelAnswer(trx, { config: c.config, surveyId: c.surveyId, userId, partitionKey }, 'staff');
  if (effectsOf(c.to).refunds) await refundForCancel(trx, c.payment, { userId, partitionKey, actorId: c.staff.id, now: c.now });
  return { from, to };
};

const changeStay = async (trx: Transaction<Database>, c: StatusChange, ward: Ward, partitionKey: string, userId: string): Promise<Moved> => {
  const stay = await lockStay(trx, c.surveyId, userId, partitionKey);
  const from = stay?.check_status as CheckStatus;
  if (same(from, c.to)) return null;
  if (isEnded(from)) throw refuseEnded(partitionKey, from);
  if (effectsOf(c.to).givesBack) await cancelStay(trx, { ward, userId, partitionKey, today: todayInTokyo() }, 'staff');
  else await updateStay(trx, partitionKey, { check_status: c.to, updated_at: c.now.toISOString() });
  return { from, to: c.to };
};

/** Answers the events written: one per answer whose status changed. */
export const changeStatuses = async (trx: Transaction<Database>, c: StatusChange): Promise<AnswerEvent[]> => {
  if (!effectsOf(c.to).staffMaySet) throw refuse('status_not_settable', { status: c.to });
  const events: AnswerEvent[] = [];
  const at = c.now.toISOString();
  for (const partitionKey of [...new Set(c.partitionKeys)].sort()) {
    const answerOwner = await ownerOfPartition(trx, c.surveyId, partitionKey);
    const stayOwner = answerOwner === null && c.ward ? await ownerOfStay(trx, c.surveyId, partitionKey) : null;
    if (answerOwner === null && stayOwner === null) throw refuse('status_answer_not_found', { partitionKey });
    const moved =
      answerOwner !== null ? await changeAnswer(trx, c, partitionKey, answerOwner) : await changeStay(trx, c, c.ward as Ward, partitionKey, stayOwner as string);
    if (moved) {
      const ref = { surveyId: c.surveyId, userId: (answerOwner ?? stayOwner) as string, partitionKey };
      const gone = effectsOf(moved.to).givesBack;
      const h = gone ? ({ kind: answerOwner !== null ? 'cancelled' : 'stay_cancelled', status: moved.to } as const) : ({ kind: 'status', status: moved.to } as const);
      await queueLineMessages(trx, c.outbox, ref, h, { now: c.now, ...(c.config ? { config: c.config } : {}) });
    }
    if (moved) events.push({ partitionKey, at, actor: { kind: 'staff', id: c.staff.id, name: c.staff.name }, kind: 'status', from: moved.from, to: moved.to, note: c.note });
  }
  await insertAnswerEvents(trx, events);
  return events;
};
