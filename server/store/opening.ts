/**
 * The first statements of an answer's write, in lock order: its idempotency key claimed, then its
 * resident's (or answer's) counter (results.ts claimCounterWith). PostgreSQL runs them as one call
 * of open_answer (migration 0011), one round trip; SQLite, in process, as the two statements. A key
 * already taken claims no counter: the write stops there and its stored answer is replayed.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { compiled } from './compiled';
import { claimKey, type KeyClaim } from './idempotency';
import type { Engine } from './open';
import { ANSWER_CODE_SEQUENCE, claimCounterWith, type CounterClaim, type CounterClaimOptions } from './results';
import type { Database } from './schema';

export interface CounterToClaim extends CounterClaimOptions {
  scope: string;
  name: string;
}

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
    },
  ) =>
    sql<{ value: string; config_stamp: string | null; answer_code: string | null }>`select claimed as value, stamp as config_stamp, code as answer_code
      from open_answer(${a.userId}, ${a.key}, ${a.requestHash}, ${a.createdAt}, ${a.expiresAt}, ${a.scope}, ${a.name}, ${a.atLeast}::bigint, ${a.surveyId}, ${a.sequence})`.compile(
      db,
    ),
);

/** Claims the key (when there is one) and then the counter; null: the key was taken. */
export const openWrite = async (trx: Transaction<Database>, engine: Engine, key: KeyClaim | null, counter: CounterToClaim): Promise<CounterClaim | null> => {
  const { scope, name, ...opts } = counter;
  if (engine === 'sqlite') {
    if (key && !(await claimKey(trx, key))) return null;
    // No sequences: the caller draws the code from its counter row (results.ts nextAnswerCode).
    return claimCounterWith(trx, scope, name, { ...opts, withAnswerCode: false });
  }
  const [row] = await openAnswer.run(trx, {
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
  });
  if (!row) return null;
  return { value: Number(row.value), configStamp: row.config_stamp, answerCode: row.answer_code };
};
