/**
 * Local staff accounts: adding, listing and disabling them (the command line now, the console
 * later), completing the set-up link, and the sign-in check. The check answers one of five
 * outcomes and counts failures; the password is verified before "disabled" is said, so only
 * someone who knows it learns that, and a locked account is refused before any check, so a lock
 * stops guessing. Hashing runs outside transactions: a write lock is never held for argon2's time.
 */
import type { PasskeyRegistration } from '@core/contract/staff';
import type { RefusalCode } from '@core/refusals';
import { afterFailure, isLocked, passwordRefusal, type PasswordRefusal, type StaffRole } from '@core/rules/staff';
import type { Transaction } from 'kysely';
import type { Store } from '../store/open';
import type { Database } from '../store/schema';
import { insertPasskey } from '../store/passkeys';
import {
  claimTotpStep,
  clearFailures,
  disableStaffByEmail,
  findStaffByEmail,
  findStaffById,
  insertStaff,
  replaceRecoveryCodes,
  setCredentials,
  setFailures,
  type StaffRecord,
} from '../store/staff';
import { verifyRegistration, type NewPasskey, type RelyingParty } from './passkeys';
import { hashPassword, verifyNothing, verifyPassword } from './passwords';
import { newRecoveryCodes, recoveryCodeIndex } from './recovery';
import { randomId } from './secrets';
import { issueSetupToken, redeemSetupToken, setupTokenAccount } from './setup';
import { asTotpCode, isTotpSecret, matchTotpStep } from './totp';

/** What a caller adds to an account change's transaction: its audit row. */
type InTransaction = (trx: Transaction<Database>, staffId: string) => Promise<unknown>;

/** How an address is compared and stored: width, case and surrounding spaces do not matter. */
export const normaliseEmail = (email: string): string => email.normalize('NFKC').trim().toLowerCase();

export type StaffState = 'active' | 'pending' | 'locked' | 'disabled';

/** Whether the set-up is done: a password and a second factor, a TOTP secret or at least one passkey. */
const hasCredentials = (s: StaffRecord): s is StaffRecord & { passwordHash: string } => s.passwordHash !== null && (s.totpSecret !== null || s.hasPasskey);

/** disabled, locked (now), pending (set-up link not yet followed) or active. */
export const staffState = (s: StaffRecord, now: Date): StaffState => {
  if (s.disabledAt !== null) return 'disabled';
  if (isLocked(s.lockedUntil === null ? null : Date.parse(s.lockedUntil), now.getTime())) return 'locked';
  // An account that signs in through the municipality's IdP needs no local credentials.
  if (s.oidcSubject !== null) return 'active';
  return hasCredentials(s) ? 'active' : 'pending';
};

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  teams: readonly string[];
}

/** Creates the account and its first set-up token in `trx`; exists: the address has an account. */
export const addStaffIn = async (trx: Transaction<Database>, a: NewStaff, now: Date): Promise<{ ok: true; id: string; token: string; expiresAt: string } | { ok: false; reason: 'exists' }> => {
  const id = randomId();
  const inserted = await insertStaff(trx, { id, email: normaliseEmail(a.email), name: a.name.trim(), role: a.role, teams: a.teams, now: now.toISOString() });
  if (!inserted) return { ok: false, reason: 'exists' } as const;
  const { token, expiresAt } = await issueSetupToken(trx, id, now);
  return { ok: true, id, token, expiresAt } as const;
};

/** addStaffIn in a transaction of its own (the command line's), with the caller's audit row. */
export const addStaff = async (
  store: Store,
  a: NewStaff,
  now: Date,
  /** Runs in the same transaction once the account is made (its audit row). */
  alsoInTransaction?: InTransaction,
): Promise<{ ok: true; id: string; token: string; expiresAt: string } | { ok: false; reason: 'exists' }> =>
  store.write(async (trx) => {
    const done = await addStaffIn(trx, a, now);
    if (done.ok) await alsoInTransaction?.(trx, done.id);
    return done;
  });

