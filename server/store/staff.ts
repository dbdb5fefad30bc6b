/**
 * Data access for staff accounts, set-up tokens and sessions (migration 0019; passkeys are in
 * passkeys.ts). Secrets arrive here already hashed (server/staff/): nothing in this file sees a
 * password, token or code. Every write that two requests could race (a TOTP step, a recovery
 * code, a failure count, a token) is one conditional statement that only one of them can win.
 */
import type { Kysely, SqlBool, Transaction } from 'kysely';
import { STAFF_ROLES, type StaffRole } from '@core/rules/staff';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface StaffRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  teams: string[];
  passwordHash: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
  /** Whether at least one passkey (migration 0024) is registered to the account. */
  hasPasskey: boolean;
  recoveryCodeHashes: string[];
  /** The stored JSON as read, for the conditional write that uses one of the codes. */
  recoveryCodesJson: string;
  disabledAt: string | null;
  failedCount: number;
  lockedUntil: string | null;
  createdAt: string;
  updatedAt: string;
  /** The OIDC subject this account is bound to (migration 0022), with its issuer; null: not yet. */
  oidcIssuer: string | null;
  oidcSubject: string | null;
}

/** A stored JSON list, read defensively: anything that is not a list of strings is empty. */
const stringList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** An unknown stored role gets the least: guest. */
const roleOf = (s: string): StaffRole => (STAFF_ROLES as readonly string[]).includes(s) ? (s as StaffRole) : 'guest';

/** The account's row with whether it has a passkey, in the same statement. */
const staffRows = (db: Db) =>
  db
    .selectFrom('staff')
    .selectAll('staff')
    .select((eb) =>
      eb.exists(eb.selectFrom('staff_passkeys').select('staff_passkeys.credential_id').whereRef('staff_passkeys.staff_id', '=', 'staff.id')).as('has_passkey'),
    );

// SQLite answers EXISTS as 1 or 0, PostgreSQL as a boolean.
const toRecord = (r: Database['staff'] & { has_passkey: SqlBool }): StaffRecord => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: roleOf(r.role),
  teams: stringList(r.teams),
  passwordHash: r.password_hash,
  totpSecret: r.totp_secret,
  totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
  hasPasskey: r.has_passkey === true || Number(r.has_passkey) === 1,
  recoveryCodeHashes: stringList(r.recovery_code_hashes),
  recoveryCodesJson: r.recovery_code_hashes,
  disabledAt: r.disabled_at,
  failedCount: Number(r.failed_count),
  lockedUntil: r.locked_until,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  oidcIssuer: r.oidc_issuer,
  oidcSubject: r.oidc_subject,
});

export const findStaffByEmail = async (db: Db, email: string): Promise<StaffRecord | null> => {
  const row = await staffRows(db).where('staff.email', '=', email).executeTakeFirst();
  return row ? toRecord(row) : null;
};

