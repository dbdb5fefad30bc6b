/**
 * Staff rules shared by the server and, later, the console: the four roles and what each may do
 * (issue 56, after LINE SMART CITY's 管理者 / メンバー / オペレーター / ゲスト), team scope, the
 * password policy and the sign-in lockout. Pure: instants are epoch milliseconds. The refusals'
 * texts are in the catalogue, core/refusals.ts.
 */
import type { RefusalCode } from '../refusals';
import { COMMON_PASSWORDS } from './common-passwords';

export const STAFF_ROLES = ['admin', 'member', 'operator', 'guest'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * self: one's own session (who am I, sign out), allowed to every role; read: see forms, calendars, answers and bookings; handle: change answers' statuses, check in,
 * register walk-ins in admin mode; configure: change forms and calendars; manageStaff, readAudit;
 * maintain: check the database's held counts and repair them (issue 58), across every team;
 * export: download a form's answers in bulk (CSV, Excel), not for guests, who only look;
 * refund: give a card payment back from the payments screen while the answer stays (issue 57),
 * money leaving the office, so the admin's and members' only, not the counter's operators'.
 */
export type StaffAction = 'self' | 'read' | 'handle' | 'export' | 'refund' | 'configure' | 'manageStaff' | 'readAudit' | 'maintain';

const ROLE_ACTIONS = {
  admin: { self: true, read: true, handle: true, export: true, refund: true, configure: true, manageStaff: true, readAudit: true, maintain: true },
  member: { self: true, read: true, handle: true, export: true, refund: true, configure: true, manageStaff: false, readAudit: false, maintain: false },
  operator: { self: true, read: true, handle: true, export: true, refund: false, configure: false, manageStaff: false, readAudit: false, maintain: false },
  guest: { self: true, read: true, handle: false, export: false, refund: false, configure: false, manageStaff: false, readAudit: false, maintain: false },
} as const satisfies Record<StaffRole, Record<StaffAction, boolean>>;

export const canDo = (role: StaffRole, action: StaffAction): boolean => ROLE_ACTIONS[role][action];

/**
 * Whether a form or calendar belonging to these teams is within this person's reach: an admin
 * reaches every one, anyone else only those sharing a team with them (none: no team, no reach).
 */
export const inTeam = (staff: { role: StaffRole; teams: readonly string[] }, teams: readonly string[]): boolean =>
  staff.role === 'admin' || teams.some((t) => staff.teams.includes(t));

/** The console's start page: where a sign-in lands unless it names another console page. */
const CONSOLE_HOME = '/admin';

/**
 * Where a finished sign-in sends the browser: the console page it names (a path under /admin on
 * this site, as resolved), or the console's start page for anything else, so the sign-in
 * can never be made into a redirect to another site.
 */
export const consoleReturnPath = (raw: string | undefined): string => {
  // eslint-disable-next-line no-control-regex
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(raw)) return CONSOLE_HOME;
  const base = 'http://console.invalid';
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    return CONSOLE_HOME;
  }
  // The sign-in page itself is no place to come back to after signing in.
  if (u.origin !== base || !/^\/admin(\/|$)/.test(u.pathname) || u.pathname.startsWith('/admin/sign-in')) return CONSOLE_HOME;
  return `${u.pathname}${u.search}${u.hash}`;
};

/** Why a password is refused: codes of the refusal catalogue (core/refusals.ts), which holds their texts. */
export type PasswordRefusal = Extract<RefusalCode, 'password_too_short' | 'password_too_long' | 'password_common' | 'password_personal'>;

export const PASSWORD_MIN_LENGTH = 12;
/** argon2 takes any length; a cap keeps one request from hashing megabytes. */
const PASSWORD_MAX_LENGTH = 256;

const COMMON = new Set(COMMON_PASSWORDS);

/** How passwords and the names they are compared with are read: width and case do not matter. */
const fold = (s: string): string => s.normalize('NFKC').toLowerCase();

/** A password with the digits, symbols and spaces around its letters taken off ("!!sakura2024" -> "sakura"). */
const core = (p: string): string => p.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** One character repeated, or a run up or down ("aaaa…", "1234567890…", "zyxw…"), wrapping 9 to 0. */
const isRun = (p: string): boolean => {
  const codes = [...p].map((c) => c.codePointAt(0) as number);
  const step = (a: number, b: number) => (a === 57 && b === 48 ? 1 : a === 48 && b === 57 ? -1 : b - a);
  const first = codes.length > 1 ? step(codes[0] as number, codes[1] as number) : 0;
  return Math.abs(first) <= 1 && codes.every((c, i) => i === 0 || step(codes[i - 1] as number, c) === first);
};

/**
 * Why this password is refused for this person, or null when it may be used. Length is counted in
 * characters (code points), so a Japanese passphrase counts as it reads.
 */
export const passwordRefusal = (password: string, person: { email: string; name: string }): PasswordRefusal | null => {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  const p = fold(password);
  const email = fold(person.email.trim());
  const personal = [email, email.split('@')[0] ?? '', fold(person.name).replace(/\s+/g, '')].filter((s) => s.length > 0);
  const plain = p.replace(/\s+/g, '');
  if (personal.some((s) => plain === s || core(plain) === s)) return 'password_personal';
  if (COMMON.has(p) || COMMON.has(core(p)) || isRun(p)) return 'password_common';
  return null;
};

/** Ten failed sign-ins in a row lock the account for 15 minutes (issue 56). */
export const LOCKOUT = { failures: 10, lockMs: 15 * 60 * 1000 } as const;

/**
 * The account's failure count and lock after one more failure. The failure that reaches the limit
 * locks and starts the count afresh, so after the lock another ten tries are allowed.
 */
export const afterFailure = (failedBefore: number, nowMs: number): { failedCount: number; lockedUntilMs: number | null } => {
  const failed = failedBefore + 1;
  return failed >= LOCKOUT.failures ? { failedCount: 0, lockedUntilMs: nowMs + LOCKOUT.lockMs } : { failedCount: failed, lockedUntilMs: null };
};

export const isLocked = (lockedUntilMs: number | null, nowMs: number): boolean => lockedUntilMs !== null && nowMs < lockedUntilMs;

/**
 * Whether a change of this account leaves no admin able to manage staff: it demotes or disables an
 * active admin while no other admin is active (`otherActiveAdmins`). Refused (staff_last_admin):
 * from the console that is an admin demoting or disabling themselves as the last one. The command
 * line's staff:disable stays the way back for an operator at the server.
 */
export const removesLastAdmin = (
  target: { role: StaffRole; disabled: boolean },
  after: { role: StaffRole; disabled: boolean },
  otherActiveAdmins: number,
): boolean => target.role === 'admin' && !target.disabled && (after.role !== 'admin' || after.disabled) && otherActiveAdmins === 0;

/** The longest team name, and the most teams one person or one change names. */
export const TEAM_NAME_MAX = 100;
export const TEAMS_MAX = 50;