/** Disables the account of this address and ends its sessions; null: no account has it. */
export const disableStaff = (store: Store, email: string, now: Date, alsoInTransaction?: InTransaction) =>
  store.write(async (trx) => {
    const done = await disableStaffByEmail(trx, normaliseEmail(email), now.toISOString());
    if (done && !done.already) await alsoInTransaction?.(trx, done.id);
    return done;
  });

/** The second factor a set-up link enrols: an authenticator app's secret and its first code, or a new passkey. */
type SetupFactor = { totpSecret: string; code: string } | { passkey: { response: PasskeyRegistration; name: string; rp: RelyingParty } };

type SetupRefusal = PasswordRefusal | Extract<RefusalCode, 'staff_setup_link_invalid' | 'staff_totp_code_invalid' | 'staff_passkey_invalid'>;

/** Thrown inside the completing transaction to roll it back: the passkey's credential id is another account's. */
class PasskeyTaken extends Error {}

/**
 * Completes a set-up link: checks the password against the policy and the second factor (the
 * first TOTP code against the new secret, or the new passkey against the link's registration
 * challenge), then uses the token and stores the credentials in one transaction. A refused
 * password or code leaves the token unused, so the person can try again. The answer carries the
 * ten recovery codes, shown to the person this once.
 */
export const completeSetup = async (
  store: Store,
  a: { token: string; password: string } & SetupFactor,
  now: Date,
  /** Runs in the completing transaction (the audit row). */
  alsoInTransaction?: InTransaction,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; refusal: SetupRefusal }> => {
  const staffId = await setupTokenAccount(store.db, a.token, now);
  const staff = staffId === null ? null : await findStaffById(store.db, staffId);
  if (!staff || staff.disabledAt !== null) return { ok: false, refusal: 'staff_setup_link_invalid' };
  const refusal = passwordRefusal(a.password, staff);
  if (refusal) return { ok: false, refusal };
  let totp: { secret: string; step: number } | null = null;
  let passkey: { key: NewPasskey; name: string } | null = null;
  if ('passkey' in a) {
    const key = await verifyRegistration(store, a.passkey.rp, staff.id, a.passkey.response, now);
    if (key === null) return { ok: false, refusal: 'staff_passkey_invalid' };
    passkey = { key, name: a.passkey.name };
  } else {
    const code = asTotpCode(a.code);
    const step = code === null || !isTotpSecret(a.totpSecret) ? null : matchTotpStep(a.totpSecret, code, now.getTime());
    if (step === null) return { ok: false, refusal: 'staff_totp_code_invalid' };
    totp = { secret: a.totpSecret, step };
  }
  const passwordHash = await hashPassword(a.password);
  const recovery = newRecoveryCodes();
  const at = now.toISOString();
  try {
    const done = await store.write(async (trx) => {
      if ((await redeemSetupToken(trx, a.token, now)) !== staff.id) return false;
      await setCredentials(trx, { id: staff.id, passwordHash, totpSecret: totp?.secret ?? null, totpStep: totp?.step ?? null, recoveryCodeHashes: recovery.hashes, now: at });
      if (passkey && !(await insertPasskey(trx, { ...passkey.key, staffId: staff.id, name: passkey.name, now: at }))) throw new PasskeyTaken();
      await alsoInTransaction?.(trx, staff.id);
      return true;
    });
    return done ? { ok: true, recoveryCodes: recovery.codes } : { ok: false, refusal: 'staff_setup_link_invalid' };
  } catch (e) {
    if (e instanceof PasskeyTaken) return { ok: false, refusal: 'staff_passkey_invalid' };
    throw e;
  }
};

export type SignInResult =
  | { kind: 'ok'; staff: StaffRecord; via: 'totp' | 'recovery' | 'passkey' }
  | { kind: 'bad_credentials' }
  | { kind: 'locked'; until: string }
  | { kind: 'disabled' }
  | { kind: 'second_factor_required' };

/** Every outcome but success. */
export type SignInRefused = Exclude<SignInResult, { kind: 'ok' }>;

