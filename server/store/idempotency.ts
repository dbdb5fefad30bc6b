/**
 * Data access for idempotency keys (table idempotency_keys, migration 0002). Each function is one
 * statement, atomic on both engines, so a claim needs no transaction of its own; completing a key
 * takes the effect's transaction, so the answer is stored exactly when the effect is.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { compiled } from './compiled';

type Db = Kysely<Database> | Transaction<Database>;

export interface KeyRef {
  userId: string;
  key: string;
}

/** A held claim: only the holder of this token may complete or release the key. */
export interface Lease extends KeyRef {
  token: string;
}

export type ClaimOutcome =
  | { kind: 'claimed'; lease: Lease; tookOver: boolean }
  | { kind: 'replay'; status: number; answerJson: string }
  | { kind: 'locked' }
  | { kind: 'mismatch' };

export interface ClaimOptions {
  requestHash: string;
  now: Date;
  leaseMs: number;
  retainMs: number;
  newToken: () => string;
}

/** A new key, as a lease; no row when the key is known (every write with a key makes this one). */
const insertClaim = compiled(
  (db: Db, a: { userId: string; key: string; requestHash: string; token: string; leaseUntil: string; createdAt: string; expiresAt: string }) =>
    db
      .insertInto('idempotency_keys')
      .values({
        user_id: a.userId,
        idem_key: a.key,
        request_hash: a.requestHash,
        state: 'running',
        lease_token: a.token,
        lease_expires_at: a.leaseUntil,
        status_code: null,
        answer_json: null,
        created_at: a.createdAt,
        expires_at: a.expiresAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
      .returning('idem_key'),
);

/**
 * Claims a key for a request: a new key is inserted as a lease; a known one answers its stored
 * answer (same request), a mismatch (another request under the same key), a lock (its lease still
 * runs), or is taken over when its lease has expired (a crash, or a request that outlived it).
 * Races between claimers end in the conditional statements: one insert wins the primary key, one
 * takeover wins the token it replaces; a loser looks again.
 */
export const claimKey = async (db: Db, ref: KeyRef, opts: ClaimOptions): Promise<ClaimOutcome> => {
  const nowIso = opts.now.toISOString();
  const leaseUntil = new Date(opts.now.getTime() + opts.leaseMs).toISOString();
  for (let attempt = 0; attempt < 5; attempt++) {
    const token = opts.newToken();
    const [inserted] = await insertClaim.run(db, {
      userId: ref.userId,
      key: ref.key,
      requestHash: opts.requestHash,
      token,
      leaseUntil,
      createdAt: nowIso,
      expiresAt: new Date(opts.now.getTime() + opts.retainMs).toISOString(),
    });
    if (inserted) return { kind: 'claimed', lease: { ...ref, token }, tookOver: false };

    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', ref.userId)
      .where('idem_key', '=', ref.key)
      .executeTakeFirst();
    if (!row) continue; // purged between the two statements: try the insert again
    if (row.request_hash !== opts.requestHash) return { kind: 'mismatch' };
    if (row.state === 'done') return { kind: 'replay', status: Number(row.status_code), answerJson: row.answer_json ?? 'null' };
    if (row.lease_expires_at > nowIso) return { kind: 'locked' };

    const taken = await db
      .updateTable('idempotency_keys')
      .set({ lease_token: token, lease_expires_at: leaseUntil })
      .where('user_id', '=', ref.userId)
      .where('idem_key', '=', ref.key)
      .where('state', '=', 'running')
      .where('lease_token', '=', row.lease_token)
      .returning('idem_key')
      .executeTakeFirst();
    if (taken) return { kind: 'claimed', lease: { ...ref, token }, tookOver: true };
  }
  // Five lost races in a row: someone else is clearly working on it.
  return { kind: 'locked' };
};

/**
 * The statement that stores the answer if this lease still holds the key, returning a row only
 * then. Run last in the effect's transaction (Store.write's `last`): when it returns no row another
 * claimer took the expired lease over, and the effect must roll back, since the other claimer's
 * effect is the one that will count.
 */
const completion = compiled((db: Db, a: Lease & { status: number; json: string; expiresAt: string }) =>
  db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status_code: a.status, answer_json: a.json, expires_at: a.expiresAt })
    .where('user_id', '=', a.userId)
    .where('idem_key', '=', a.key)
    .where('state', '=', 'running')
    .where('lease_token', '=', a.token)
    .returning('idem_key'),
);

const completionOf = (lease: Lease, answer: { status: number; json: string }, now: Date, retainMs: number) => ({
  userId: lease.userId,
  key: lease.key,
  token: lease.token,
  status: answer.status,
  json: answer.json,
  expiresAt: new Date(now.getTime() + retainMs).toISOString(),
});

export const completeKeyStatement = (db: Db, lease: Lease, answer: { status: number; json: string }, now: Date, retainMs: number) =>
  completion.with(db, completionOf(lease, answer, now, retainMs));

/** Stores the answer on its own (a refusal, which has no effect to join). false: the lease was lost. */
export const completeKey = async (
  db: Db,
  lease: Lease,
  answer: { status: number; json: string },
  now: Date,
  retainMs: number,
): Promise<boolean> => (await completion.run(db, completionOf(lease, answer, now, retainMs))).length > 0;

/** Gives a held key back (the request failed without an answer worth keeping): a retry runs anew. */
export const releaseKey = async (db: Db, lease: Lease): Promise<void> => {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', lease.userId)
    .where('idem_key', '=', lease.key)
    .where('state', '=', 'running')
    .where('lease_token', '=', lease.token)
    .execute();
};

/** Deletes keys past their retention; answers how many. */
export const purgeExpiredKeys = async (db: Db, now: Date): Promise<number> => {
  const r = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
};
