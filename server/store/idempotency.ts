/**
 * Data access for idempotency keys (table idempotency_keys, migrations 0002 and 0005). A write
 * claims its key first thing in its transaction (claimKey) and stores its answer there before it
 * commits (settleKey): a key's committed row always holds its answer. An answer's write claims it
 * with its resident's counter in one call (opening.ts). The primary key (user, key)
 * decides a race between two requests under one key: the second claim waits for the first's
 * transaction, then finds the key taken (its answer committed) or free (rolled back). A refusal,
 * which has no effect to join, is stored alone (storeAnswer). Each function is one statement.
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

/** A key to claim: the row its write inserts first thing in its transaction, its answer still to come. */
export interface KeyClaim {
  ref: KeyRef;
  requestHash: string;
  createdAt: string;
  expiresAt: string;
}

export const keyClaimOf = (ref: KeyRef, requestHash: string, now: Date, retainMs: number): KeyClaim => ({
  ref,
  requestHash,
  createdAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + retainMs).toISOString(),
});

/** What a key holds: the request it answered (its fingerprint) and the answer. */
export interface KeyAnswer extends StoredAnswer {
  requestHash: string;
}

const keyRowOf = (claim: KeyClaim, answer: StoredAnswer | null) => ({
  user_id: claim.ref.userId,
  idem_key: claim.ref.key,
  request_hash: claim.requestHash,
  status_code: answer?.status ?? null,
  answer_json: answer?.json ?? null,
  created_at: claim.createdAt,
  expires_at: claim.expiresAt,
});

/** Inserts the key's row unless the key is taken; a row comes back only when it was inserted. */
const insertKey = compiled((db: Db, row: ReturnType<typeof keyRowOf>) =>
  db
    .insertInto('idempotency_keys')
    .values({
      user_id: row.user_id,
      idem_key: row.idem_key,
      request_hash: row.request_hash,
      status_code: row.status_code,
      answer_json: row.answer_json,
      created_at: row.created_at,
      expires_at: row.expires_at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
    .returning('idem_key'),
);

/**
 * Takes the key for the write running in `trx`, its answer still to come (settleKey). false: the
 * key is taken. A claim by a transaction still running makes this wait until that one ends.
 */
export const claimKey = async (trx: Transaction<Database>, claim: KeyClaim): Promise<boolean> =>
  (await insertKey.run(trx, keyRowOf(claim, null))).length > 0;

const updateAnswer = compiled((db: Db, a: { userId: string; key: string; status: number; json: string }) =>
  db
    .updateTable('idempotency_keys')
    .set({ status_code: a.status, answer_json: a.json })
    .where('user_id', '=', a.userId)
    .where('idem_key', '=', a.key),
);

/** Stores the answer under the key claimed in this transaction. */
export const settleKey = async (trx: Transaction<Database>, ref: KeyRef, answer: StoredAnswer): Promise<void> => {
  await updateAnswer.run(trx, { userId: ref.userId, key: ref.key, status: answer.status, json: answer.json });
};

/** Stores an answer that has no effect to join (a refusal). false: the key is known already. */
export const storeAnswer = async (db: Db, claim: KeyClaim, answer: StoredAnswer): Promise<boolean> =>
  (await insertKey.run(db, keyRowOf(claim, answer))).length > 0;

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