export const findStaffById = async (db: Db, id: string): Promise<StaffRecord | null> => {
  const row = await staffRows(db).where('staff.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
};

/** The account bound to this OIDC issuer's subject. */
export const findStaffBySubject = async (db: Db, issuer: string, subject: string): Promise<StaffRecord | null> => {
  const row = await staffRows(db).where('staff.oidc_issuer', '=', issuer).where('staff.oidc_subject', '=', subject).executeTakeFirst();
  return row ? toRecord(row) : null;
};

/** Binds the account to the subject if it is bound to none yet; false: it is (another request won). */
export const bindStaffSubject = async (db: Db, a: { id: string; issuer: string; subject: string; now: string }): Promise<boolean> => {
  const r = await db
    .updateTable('staff')
    .set({ oidc_issuer: a.issuer, oidc_subject: a.subject, updated_at: a.now })
    .where('id', '=', a.id)
    .where('oidc_subject', 'is', null)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** Every account, oldest first (sorted here: the engines' collations differ). */
export const listStaffRecords = async (db: Db): Promise<StaffRecord[]> => {
  const rows = await staffRows(db).execute();
  const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  rows.sort((a, b) => byCodeUnits(a.created_at, b.created_at) || byCodeUnits(a.email, b.email));
  return rows.map(toRecord);
};

/** A new account with no credentials yet; false when the address has one already. */
export const insertStaff = async (
  db: Db,
  a: { id: string; email: string; name: string; role: StaffRole; teams: readonly string[]; now: string },
): Promise<boolean> => {
  const rows = await db
    .insertInto('staff')
    .values({
      id: a.id,
      email: a.email,
      name: a.name,
      role: a.role,
      teams: JSON.stringify(a.teams),
      password_hash: null,
      totp_secret: null,
      totp_last_step: null,
      recovery_code_hashes: '[]',
      disabled_at: null,
      failed_count: 0,
      locked_until: null,
      created_at: a.now,
      updated_at: a.now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id'])
    .execute();
  return rows.length === 1;
};

/**
 * Disables the account: its sessions rows go (so every session ends on its next request) and so
 * do its unused set-up links. An account disabled already keeps its first time. null: no account.
 */
export const disableStaffByEmail = async (db: Db, email: string, now: string): Promise<{ id: string; disabledAt: string; already: boolean } | null> => {
  const before = await db.selectFrom('staff').select(['id', 'disabled_at']).where('email', '=', email).executeTakeFirst();
  if (!before) return null;
  if (before.disabled_at === null) {
    await db.updateTable('staff').set({ disabled_at: now, updated_at: now }).where('id', '=', before.id).where('disabled_at', 'is', null).execute();
  }
  await db.deleteFrom('staff_sessions').where('staff_id', '=', before.id).execute();
  await db.deleteFrom('staff_setup_tokens').where('staff_id', '=', before.id).where('used_at', 'is', null).execute();
  return before.disabled_at === null ? { id: before.id, disabledAt: now, already: false } : { id: before.id, disabledAt: before.disabled_at, already: true };
};

/** Writes a failure's count and lock if the count is still the one read; false: another request moved it first. */
export const setFailures = async (
  db: Db,
  a: { id: string; failedBefore: number; failedCount: number; lockedUntil: string | null; now: string },
): Promise<boolean> => {
  const r = await db
    .updateTable('staff')
    .set({ failed_count: a.failedCount, locked_until: a.lockedUntil, updated_at: a.now })
    .where('id', '=', a.id)
    .where('failed_count', '=', a.failedBefore)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

export const clearFailures = async (db: Db, id: string, now: string): Promise<void> => {
  await db.updateTable('staff').set({ failed_count: 0, locked_until: null, updated_at: now }).where('id', '=', id).execute();
};

/** Records this TOTP step as used, if it comes after the last one used; false: it was used already. */
export const claimTotpStep = async (db: Db, id: string, step: number, now: string): Promise<boolean> => {
  const r = await db
    .updateTable('staff')
    .set({ totp_last_step: step, updated_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** Replaces the unused recovery codes' list if it is still the one read; false: a code was used meanwhile. */
export const replaceRecoveryCodes = async (db: Db, a: { id: string; before: string; after: readonly string[]; now: string }): Promise<boolean> => {
  const r = await db
    .updateTable('staff')
    .set({ recovery_code_hashes: JSON.stringify(a.after), updated_at: a.now })
    .where('id', '=', a.id)
    .where('recovery_code_hashes', '=', a.before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/**
 * Sets the password and the second factor chosen through a set-up link (a TOTP secret, or none
 * when a passkey is added next in the same transaction); the lock and failures start afresh, and
 * the former passkeys and the sessions opened with the former credentials end.
 */
export const setCredentials = async (
  db: Db,
  a: { id: string; passwordHash: string; totpSecret: string | null; totpStep: number | null; recoveryCodeHashes: readonly string[]; now: string },
): Promise<void> => {
  await db
    .updateTable('staff')
    .set({
      password_hash: a.passwordHash,
      totp_secret: a.totpSecret,
      totp_last_step: a.totpStep,
      recovery_code_hashes: JSON.stringify(a.recoveryCodeHashes),
      failed_count: 0,
      locked_until: null,
      updated_at: a.now,
    })
    .where('id', '=', a.id)
    .execute();
  await db.deleteFrom('staff_sessions').where('staff_id', '=', a.id).execute();
  await db.deleteFrom('staff_passkeys').where('staff_id', '=', a.id).execute();
};

/** A new set-up token; the account's earlier unused ones stop working. */
export const insertSetupToken = async (db: Db, a: { tokenHash: string; staffId: string; now: string; expiresAt: string }): Promise<void> => {
  await db.deleteFrom('staff_setup_tokens').where('staff_id', '=', a.staffId).where('used_at', 'is', null).execute();
  await db
    .insertInto('staff_setup_tokens')
    .values({ token_hash: a.tokenHash, staff_id: a.staffId, created_at: a.now, expires_at: a.expiresAt, used_at: null })
    .execute();
};

/** The account of an unused, unexpired set-up token, without using it. */
export const findSetupToken = async (db: Db, tokenHash: string, now: string): Promise<string | null> => {
  const row = await db
    .selectFrom('staff_setup_tokens')
    .select(['staff_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.staff_id ?? null;
};

/** Uses the token, once: one conditional update, so two requests cannot both use it. */
export const useSetupToken = async (db: Db, tokenHash: string, now: string): Promise<string | null> => {
  const row = await db
    .updateTable('staff_setup_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['staff_id'])
    .executeTakeFirst();
  return row?.staff_id ?? null;
};

/** A new role and teams for the account; false: no account has this id. */
export const setStaffAccess = async (db: Db, a: { id: string; role: StaffRole; teams: readonly string[]; now: string }): Promise<boolean> => {
  const r = await db.updateTable('staff').set({ role: a.role, teams: JSON.stringify(a.teams), updated_at: a.now }).where('id', '=', a.id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** How many admins are not disabled, but this account. */
export const otherActiveAdmins = async (db: Db, exceptId: string): Promise<number> => {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
