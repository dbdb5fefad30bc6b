/**
 * Data access for the write rate limiter's windows (table rate_windows, migration 0039;
 * server/rate-limit.ts). A request is counted by one upsert that answers the window's new count,
 * atomic on both engines, so every server process on the database counts against the same limit.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface WindowHit {
  key: string;
  windowStart: string;
  expiresAt: string;
}

/** Counts one request in its window; the window's count with it. */
export const hitWindow = async (db: Kysely<Database>, h: WindowHit): Promise<number> => {
  const row = await db
    .insertInto('rate_windows')
    .values({ rate_key: h.key, window_start: h.windowStart, hits: 1, expires_at: h.expiresAt })
    .onConflict((oc) => oc.columns(['rate_key', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_windows.hits', '+', 1) })))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
};

/** Windows over before `now` go (a recurring job, server/jobs/server-jobs.ts). */
export const sweepRateWindows = async (db: Kysely<Database>, now: string): Promise<number> =>
  Number((await db.deleteFrom('rate_windows').where('expires_at', '<=', now).executeTakeFirst()).numDeletedRows);
