/**
 * Staff sessions: opened at sign-in (local or OIDC), read on every staff call, ended by sign-out,
 * by the idle and absolute timeouts, and by disabling the account (its rows are deleted, and a
 * disabled account's session is refused even if one were left). All state is in the database, so
 * every server process sees the same sessions.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Transaction } from 'kysely';
import { STAFF_PREFIX } from '@core/contract/define';
import { STAFF_ROLES, type StaffRole } from '@core/rules/staff';
import type { StaffConfig } from '../config';
import type { Database } from '../store/schema';
import type { Store } from '../store/open';
import { deleteStaffSession, findStaffSession, insertStaffSession, touchStaffSession } from '../store/staff-sessions';
import { randomToken, sha256Hex } from './secrets';

/** The cookie, sent by the browser to the staff API's path only (never to a resident call). */
export const STAFF_COOKIE = 'sakura_staff';

/** Who is calling: the account behind a live session. */
export interface StaffPrincipal {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  teams: string[];
  sessionId: string;
  idleExpiresAt: string;
  expiresAt: string;
}

type Timeouts = Pick<StaffConfig, 'idleMinutes' | 'hours'>;

/** A request within this many ms of the last one does not move the idle expiry (one write per minute at most). */
const TOUCH_EVERY_MS = 60_000;

const plusMs = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const earlier = (a: string, b: string) => (a < b ? a : b);

/** Opens a session in `trx` (the sign-in's transaction, with its audit row); answers the cookie's token. */
export const openStaffSession = async (
  trx: Transaction<Database>,
  staffId: string,
  now: Date,
  t: Timeouts,
): Promise<{ token: string; sessionId: string; idleExpiresAt: string; expiresAt: string }> => {
  const token = randomToken();
  const at = now.toISOString();
  const expiresAt = plusMs(at, t.hours * 3_600_000);
  const sessionId = sha256Hex(token);
  const idleExpiresAt = earlier(plusMs(at, t.idleMinutes * 60_000), expiresAt);
  await insertStaffSession(trx, { id: sessionId, staff_id: staffId, created_at: at, last_seen_at: at, idle_expires_at: idleExpiresAt, expires_at: expiresAt });
  return { token, sessionId, idleExpiresAt, expiresAt };
};

const teamsRead = (teams: string): string[] => {
  try {
    const v: unknown = JSON.parse(teams);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * The live session of this token, its idle expiry moved on; null when there is none, it has
 * expired (the row is deleted then) or its account is disabled.
 */
export const readStaffSession = async (store: Store, token: string, now: Date, t: Timeouts): Promise<StaffPrincipal | null> => {
  const id = sha256Hex(token);
  const s = await findStaffSession(store.db, id);
  if (!s) return null;
  const at = now.toISOString();
  if (s.expiresAt <= at || s.idleExpiresAt <= at || s.disabledAt !== null) {
    await store.write((trx) => deleteStaffSession(trx, id));
    return null;
  }
  let idleExpiresAt = s.idleExpiresAt;
  if (now.getTime() - Date.parse(s.lastSeenAt) >= TOUCH_EVERY_MS) {
    idleExpiresAt = earlier(plusMs(at, t.idleMinutes * 60_000), s.expiresAt);
    await store.write((trx) => touchStaffSession(trx, { id, now: at, idleExpiresAt }));
  }
  return {
    id: s.staffId,
    email: s.email,
    name: s.name,
    role: (STAFF_ROLES as readonly string[]).includes(s.role) ? (s.role as StaffRole) : 'guest',
    teams: teamsRead(s.teams),
    sessionId: id,
    idleExpiresAt,
    expiresAt: s.expiresAt,
  };
};

export const endStaffSession = (trx: Transaction<Database>, sessionId: string): Promise<void> => deleteStaffSession(trx, sessionId);

export const staffTokenOf = (c: Context): string | undefined => getCookie(c, STAFF_COOKIE);

/**
 * The cookie: HttpOnly, SameSite=Strict, Secure on https, scoped to the staff API. No Max-Age: it
 * ends with the browser too, which on a shared reception PC is what staff expect.
 */
export const setStaffCookie = (c: Context, token: string, publicUrl: string): void => {
  setCookie(c, STAFF_COOKIE, token, { path: STAFF_PREFIX, httpOnly: true, sameSite: 'Strict', secure: publicUrl.startsWith('https:') });
};

export const clearStaffCookie = (c: Context, publicUrl: string): void => {
  deleteCookie(c, STAFF_COOKIE, { path: STAFF_PREFIX, httpOnly: true, sameSite: 'Strict', secure: publicUrl.startsWith('https:') });
};
