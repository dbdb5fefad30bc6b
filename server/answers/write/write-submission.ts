/**
 * One submission, in the caller's write transaction (after the idempotency key's claim), as named
 * steps in lock order. Each step is a file of this folder; the store's engine is known only in
 * server/store/. How the statements run: server/store/README.md.
 */
import type { Transaction } from 'kysely';
import type { ResultRow } from '@core/contract/survey';
import { todayInTokyo } from '@core/ja/date-input';
import { AMENDED_STATUS, CHANGED_ANSWER_STATUS, NEW_ANSWER_STATUS, answerStatusOf } from '@core/rules/status';
import { insertAnswerEvents, type AnswerEvent } from '../../store/answer-events';
import { nextAnswerCode, toResultRow } from '../../store/results';
import { writeExtras } from '../../store/extras';
import type { Database } from '../../store/schema';
import { checkFileValues, filesDropped, releaseFiles } from '../files';
import { claimCounter } from './claim';
import { checkEdit } from './edit-rules';
import { finishAnswer } from './finish';
import { readHeld } from './held';
import { numbersOf } from './numbering';
import { partitionKeyFor } from './partition';
import { replaceReservations } from './reservations';
import { rowsToStore } from './rows';
import type { Submission, Written } from './submission';
import { supersede } from './supersede';

export const writeSubmission = async (trx: Transaction<Database>, s: Submission): Promise<Written> => {
  const { userId } = s.user;
  const claimed = await claimCounter(trx, s);
  const { config, appending } = claimed;
  const { surveyId } = config;
  const held = await readHeld(trx, { surveyId, userId, appending, keys: s.keys });
  const extras = await checkEdit(trx, { config, userId, rows: claimed.rows, sentExtras: claimed.sentExtras, orderPath: s.orderPath ?? 'putItem' }, held.edited);
  const rows = [...claimed.rows, ...(await numbersOf(trx, config, held.edited))];
  await checkFileValues(trx, config, userId, rows);
  const partitionKey = await partitionKeyFor(trx, { appending, counter: claimed.counter, surveyId, userId, keys: s.keys, plan: held.plan });
  // A single answer written again: the files only the old one named go (../files.ts).
  const dropped = appending ? [] : filesDropped(config, held.previous, rows);
  const released = dropped.length > 0 ? await releaseFiles(trx, config, userId, dropped) : [];
  const now = new Date().toISOString();
  const reservations = await replaceReservations(trx, {
    config,
    userId,
    partitionKey,
    rows,
    replaces: appending ? held.target : partitionKey,
    today: todayInTokyo(),
    now,
    wanted: claimed.wanted,
  });
  if (appending && held.target) await supersede(trx, { surveyId, userId, target: held.target, successor: partitionKey, orderId: extras.order?.orderId ?? null, now });

  const stored = rowsToStore({
    config,
    rows,
    partitionKey,
    user: s.user,
    appending,
    answerCode: appending ? await nextAnswerCode(trx) : null,
    // A resubmission of a single answer replaces it but keeps when it was first given.
    createdAt: appending ? now : held.previous.reduce((min, r) => (r.createdAt < min ? r.createdAt : min), now),
    now,
    status: s.rowStatus ?? null,
    office: s.office ?? null,
    check: held.edited ? CHANGED_ANSWER_STATUS : NEW_ANSWER_STATUS,
  });
  // A single answer written again drops what the one it replaces kept (writeExtras removes it).
  if (extras.subData !== null || extras.order !== null || (!appending && held.previous.length > 0)) {
    await writeExtras(trx, { partitionKey, surveyId, userId }, extras, now);
  }
  await finishAnswer(trx, { reservations: reservations.reservations, rows: stored, slotOps: reservations.slotOps });
  if (held.edited) await insertAnswerEvents(trx, changeEvents(s, held.edited, held.target, partitionKey, now));
  return {
    partitionKey,
    answerCode: stored[0]?.answer_code ?? null,
    type: held.edited ? 'amend' : 'new',
    stored: stored.map(toResultRow),
    extras,
    released,
    replaced: appending ? held.target : held.previous.length > 0 ? partitionKey : null,
    hadBooking: reservations.hadBooking,
  };
};

/** The history of a resident's change: the answer is 変更あり, and an amend's old record 取り消し. */
const changeEvents = (s: Submission, edited: readonly ResultRow[], target: string | null, partitionKey: string, at: string): AnswerEvent[] => {
  const from = answerStatusOf(edited.map((r) => r.check));
  const actor = { kind: 'resident' as const, id: s.user.userId, name: s.user.name ?? null };
  const event = (key: string, to: string): AnswerEvent => ({ partitionKey: key, at, actor, kind: 'status', from, to, note: null });
  return target ? [event(target, AMENDED_STATUS), event(partitionKey, CHANGED_ANSWER_STATUS)] : [event(partitionKey, CHANGED_ANSWER_STATUS)];
};
