/**
 * Which staff account an OIDC identity signs in as: the one bound to its issuer and subject, or
 * on a first sign-in the one of its address when the issuer says the address is verified (and
 * that account is bound to no other subject); the caller binds it in the sign-in's transaction.
 * A disabled account is refused; its password and TOTP play no part (the IdP did the factors).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { findStaffByEmail, findStaffBySubject, type StaffRecord } from '../store/staff';
import { normaliseEmail } from './accounts';
import type { OidcIdentity } from './oidc';

export type OidcAccount =
  | { kind: 'ok'; staff: StaffRecord; bind: boolean }
  | { kind: 'disabled'; staff: StaffRecord }
  /** why: for the audit row: no account of this address, the address unverified, or its account bound to another subject. */
  | { kind: 'no_account'; why: 'no_staff' | 'email_unverified' | 'bound_elsewhere'; staffId: string | null };

export const oidcAccountOf = async (db: Kysely<Database>, who: OidcIdentity): Promise<OidcAccount> => {
  const bound = await findStaffBySubject(db, who.issuer, who.subject);
  if (bound) return bound.disabledAt !== null ? { kind: 'disabled', staff: bound } : { kind: 'ok', staff: bound, bind: false };
  if (who.email === null) return { kind: 'no_account', why: 'no_staff', staffId: null };
  const byEmail = await findStaffByEmail(db, normaliseEmail(who.email));
  if (!byEmail) return { kind: 'no_account', why: 'no_staff', staffId: null };
  if (!who.emailVerified) return { kind: 'no_account', why: 'email_unverified', staffId: byEmail.id };
  if (byEmail.oidcSubject !== null) return { kind: 'no_account', why: 'bound_elsewhere', staffId: byEmail.id };
  if (byEmail.disabledAt !== null) return { kind: 'disabled', staff: byEmail };
  return { kind: 'ok', staff: byEmail, bind: true };
};
