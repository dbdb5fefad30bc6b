/**
 * Staff sessions (migration 0019): one row per signed-in browser, shared by every server process.
 * The row's id is the SHA-256 of the cookie's token; the cookie itself is never stored.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface StaffSessionJoin {
  id: string;
  staffId: string;
  lastSeenAt: string;
  idleExpiresAt: string;
  expiresAt: string;
  email: string;
  name: string;
  role: string;
  teams: string;
  disabledAt: string | null;
}

export const insertStaffSession = async (db: Db, row: Database['staff_sessions']): Promise<void> => {
  await db.insertInto('staff_sessions').values(row).execute();
};

/** The session and its account, as one read. */
export const findStaffSession = async (db: Db, id: string): Promise<StaffSessionJoin | null> => {
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as a', 'a.id', 's.staff_id')
    .select([
      's.id as id',
      's.staff_id as staffId',
      's.last_seen_at as lastSeenAt',
      's.idle_expires_at as idleExpiresAt',
      's.expires_at as expiresAt',
      'a.email as email',
      'a.name as name',
      'a.role as role',
      'a.teams as teams',
      'a.disabled_at as disabledAt',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
};

/** Moves the idle expiry on, if the session has not expired meanwhile (another process may have ended it). */
export const touchStaffSession = async (db: Db, a: { id: string; now: string; idleExpiresAt: string }): Promise<void> => {
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: a.now, idle_expires_at: a.idleExpiresAt })
    .where('id', '=', a.id)
    .where('idle_expires_at', '>', a.now)
    .execute();
};

export const deleteStaffSession = async (db: Db, id: string): Promise<void> => {
  await db.deleteFrom('staff_sessions').where('id', '=', id).execute();
};

/** Sessions past either expiry; the sign-in route sweeps them now and then. */
export const deleteExpiredStaffSessions = async (db: Db, now: string): Promise<number> => {
  const r = await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('idle_expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
};
