/**
 * Data access for the job queue (table jobs, migration 0039; server/jobs/). A job is claimed by
 * one conditional update that sets its lease: on PostgreSQL the candidates are picked FOR UPDATE
 * SKIP LOCKED, so two processes claiming at once take different jobs; on SQLite the write lock
 * (BEGIN IMMEDIATE) does the same. Every later step is conditional on the claim (lease_owner), so
 * a process whose lease passed and was taken over can no longer settle the job.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, JobTable } from './schema';
import type { Engine } from './open';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewJob {
  id: string;
  name: string;
  uniqueKey: string | null;
  payloadJson: string;
  runAt: string;
  maxAttempts: number;
  now: string;
}

/** Inserts the job unless its unique key is taken; true when it was inserted. */
export const insertJob = async (db: Db, j: NewJob): Promise<boolean> => {
  const r = await db
    .insertInto('jobs')
    .values({
      id: j.id,
      name: j.name,
      unique_key: j.uniqueKey,
      payload_json: j.payloadJson,
      state: 'queued',
      run_at: j.runAt,
      attempts: 0,
      max_attempts: j.maxAttempts,
      created_at: j.now,
      updated_at: j.now,
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
};

export type ClaimedJob = Pick<JobTable, 'id' | 'name' | 'payload_json' | 'attempts' | 'max_attempts' | 'last_error'>;

export interface Claim {
  names: readonly string[];
  owner: string;
  now: string;
  leaseUntil: string;
  limit: number;
}

/** Takes up to `limit` due jobs of these names: queued and due, or running with their lease passed. */
export const claimJobs = async (db: Db, engine: Engine, c: Claim): Promise<ClaimedJob[]> => {
  if (c.names.length === 0 || c.limit <= 0) return [];
  const due = db
    .selectFrom('jobs')
    .select('id')
    .where('name', 'in', c.names)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', c.now)]),
        eb.and([eb('state', '=', 'running'), eb('lease_until', '<=', c.now)]),
      ]),
    )
    .orderBy('run_at')
    .limit(c.limit);
  // Most polls find nothing: a plain read then, not a write (SQLite's lock, PostgreSQL's WAL).
  if (!(await due.executeTakeFirst())) return [];
  return db
    .updateTable('jobs')
    .set({ state: 'running', lease_owner: c.owner, lease_until: c.leaseUntil, attempts: sql<number>`attempts + 1`, updated_at: c.now })
    .where('id', 'in', due.$if(engine === 'postgres', (q) => q.forUpdate().skipLocked()))
    .returning(['id', 'name', 'payload_json', 'attempts', 'max_attempts', 'last_error'])
    .execute();
};

interface Held {
  id: string;
  owner: string;
  now: string;
}

const held = (db: Db, h: Held) =>
  db.updateTable('jobs').where('id', '=', h.id).where('lease_owner', '=', h.owner).where('state', '=', 'running');

/** Extends a lease still held; false when it was taken over. */
export const extendLease = async (db: Db, h: Held, leaseUntil: string): Promise<boolean> =>
  Number((await held(db, h).set({ lease_until: leaseUntil, updated_at: h.now }).executeTakeFirst()).numUpdatedRows) > 0;

/** Done, or failed for good (`error` given): the lease goes. */
export const settleJob = async (db: Db, h: Held, error: string | null): Promise<void> => {
  await held(db, h)
    .set({ state: error === null ? 'done' : 'failed', last_error: error, lease_owner: null, lease_until: null, updated_at: h.now })
    .execute();
};

/** Back in the queue for another attempt at `runAt`. */
export const retryJob = async (db: Db, h: Held, runAt: string, error: string): Promise<void> => {
  await held(db, h).set({ state: 'queued', run_at: runAt, last_error: error, lease_owner: null, lease_until: null, updated_at: h.now }).execute();
};

/**
 * Back in the queue at `runAt` without spending the attempt it ran (RetryLater): `note` says how
 * many deferrals in a row it has had (no column of its own: the table's migration is not this one's).
 */
export const deferJob = async (db: Db, h: Held, runAt: string, note: string): Promise<void> => {
  await held(db, h)
    .set({ state: 'queued', run_at: runAt, attempts: sql<number>`attempts - 1`, last_error: note, lease_owner: null, lease_until: null, updated_at: h.now })
    .execute();
};

/** Settled jobs last touched before `before` go (their unique keys with them). */
export const pruneJobs = async (db: Db, before: string): Promise<number> => {
  const r = await db.deleteFrom('jobs').where('state', 'in', ['done', 'failed']).where('updated_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
};