export const lockedUntilOf = (s: StaffRecord, now: Date): string | null =>
  s.lockedUntil !== null && isLocked(Date.parse(s.lockedUntil), now.getTime()) ? s.lockedUntil : null;

/** Counts one failure (compare-and-set on the count read, so two at once both count); answers locked when it locks. */
export const countFailure = async (store: Store, staff: StaffRecord, now: Date): Promise<SignInRefused> => {
  let before = staff.failedCount;
  for (let attempt = 0; attempt < 5; attempt++) {
    const next = afterFailure(before, now.getTime());
    const lockedUntil = next.lockedUntilMs === null ? null : new Date(next.lockedUntilMs).toISOString();
    const written = await store.write((trx) =>
      setFailures(trx, { id: staff.id, failedBefore: before, failedCount: next.failedCount, lockedUntil, now: now.toISOString() }),
    );
    if (written) return lockedUntil === null ? { kind: 'bad_credentials' } : { kind: 'locked', until: lockedUntil };
    const fresh = await findStaffById(store.db, staff.id);
    if (!fresh) break;
    const until = lockedUntilOf(fresh, now);
    if (until !== null) return { kind: 'locked', until };
    before = fresh.failedCount;
  }
  return { kind: 'bad_credentials' };
};

/** The second factor: a TOTP code of a step not used before, or an unused recovery code (used up by this). */
const secondFactor = async (store: Store, staff: StaffRecord, typed: string, now: Date): Promise<'totp' | 'recovery' | null> => {
  const code = asTotpCode(typed);
  if (code !== null) {
    const step = staff.totpSecret === null ? null : matchTotpStep(staff.totpSecret, code, now.getTime());
    if (step === null) return null;
    return (await store.write((trx) => claimTotpStep(trx, staff.id, step, now.toISOString()))) ? 'totp' : null;
  }
  const i = recoveryCodeIndex(typed, staff.recoveryCodeHashes);
  if (i < 0) return null;
  const after = staff.recoveryCodeHashes.filter((_, j) => j !== i);
  const used = await store.write((trx) => replaceRecoveryCodes(trx, { id: staff.id, before: staff.recoveryCodesJson, after, now: now.toISOString() }));
  return used ? 'recovery' : null;
};

/**
 * A local sign-in's first step, whatever the second factor: the account when its password is
 * right, else the outcome (a wrong password counts a failure; a lock is said before any check).
 */
export const passwordStep = async (store: Store, email: string, password: string, now: Date): Promise<{ staff: StaffRecord } | { result: SignInRefused }> => {
  const staff = await findStaffByEmail(store.db, normaliseEmail(email));
  if (!staff) return (await verifyNothing(password), { result: { kind: 'bad_credentials' } });
  const until = lockedUntilOf(staff, now);
  if (until !== null) return { result: { kind: 'locked', until } };
  const passwordOk = hasCredentials(staff) ? await verifyPassword(staff.passwordHash, password) : await verifyNothing(password);
  if (!passwordOk) return { result: await countFailure(store, staff, now) };
  if (staff.disabledAt !== null) return { result: { kind: 'disabled' } };
  return { staff };
};

/**
 * The local sign-in check. `code` is the second factor as typed (a TOTP code or a recovery code);
 * empty with the right password answers second_factor_required without counting a failure.
 */
export const verifyLocalSignIn = async (store: Store, email: string, password: string, code: string | undefined, now: Date = new Date()): Promise<SignInResult> => {
  const first = await passwordStep(store, email, password, now);
  if ('result' in first) return first.result;
  const { staff } = first;
  if (code === undefined || code.trim() === '') return { kind: 'second_factor_required' };
  const via = await secondFactor(store, staff, code, now);
  if (via === null) return countFailure(store, staff, now);
  if (staff.failedCount > 0 || staff.lockedUntil !== null) await store.write((trx) => clearFailures(trx, staff.id, now.toISOString()));
  return { kind: 'ok', staff, via };
};
