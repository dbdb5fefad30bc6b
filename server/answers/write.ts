/**
 * putItem's transaction script: one submission, in the caller's write transaction. It claims the
 * locks, decides which answer the rows write (partition-key.ts), applies the edit rules (rules.ts)
 * to an answer it changes, moves the reservations and keeps the subData and order (extras.ts); its
 * rows, under their answer code, and its slot claims are written last (finishSubmission).
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AnswerRowInput, ResultRow } from '@core/contract/survey';
import { isAppending, type SchemaItem, type ServedSurveyConfig } from '@core/form/survey-config';
import { AMENDED_STATUS, NEW_ANSWER_STATUS, answerStatusOf, isEnded } from '@core/rules/status';
import { todayInTokyo } from '@core/ja/date-input';
import type { AuthUser } from '../auth/verify';
import type { ClaimKey } from '../idempotency';
import { ApiError } from '../errors';
import { replaceReservations, slotRefusal } from '../reservations';
import { QUOTA_EXCEEDED_TEXT, readWanted, refuseFull, targetQueriesOf, type Wanted } from '../reservation-targets';
import type { StampedConfig } from '../store/configs';
import { readExtras, writeExtras } from '../store/extras';
import { moveOrderToAnswer } from '../store/payment-orders';
import { finishWrite, type Finish } from '../store/finish';
import type { SlotOp } from '../reservation-plan';
import type { Engine } from '../store/open';
import { openWrite } from '../store/opening';
import {
  RESIDENT_COUNTER,
  REVISION_COUNTER,
  claimCounter,
  deletePartition,
  nextAnswerCode,
  listUserPartition,
  partitionKeyTaken,
  setPartitionCheck,
  toResultRow,
} from '../store/results';
import type { Database, SurveyResultTable } from '../store/schema';
import { badRequest } from './check';
import { checkFileValues, filesDropped, releaseFiles } from './files';
import { claimAutomaticNumber, surveyNumberScope } from '../members/numbers';
import { NO_EXTRAS, isRefusal as isExtrasRefusal, keptExtrasOf, type AnswerExtras, type OrderPath } from './extras';
import { clientTimestampOf, planForKeys, type KeyPlan, type NamedKeys } from './partition-key';
import { LOCKED_ITEM_TEXT, RESERVATION_ONLY_TEXT, configOutdated, enforceRules, lockedItemsChanged, noResult, sortKeyOf } from './rules';

/** Spec 01 §3: the generic chat-user label stored when the form names no registrant. */
export const DEFAULT_REGISTRANT_NAME = 'LINEユーザー';

/** A submission checked against a config: the rows to store and the extras it sent. */
export interface Checked {
  config: ServedSurveyConfig;
  rows: AnswerRowInput[];
  extras: AnswerExtras;
}

export interface Submission extends Omit<Checked, 'config'> {
  /** The config the rows were checked against, read before the transaction (maybe cached). */
  checked: StampedConfig;
  user: AuthUser;
  keys: NamedKeys;
  engine: Engine;
  /** The survey's config read again in the transaction, and the body checked against it. */
  recheck: (trx: Transaction<Database>) => Promise<Checked>;
  /** The write's idempotency key, claimed with the write's first statement (openWrite). */
  claimKey: ClaimKey;
  /** The reservation values read before the transaction (readBeforeWrite), for `checked`'s config. */
  wanted?: readonly Wanted[] | undefined;
  /** Which write this is: an order only the provider settles is refused to putItem. Default putItem. */
  orderPath?: OrderPath;
}

export interface Written {
  partitionKey: string;
  answerCode: string | null;
  /** Spec 01 §7 putItem's `type`: a new answer, or a stored one changed. */
  type: 'new' | 'amend';
  stored: ResultRow[];
  extras: AnswerExtras;
  /** Blobs of files the replaced answer named and this one does not: to remove once it commits. */
  released: string[];
  /** What is left to write, the answer's key last of all (finishSubmission). */
  finish: Omit<Finish, 'keyAnswer'>;
}

/**
 * Reads what the named keys hold (after their claims) and decides the plan. Appending: each named
 * key's own revision counter is claimed first, which serialises an amend with a cancel or delete of
 * that answer (they claim the same row) and tells a deleted answer's key (its counter moved, no
 * rows) from one never used. Single answers claimed theirs with the write's first claim.
 */
