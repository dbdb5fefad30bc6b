/**
 * The transactional outbox of LINE messages (issue 59): in the transaction of the change that
 * causes them, the answer's pending reminders are voided when its booking moved or went, and
 * each new message is written to the ledger (line_messages) with its job, due when it is due. It
 * commits with the change or not at all; the job (send-job.ts) sends it once.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { mayMessage, planMessages, REMINDER_KINDS, type Happening } from '@core/messages/plan';
import { formMessageSettings } from '@core/messages/settings';
import { renderMessage } from '@core/messages/render';
import { lineRecipientOf } from '@core/rules/line-recipient';
import type { JobQueue } from '../jobs/queue';
import { findSurveyConfig } from '../store/configs';
import { insertLineMessages, voidQueued } from '../store/line-messages';
import type { Database, LineMessageTable } from '../store/schema';
import { readAnswerFacts, type AnswerFacts } from './facts';

export const LINE_SEND_JOB = 'line.send';
/** Sends tried before a message is failed for good (5xx, timeouts); a 429's wait is not one. */
export const LINE_SEND_ATTEMPTS = 8;

export interface LineOutbox {
  jobs: JobQueue;
  publicUrl: string;
}

/** The outbox of a server whose LINE messages are on; null: nothing is queued (no channel). */
export const lineOutboxOf = (d: { jobs: JobQueue; lineMessaging: unknown; config: { publicUrl: string } }): LineOutbox | null =>
  d.lineMessaging ? { jobs: d.jobs, publicUrl: d.config.publicUrl } : null;

export interface AnswerRef {
  surveyId: string;
  userId: string;
  partitionKey: string;
}

/**
 * Queues what `h` causes for the answer `ref`. `replaced`: the answer whose reminders are void
 * (an amendment's predecessor; the answer itself when a single answer is written again).
 * `facts` adjusts what was read (a stay's nights, a receipt) before the messages are rendered.
 */
export const queueLineMessages = async (
  trx: Transaction<Database>,
  outbox: LineOutbox | null,
  ref: AnswerRef,
  h: Happening,
  o: { replaced?: string | null; adjust?: (f: AnswerFacts) => AnswerFacts; now?: Date; config?: ServedSurveyConfig } = {},
): Promise<number> => {
  if (!outbox) return 0;
  const now = (o.now ?? new Date()).toISOString();
  const config = o.config ?? (await findSurveyConfig(trx, ref.surveyId));
  if (!config || !mayMessage(h, formMessageSettings(config))) return 0;
  const read = await readAnswerFacts(trx, { ...ref, publicUrl: outbox.publicUrl, config });
  if (!read) return 0;
  const a = o.adjust ? o.adjust(read) : read;
  const plan = planMessages(h, a.settings, a.facts, { nowIso: now, calendarReminders: a.calendar });
  if (plan.voidReminders) await voidQueued(trx, [...new Set([o.replaced ?? ref.partitionKey, ref.partitionKey])], REMINDER_KINDS, now);
  const to = lineRecipientOf(ref.userId);
  if (!to || plan.send.length === 0) return 0;
  const rows: LineMessageTable[] = plan.send.map((m) => ({
    id: crypto.randomUUID(),
    survey_id: ref.surveyId,
    partition_key: ref.partitionKey,
    user_id: to,
    kind: m.kind,
    due_at: m.dueAt,
    state: 'queued',
    message_json: JSON.stringify(renderMessage(m.kind, m.facts, a.settings)),
    request_id: null,
    reason: null,
    created_at: now,
    updated_at: now,
  }));
  await insertLineMessages(trx, rows);
  for (const r of rows) {
    await outbox.jobs.enqueue(trx, { name: LINE_SEND_JOB, payload: { messageId: r.id }, runAt: new Date(r.due_at), uniqueKey: `line:${r.id}`, maxAttempts: LINE_SEND_ATTEMPTS });
  }
  return rows.length;
};
