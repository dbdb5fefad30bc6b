/**
 * Staff OIDC sign-ins under way (migration 0022): written by /oidc/start, taken by the callback.
 * A flow is taken by one conditional delete, so a replayed callback (or two at once) finds nothing.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;
export type StaffOidcFlow = Database['staff_oidc_flows'];

export const insertOidcFlow = async (db: Db, row: StaffOidcFlow): Promise<void> => {
  await db.insertInto('staff_oidc_flows').values(row).execute();
};

/**
 * Deletes and answers the unexpired flow of this state started by this browser; null when there
 * is none. A callback from another browser leaves the flow for its own browser to finish.
 */
export const takeOidcFlow = async (db: Db, a: { stateHash: string; browserHash: string; now: string }): Promise<StaffOidcFlow | null> => {
  const row = await db
    .deleteFrom('staff_oidc_flows')
    .where('state_hash', '=', a.stateHash)
    .where('browser_hash', '=', a.browserHash)
    .where('expires_at', '>', a.now)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
};

/** Sweeps flows past their time (started and never finished). */
export const deleteExpiredOidcFlows = async (db: Db, now: string): Promise<void> => {
  await db.deleteFrom('staff_oidc_flows').where('expires_at', '<=', now).execute();
};