const planOf = async (
  trx: Transaction<Database>,
  a: { surveyId: string; userId: string; appending: boolean; keys: NamedKeys },
): Promise<{ plan: KeyPlan; held: ReadonlyMap<string, ResultRow[]> }> => {
  const named = [...new Set([a.keys.revokeKey, a.keys.rowsKey].filter((k): k is string => k !== null))].sort();
  const revisions = new Map<string, number>();
  if (a.appending) for (const key of named) revisions.set(key, await claimCounter(trx, key, REVISION_COUNTER));
  const held = new Map<string, ResultRow[]>();
  for (const key of named) held.set(key, await listUserPartition(trx, a.surveyId, a.userId, key));
  // Fields named, not spread into a literal with more: see finishSubmission.
  const plan = planForKeys({
    rowsKey: a.keys.rowsKey,
    revokeKey: a.keys.revokeKey,
    surveyId: a.surveyId,
    userId: a.userId,
    appending: a.appending,
    stateOf: (key) => {
      const isHeld = (held.get(key)?.length ?? 0) > 0;
      return { held: isHeld, deleted: !isHeld && (revisions.get(key) ?? 0) > 1 };
    },
  });
  if ('status' in plan) throw plan.status === 404 ? noResult() : badRequest([plan.issue]);
  return { plan, held };
};

