/**
 * Data access for idempotency keys (table idempotency_keys, migrations 0002 and 0005). A key's row
 * is its request's answer, written once: by the last statement of the transaction that makes the
 * request's effect (Store.write's `last`), or alone for an answer with no effect (a refusal). The
 * primary key (user, key) decides a race between two requests under one key: one insert wins, the
 * other inserts nothing, and its effect rolls back with it. Each function is one statement.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { compiled } from './compiled';

type Db = Kysely<Database> | Transaction<Database>;

export interface KeyRef {
  userId: string;
  key: string;
}

export interface StoredAnswer {
  status: number;
  json: string;
}

/** What a key holds: the request it answered (its fingerprint) and the answer. */
export interface KeyAnswer extends StoredAnswer {
  requestHash: string;
}

/** The answer under a new key; no row when the key is known already (then nothing is written). */
const insertAnswer = compiled(
  (db: Db, a: { userId: string; key: string; requestHash: string; status: number; json: string; createdAt: string; expiresAt: string }) =>
    db
      .insertInto('idempotency_keys')
      .values({
        user_id: a.userId,
        idem_key: a.key,
        request_hash: a.requestHash,
        status_code: a.status,
        answer_json: a.json,
        created_at: a.createdAt,
        expires_at: a.expiresAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
      .returning('idem_key'),
);

const insertArgs = (ref: KeyRef, requestHash: string, answer: StoredAnswer, now: Date, retainMs: number) => ({
  userId: ref.userId,
  key: ref.key,
  requestHash,
  status: answer.status,
  json: answer.json,
  createdAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + retainMs).toISOString(),
});

/**
 * The statement that stores the answer under the key if the key is new, returning a row only then;
 * for Store.write's `last`, where no row rolls the effect back (LastStatementMissedError).
 */
export const answerStatement = (db: Db, ref: KeyRef, requestHash: string, answer: StoredAnswer, now: Date, retainMs: number) =>
  insertAnswer.with(db, insertArgs(ref, requestHash, answer, now, retainMs));

/** Stores an answer that has no effect to join (a refusal). false: the key is known already. */
export const storeAnswer = async (db: Db, ref: KeyRef, requestHash: string, answer: StoredAnswer, now: Date, retainMs: number): Promise<boolean> =>
  (await insertAnswer.run(db, insertArgs(ref, requestHash, answer, now, retainMs))).length > 0;

/** What the key holds, if anything. */
export const findAnswer = async (db: Db, ref: KeyRef): Promise<KeyAnswer | undefined> => {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'answer_json'])
    .where('user_id', '=', ref.userId)
    .where('idem_key', '=', ref.key)
    .executeTakeFirst();
  return row && { requestHash: row.request_hash, status: Number(row.status_code), json: row.answer_json ?? 'null' };
};

/** Deletes keys past their retention; answers how many. */
export const purgeExpiredKeys = async (db: Db, now: Date): Promise<number> => {
  const r = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
};
