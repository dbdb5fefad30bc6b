/**
 * A local sign-in with a passkey as the second factor, in two calls. The first checks the
 * password exactly as the code sign-in does (accounts.ts passwordStep: failures counted, lockout)
 * and hands out a challenge bound to that account; the second checks the passkey's signature over
 * it. The challenge is what ties the two: it exists only after the right password, for 5 minutes,
 * once. A signature that does not hold counts a failure like a wrong code.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { PasskeyAssertion } from '@core/contract/staff';
import type { Store } from '../store/open';
import { listPasskeys } from '../store/passkeys';
import { clearFailures, findStaffByEmail } from '../store/staff';
import { countFailure, lockedUntilOf, normaliseEmail, passwordStep, type SignInRefused, type SignInResult } from './accounts';
import { authenticationOptions, verifyAssertion, type RelyingParty } from './passkeys';

/** The first call: options for this account's passkeys, or why not (no_passkey: the account has none). */
export const passkeySignInOptions = async (
  store: Store,
  rp: RelyingParty,
  email: string,
  password: string,
  now: Date,
): Promise<{ kind: 'options'; options: PublicKeyCredentialRequestOptionsJSON } | SignInRefused | { kind: 'no_passkey' }> => {
  const first = await passwordStep(store, email, password, now);
  if ('result' in first) return first.result;
  const passkeys = await listPasskeys(store.db, first.staff.id);
  if (passkeys.length === 0) return { kind: 'no_passkey' };
  return { kind: 'options', options: await authenticationOptions(store, rp, first.staff.id, passkeys, now) };
};

/** The second call: the signature; ok opens the session (the route, with its audit row). */
export const verifyPasskeySignIn = async (store: Store, rp: RelyingParty, email: string, response: PasskeyAssertion, now: Date): Promise<SignInResult> => {
  const staff = await findStaffByEmail(store.db, normaliseEmail(email));
  if (!staff) return { kind: 'bad_credentials' };
  const until = lockedUntilOf(staff, now);
  if (until !== null) return { kind: 'locked', until };
  if (!(await verifyAssertion(store, rp, staff.id, response, now))) return countFailure(store, staff, now);
  // Disabled between the two calls: said only now, to the one who holds password and passkey.
  if (staff.disabledAt !== null) return { kind: 'disabled' };
  if (staff.failedCount > 0 || staff.lockedUntil !== null) await store.write((trx) => clearFailures(trx, staff.id, now.toISOString()));
  return { kind: 'ok', staff, via: 'passkey' };
};