export const writeSubmission = async (
  trx: Transaction<Database>,
  { checked, user, keys, engine, recheck, wanted, claimKey, orderPath = 'putItem', ...submitted }: Submission,
): Promise<Written> => {
  let { config } = checked;
  let preRead = wanted;
  let { rows, extras: sentExtras } = submitted;
  const { surveyId } = config;
  const { userId } = user;
  const appending = isAppending(config);

  // First, in one call after the idempotency key's claim (store/opening.ts), a claim on a counter
  // row of this resident: on PostgreSQL its row lock (held to commit) serialises the resident's
  // own writes that could collide, so every read below sees what an earlier one committed (an
  // answer already marked 取り消し, a partition key already taken, the reservations the per-user
  // limits count). SQLite's write lock already does this.
  // Appending: the resident's counter for the survey. Single answer: the partition's revision.
  // Locks are always taken in one order — the idempotency key, resident or partition counters, then
  // slots (sorted, reservation-plan.ts), last — so no two writes can wait on each other in a cycle.
  // The resident's counter also hands out the new answer's partition key, `surveyId#userId#millis`:
  // its value is the clock's millisecond, or one past the resident's last key when the clock has
  // not moved past it, so no key of theirs is given twice (keys from before the counter did this
  // were clock readings too, all in the past). A key the client made moves the counter past its
  // millisecond, so the server never makes that key later. Both claims read the config's stamp too.
  const partitionKeyOfSingle = keys.revokeKey ?? keys.rowsKey ?? `${surveyId}#${userId}`;
  const clientMillis = clientTimestampOf(keys, surveyId) ?? 0;
  const [scope, counter, claimOpts] = appending
    ? [`${surveyId}#${userId}`, RESIDENT_COUNTER, { atLeast: Math.max(Date.now(), clientMillis), configStampOf: surveyId, withAnswerCode: engine === 'postgres' }]
    : [partitionKeyOfSingle, REVISION_COUNTER, { configStampOf: surveyId }];
  // A new answer holds no places: what its reservation values name is read with the claims, when
  // not read before the transaction already (readBeforeWrite).
  const queries = preRead === undefined && holdsNothing(checked.config, keys) ? targetQueriesOf(config, rows) : [];
  const opened = await claimKey((key) => openWrite(trx, engine, key, { scope, name: counter, ...claimOpts }, queries));
  const claim = opened.counter;
  if (queries.length > 0 && (claim === null || claim.configStamp === checked.stamp)) {
    preRead = await readWanted(trx, { config, rows, today: todayInTokyo(), known: opened.targets });
  }
  // No counter claimed: a wanted slot is full, which refuseFull finds in what was read.
  if (claim === null) {
    await refuseFull(trx, preRead ?? [], []);
    throw new ApiError(409, 'quota_exceeded', QUOTA_EXCEEDED_TEXT);
  }
  if (claim.configStamp !== checked.stamp) {
    // The form was imported again since the rows were checked (or since this process read it):
    // they are checked again against the stored one. Had it switched between appending and
    // single answers, the wrong counter would be held: the resident reloads the form instead.
    ({ config, rows, extras: sentExtras } = await recheck(trx));
    preRead = undefined;
    if (isAppending(config) !== appending) throw configOutdated();
  }
  const { plan, held } = await planOf(trx, { surveyId, userId, appending, keys });
  const target = plan.kind === 'amend' ? plan.target : null;
  const startedAt = new Date().toISOString();

  let previous: ResultRow[] = [];
  /** The stored answer this submission changes, if any: the edit rules apply to it. */
  let edited: ResultRow[] | null = null;
  if (target) {
    previous = held.get(target) ?? [];
    edited = previous;
  } else if (!appending) {
    previous = held.get(partitionKeyOfSingle) ?? (await listUserPartition(trx, surveyId, userId, partitionKeyOfSingle));
    // Answering a single-answer form again over a live answer replaces that answer, so it is an
    // edit of it (or the settings could be sidestepped by leaving the partition key out). After a
    // cancel (NG, キャンセル) it is a new answer.
    if (previous.length > 0 && !isEnded(answerStatusOf(previous.map((r) => r.check)))) edited = previous;
  }
  if (edited) {
    const fields = await enforceRules(trx, config, edited, 'edit');
    const changed = lockedItemsChanged(config, fields, edited, rows);
    if (changed.length > 0) {
      throw new ApiError(403, 'forbidden_by_settings', fields === 'reservationOnly' ? RESERVATION_ONLY_TEXT : LOCKED_ITEM_TEXT, {
        issues: changed.map((itemKey) => ({ path: itemKey, message: 'notEditable' })),
      });
    }
  }
  const amended = edited ? ((await readExtras(trx, surveyId, userId, (edited[0] as ResultRow).partitionKey)) ?? NO_EXTRAS) : null;
  const extras = keptExtrasOf(sentExtras, amended, orderPath);
  if (isExtrasRefusal(extras)) throw new ApiError(extras.status, extras.code, extras.message, { issues: extras.issues });

  rows = [...rows, ...(await numbersOf(trx, config, edited))];
  await checkFileValues(trx, config, userId, rows);

  let partitionKey: string;
  if (appending) {
    const clientKey = plan.kind === 'new' ? plan.key : plan.kind === 'amend' ? plan.successor : null;
    partitionKey = clientKey ?? `${surveyId}#${userId}#${claim.value}`;
    // Rows under a key the client made may exist already as someone else's (linked by putUserId).
    if (clientKey && (await partitionKeyTaken(trx, clientKey))) throw new ApiError(409, 'conflict', 'この回答は別の利用者に紐付いています。');
  } else {
    partitionKey = partitionKeyOfSingle;
    await deletePartition(trx, surveyId, userId, partitionKey);
    if (await partitionKeyTaken(trx, partitionKey)) {
      throw new ApiError(409, 'conflict', 'この回答は別の利用者に紐付いています。');
    }
  }
  // A single answer written again: the files only the old one named go (server/answers/files.ts).
  const dropped = appending ? [] : filesDropped(config, previous, rows);
  const released = dropped.length > 0 ? await releaseFiles(trx, config, userId, dropped) : [];
  // The old answer's places are given back and the new ones claimed in one step (moving within a
  // full slot, or into a slot the old answer fills, works); a refusal rolls everything back.
  const reservations = await replaceReservations(trx, {
    config,
    userId,
    partitionKey,
    rows,
    replaces: appending ? target : partitionKeyOfSingle,
    today: todayInTokyo(),
    now: startedAt,
    wanted: preRead,
  });
  // Marked in the same transaction as the new rows: if writing them fails, the old answer is not
  // left 取り消し with nothing replacing it.
  if (appending && target) await setPartitionCheck(trx, surveyId, userId, target, AMENDED_STATUS, new Date().toISOString());
  // The card order follows its answer: the live successor is the one it paid for (its receipt,
  // its cancel rule), not the 取り消し answer it replaced.
  if (appending && target && extras.order?.orderId) await moveOrderToAnswer(trx, extras.order.orderId, userId, target, partitionKey, startedAt);

  const items = new Map(config.surveySchema.map((i) => [i.itemKey, i]));
  const registrantName = rows.find((r) => r.registrantName)?.registrantName ?? DEFAULT_REGISTRANT_NAME;
  const code = appending ? (claim.answerCode ?? (await nextAnswerCode(trx, engine))) : null;
  const now = new Date().toISOString();
  // A resubmission of a single answer replaces it but keeps when it was first given.
  const createdAt = appending ? now : previous.reduce((min, r) => (r.createdAt < min ? r.createdAt : min), now);
  // Each row one literal: a row spread into another with more fields (`{ ...r, k: v }`) gets a
  // hidden class of its own from V8 on every run, which stays in the old generation until a major GC.
  const stored: Selectable<SurveyResultTable>[] = rows.map((r) => {
    const item = items.get(r.itemKey) as SchemaItem;
    return {
      partition_key: partitionKey,
      sort_key: sortKeyOf(item, r),
      survey_id: surveyId,
      user_id: userId,
      item_key: r.itemKey,
      value: r.value,
      // The form's own title wins: what the office reads must be the question that was asked.
      title: item.title || r.title || '',
      type: 'liff',
      check_status: NEW_ANSWER_STATUS,
      user_search_key: null,
      is_liff_mode: 1,
      registrant_name: registrantName,
      // At a kiosk, the kiosk's name (auth/kiosk.ts kioskVisitor): the answer keeps where it was given.
      user_name: user.name ?? null,
      clinic_attributes: r.clinicAttributes ?? null,
      is_appending: appending ? 1 : 0,
      status: null,
      answer_code: code,
      created_at: createdAt,
      updated_at: now,
    };
  });
  // A single answer written again drops what the one it replaces kept (writeExtras removes it).
  if (extras.subData !== null || extras.order !== null || (!appending && previous.length > 0)) {
    await writeExtras(trx, { partitionKey, surveyId, userId }, extras, startedAt);
  }
  return {
    partitionKey,
    answerCode: stored[0]?.answer_code ?? null,
    type: edited ? 'amend' : 'new',
    stored: stored.map(toResultRow),
    extras,
    released,
    finish: { reservations: reservations.reservations, rows: stored, slotOps: reservations.slotOps },
  };
};

