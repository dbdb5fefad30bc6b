/**
 * The first statements of an answer's write: its idempotency key claimed; when asked, a plain read
 * of what its reservation values name (calendars.ts findCategoryTarget); then its resident's (or
 * answer's) counter (results.ts claimCounterWith). PostgreSQL runs them as one call of open_answer
 * (migration 0015), one round trip; SQLite, in process, as the statements. A key already taken
 * claims no counter: the write stops there and its stored answer is replayed. A wanted slot
 * already full claims no counter either: the write is refused without waiting for the resident's
 * other writes or drawing an answer code.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { findCategoryTarget, toCategoryTarget, type CategoryTarget, type CategoryTargetRow } from './calendars';
import { compiled } from './compiled';
import { claimKey, type KeyClaim } from './idempotency';
import type { Engine } from './open';
import { ANSWER_CODE_SEQUENCE, claimCounterWith, type CounterClaim, type CounterClaimOptions } from './results';
import type { Database } from './schema';

export interface CounterToClaim extends CounterClaimOptions {
  scope: string;
  name: string;
}

/** A reservation value's category (or calendar), item and slot, to read with the claims. */
export interface TargetQuery {
  categoryId: string;
  itemId: string;
  day: string;
  slot: string;
}

export interface Opened {
  /** null: not claimed, a wanted slot is full. */
  counter: CounterClaim | null;
  /** Per query, in order: what findCategoryTarget answers (null: no such category). */
  targets: (CategoryTarget | null)[];
}

/** As open_answer: a slot row with no room left for the item's cost. */
const isFull = (t: CategoryTarget | null): boolean => t !== null && t.slotRow !== null && t.cost !== null && t.slotRow.reserved + t.cost > t.slotRow.quota;

const openAnswer = compiled(
  (
    db: Kysely<Database>,
    a: {
      userId: string | null;
      key: string | null;
      requestHash: string | null;
      createdAt: string | null;
      expiresAt: string | null;
      scope: string;
      name: string;
      atLeast: number | null;
      surveyId: string | null;
      sequence: string | null;
      categories: string[];
      items: string[];
      days: string[];
      slots: string[];
    },
  ) =>
    sql<
      CategoryTargetRow & {
        value: string | null;
        config_stamp: string | null;
        answer_code: string | null;
        found: boolean | null;
      }
    >`select claimed as value, stamp as config_stamp, code as answer_code, target_found as found, target_config as config_json,
        target_cost as cost, target_reserved as reserved, target_quota as quota
      from open_answer(${a.userId}, ${a.key}, ${a.requestHash}, ${a.createdAt}, ${a.expiresAt}, ${a.scope}, ${a.name}, ${a.atLeast}::bigint,
        ${a.surveyId}, ${a.sequence}, ${a.categories}::text[], ${a.items}::text[], ${a.days}::text[], ${a.slots}::text[])`.compile(db),
);

/** Claims the key (when there is one), reads the targets, then claims the counter; null: the key was taken. */
export const openWrite = async (
  trx: Transaction<Database>,
  engine: Engine,
  key: KeyClaim | null,
  counter: CounterToClaim,
  queries: readonly TargetQuery[] = [],
): Promise<Opened | null> => {
  const { scope, name, ...opts } = counter;
  if (engine === 'sqlite') {
    if (key && !(await claimKey(trx, key))) return null;
    const targets: (CategoryTarget | null)[] = [];
    for (const q of queries) targets.push(await findCategoryTarget(trx, q.categoryId, q.itemId, q));
    if (targets.some(isFull)) return { counter: null, targets };
    // No sequences: the caller draws the code from its counter row (results.ts nextAnswerCode).
    return { counter: await claimCounterWith(trx, scope, name, { ...opts, withAnswerCode: false }), targets };
  }
  const rows = await openAnswer.run(trx, {
    userId: key?.ref.userId ?? null,
    key: key?.ref.key ?? null,
    requestHash: key?.requestHash ?? null,
    createdAt: key?.createdAt ?? null,
    expiresAt: key?.expiresAt ?? null,
    scope,
    name,
    atLeast: opts.atLeast ?? null,
    surveyId: opts.configStampOf ?? null,
    sequence: opts.withAnswerCode ? ANSWER_CODE_SEQUENCE : null,
    categories: queries.map((q) => q.categoryId),
    items: queries.map((q) => q.itemId),
    days: queries.map((q) => q.day),
    slots: queries.map((q) => q.slot),
  });
  const row = rows[0];
  if (!row) return null;
  return {
    counter: row.value === null ? null : { value: Number(row.value), configStamp: row.config_stamp, answerCode: row.answer_code },
    // One row per query, in order (one row with no target when there is none).
    targets: queries.length === 0 ? [] : rows.map((t) => (t.found ? toCategoryTarget(t) : null)),
  };
};
