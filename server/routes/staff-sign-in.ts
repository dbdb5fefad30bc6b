/**
 * What every local sign-in route does at its end, whatever the second factor: a refusal leaves
 * its audit row (asking for the second factor is no failure and leaves none) and is raised by
 * code; a success opens the session and writes its audit row in one transaction, then sets the
 * cookie. Sign-in writes through the store itself rather than the handler's one commit: a refused
 * sign-in must still count its failure and leave its audit row.
 */
import type { Context } from 'hono';
import type { StaffMe } from '@core/contract/staff';
import { canDo } from '@core/rules/staff';
import { refuse, type RefusalCode } from '@core/refusals';
import type { AppConfig } from '../config';
import type { Store } from '../store/open';
import { findStaffByEmail, type StaffRecord } from '../store/staff';
import { deleteExpiredStaffSessions } from '../store/staff-sessions';
import { normaliseEmail } from '../staff/accounts';
import { openStaffSession, setStaffCookie, type StaffPrincipal } from '../staff/session';
import { clientAddressOf } from '../staff/guard';
import { recordAudit } from '../audit/record';

export const meOf = (s: Pick<StaffPrincipal, 'id' | 'email' | 'name' | 'role' | 'teams' | 'idleExpiresAt' | 'expiresAt'>): StaffMe => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role,
  teams: s.teams,
  can: {
    read: canDo(s.role, 'read'),
    handle: canDo(s.role, 'handle'),
    configure: canDo(s.role, 'configure'),
    manageStaff: canDo(s.role, 'manageStaff'),
    readAudit: canDo(s.role, 'readAudit'),
  },
  idleExpiresAt: s.idleExpiresAt,
  expiresAt: s.expiresAt,
});

export const fromOf = (c: Context, config: AppConfig) => ({ ip: clientAddressOf(c, config.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) });

/** Audits a refused sign-in (by the account's id when the address has one) and raises `code`. */
export const refuseSignIn = async (
  store: Store,
  c: Context,
  config: AppConfig,
  a: { email: string; reason: string; via?: 'passkey'; code: RefusalCode },
  now: Date,
): Promise<never> => {
  const email = normaliseEmail(a.email);
  const known = await findStaffByEmail(store.db, email);
  const detail = { method: 'local', reason: a.reason, ...(a.via ? { via: a.via } : {}) };
  await store.write((trx) =>
    recordAudit(trx, { actor: { kind: 'staff', id: known?.id ?? `email:${email}` }, action: 'staff.sign_in', outcome: 'refused', from: fromOf(c, config), detail }, now),
  );
  throw refuse(a.code);
};

/** Opens the session with its audit row in one transaction, sets the cookie, answers who signed in. */
export const openSignIn = async (store: Store, c: Context, config: AppConfig, staff: StaffRecord, via: string, now: Date): Promise<StaffMe> => {
  const opened = await store.write(async (trx) => {
    // Sessions past their time are swept here, where staff arrive, rather than by a timer per process.
    await deleteExpiredStaffSessions(trx, now.toISOString());
    const s = await openStaffSession(trx, staff.id, now, config.staff);
    await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'staff.sign_in', from: fromOf(c, config), detail: { method: 'local', via } }, now);
    return s;
  });
  setStaffCookie(c, opened.token, config.publicUrl);
  return meOf({ ...staff, ...opened });
};