/**
 * The survey's automatic numbering items (spec 01 §3 isAutomaticNumbering), as rows: a changed
 * answer keeps the number it had, a new one claims the next (members/numbers.ts). Claimed after
 * the resident's and the answer's counters and before any slot, in that lock order.
 */
const numbersOf = async (trx: Transaction<Database>, config: ServedSurveyConfig, edited: readonly ResultRow[] | null): Promise<AnswerRowInput[]> => {
  const out: AnswerRowInput[] = [];
  for (const item of config.surveySchema) {
    if (item.type !== 'numbering' || item.isAutomaticNumbering !== true) continue;
    const kept = edited?.find((r) => r.itemKey === item.itemKey)?.value;
    const value =
      kept ??
      (await claimAutomaticNumber(trx, { scope: surveyNumberScope(config.surveyId), prefix: config.surveySubId, lastResultNumber: config.lastResultNumber }));
    out.push({ surveyId: config.surveyId, itemKey: item.itemKey, value });
  }
  return out;
};

/** A new appending answer naming no stored one: it holds no places yet. */
const holdsNothing = (config: ServedSurveyConfig, keys: NamedKeys): boolean => isAppending(config) && keys.revokeKey === null && keys.rowsKey === null;

/**
 * Before the write's transaction on SQLite, for an answer that holds no places yet: what its
 * reservation values name, read and checked, so a slot already full is refused without waiting
 * for the database's write lock. PostgreSQL reads them with the transaction's first call instead
 * (store/opening.ts), a round trip less. Undefined when the transaction reads them.
 */
export const readBeforeWrite = async (
  db: Kysely<Database>,
  engine: Engine,
  s: Pick<Submission, 'checked' | 'keys' | 'rows'>,
): Promise<Wanted[] | undefined> => {
  if (engine !== 'sqlite' || !holdsNothing(s.checked.config, s.keys)) return undefined;
  const wanted = await readWanted(db, { config: s.checked.config, rows: s.rows, today: todayInTokyo() });
  await refuseFull(db, wanted, []);
  return wanted;
};

/**
 * The write's last step (store/finish.ts) with the answer for its key: the rows, the key's answer,
 * the slot claims. A claim that finds no place refuses the whole write with its reason.
 */
export const finishSubmission = async (trx: Transaction<Database>, engine: Engine, written: Written, keyAnswer: Finish['keyAnswer']): Promise<void> => {
  // Not `{ ...written.finish, keyAnswer }`: V8 gives a literal spreading an object and adding fields
  // a hidden class of its own on every run, which only a major GC frees (issue 20).
  const { reservations, rows, slotOps } = written.finish;
  const refused = await finishWrite(trx, engine, { reservations, rows, slotOps, keyAnswer });
  if (refused !== null) throw await slotRefusal(trx, written.finish.slotOps[refused] as SlotOp);
};
