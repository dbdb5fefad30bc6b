/**
 * Staff accounts for server tests: made through the same functions the CLI and the set-up page
 * use (addStaff, completeSetup), and signed in over HTTP like the console does (POST sign-in with
 * the console's Origin), answering the session cookie to send back.
 */
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '@core/rules/staff';
import { STAFF_PREFIX } from '@core/contract/define';
import { addStaff, completeSetup } from '../../server/staff/accounts';
import { newTotpSecret } from '../../server/staff/totp';
import type { Store } from '../../server/store/open';
import { addTeamTarget } from '../../server/store/teams';

export const STAFF_PASSWORD = 'さくら市 窓口 2026 blue-heron';

export interface TestStaff {
  id: string;
  email: string;
  name: string;
  secret: string;
  recoveryCodes: string[];
}

let n = 0;

export const makeStaff = async (store: Store, a: { role: StaffRole; teams?: string[]; name?: string }): Promise<TestStaff> => {
  n += 1;
  const email = `${a.role}-${n}-${Math.random().toString(36).slice(2, 8)}@city.example.jp`;
  const name = a.name ?? `職員 ${a.role} ${n}`;
  const added = await addStaff(store, { email, name, role: a.role, teams: a.teams ?? [] }, new Date());
  if (!added.ok) throw new Error('addStaff failed');
  const secret = newTotpSecret();
  // The set-up claims the previous time step, so the sign-ins that follow have theirs free.
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() - 30_000 });
  const done = await completeSetup(store, { token: added.token, password: STAFF_PASSWORD, totpSecret: secret, code }, new Date());
  if (!done.ok) throw new Error(`completeSetup: ${done.refusal}`);
  return { id: added.id, email, name, secret, recoveryCodes: done.recoveryCodes };
};

export const totpNow = (s: TestStaff) => TOTP.generate({ secret: Secret.fromBase32(s.secret), timestamp: Date.now() });

/** Gives the team these forms ('survey') or calendars. */
export const giveTeam = async (store: Store, team: string, kind: 'survey' | 'calendar', ids: string[]) => {
  await store.write(async (trx) => {
    for (const id of ids) await addTeamTarget(trx, team, kind, id);
  });
};

/**
 * Signs in over HTTP and answers the cookie header to send. A test signs one account in many
 * times within one 30-second step, so the step's one use is given back first (replay protection
 * itself is tested in staff-accounts.test.ts).
 */
export const signIn = async (srv: { url: string; deps: { store: Store } }, s: TestStaff): Promise<string> => {
  await srv.deps.store.write((trx) => trx.updateTable('staff').set({ totp_last_step: null }).where('id', '=', s.id).execute());
  const res = await fetch(`${srv.url}${STAFF_PREFIX}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: srv.url },
    body: JSON.stringify({ email: s.email, password: STAFF_PASSWORD, code: totpNow(s) }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status}: ${await res.text()}`);
  const cookie = res.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] as string;
};

/** A staff API call with the session cookie and, for writes, the console's Origin. */
export const staffFetch = async (srv: { url: string }, method: string, path: string, opts: { cookie?: string; body?: unknown; origin?: string | null; headers?: Record<string, string> } = {}) => {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers['cookie'] = opts.cookie;
  if (opts.origin !== null && method !== 'GET') headers['origin'] = opts.origin ?? srv.url;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${srv.url}${STAFF_PREFIX}${path}`, { method, headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { unparsed: text };
  }
  return { status: res.status, json, headers: res.headers };
};
