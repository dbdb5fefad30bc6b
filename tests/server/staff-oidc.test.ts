/**
 * Staff sign-in by OpenID Connect against the in-process dev issuer, over real HTTP on both
 * engines: the whole flow (start → the issuer's page → a pick → the callback → the staff cookie →
 * /staff/me), the refusals of a replayed callback, a wrong state, a missing flow cookie and a
 * tampered request (nonce, PKCE), the account rules (no account, disabled, unverified address,
 * binding on first sign-in) with their audit rows, a flow finished by a second server process on
 * the same database, and where the dev issuer is not mounted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { addStaff, disableStaff, staffState } from '../../server/staff/accounts';
import { DEMO_STAFF, DEMO_TEAM } from '../../server/staff/demo-staff';
import { findStaffByEmail } from '../../server/store/staff';

const STAFF = '/survey/api/v1/staff';
const FLOW_COOKIE = 'sakura_staff_oidc';
const STAFF_COOKIE = 'sakura_staff';
const operator = DEMO_STAFF.find((s) => s.role === 'operator')!;

/** The value a response sets for this cookie (undefined: not set; '' : deleted). */
const setCookie = (res: Response, name: string): string | undefined =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] as string)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

const get = (url: string, cookie?: string) => fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

interface Started {
  authorize: URL;
  flowCookie: string;
}

const start = async (srv: TestServer, returnTo?: string): Promise<Started> => {
  const res = await get(`${srv.url}${STAFF}/oidc/start${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`);
  expect(res.status).toBe(302);
  const flowCookie = setCookie(res, FLOW_COOKIE);
  expect(flowCookie).toBeTruthy();
  expect(res.headers.getSetCookie().find((c) => c.startsWith(`${FLOW_COOKIE}=`))).toMatch(/HttpOnly/i);
  expect(res.headers.getSetCookie().find((c) => c.startsWith(`${FLOW_COOKIE}=`))).toMatch(/SameSite=Lax/i);
  return { authorize: new URL(res.headers.get('location') as string), flowCookie: flowCookie as string };
};

/** On the dev issuer's page: shows it, then posts the choice as the page's form does; answers the callback URL. */
const pick = async (authorize: URL, email: string, extra: Record<string, string> = {}): Promise<URL> => {
  const page = await get(authorize.href);
  expect(page.status).toBe(200);
  const html = await page.text();
  for (const s of DEMO_STAFF) expect(html).toContain(s.name);
  const body = new URLSearchParams([...authorize.searchParams, ['email', email], ...Object.entries(extra)]);
  const res = await fetch(new URL('authorize', authorize), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') as string);
};

/** Delivers the callback to `srv` (whichever server process the browser reaches). */
const callback = (srv: TestServer, cb: URL, flowCookie: string | undefined) => get(`${srv.url}${cb.pathname}${cb.search}`, flowCookie === undefined ? undefined : `${FLOW_COOKIE}=${flowCookie}`);

const me = async (srv: TestServer, staffCookie: string | undefined) => {
  const res = await get(`${srv.url}${STAFF}/me`, staffCookie ? `${STAFF_COOKIE}=${staffCookie}` : undefined);
  return { status: res.status, json: (await res.json()) as { data?: { role: string; email: string; teams: string[] }; code?: string } };
};

const signIn = async (srv: TestServer, email: string, returnTo?: string) => {
  const s = await start(srv, returnTo);
  const res = await callback(srv, await pick(s.authorize, email), s.flowCookie);
  return { res, staffCookie: setCookie(res, STAFF_COOKIE) };
};

const sessions = async (srv: TestServer) => Number((await srv.deps.store.db.selectFrom('staff_sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const lastAudit = (srv: TestServer) => srv.deps.store.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

const expectRefused = (res: Response, code: string) => {
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(`/admin/sign-in?error=${code}`);
  expect(setCookie(res, STAFF_COOKIE)).toBeUndefined();
};

describe.each(engines())('staff OIDC sign-in (%s)', (engine) => {
  let srv: TestServer;
  beforeAll(async () => {
    // The demo: its forms, and the demo staff the dev issuer offers.
    srv = await startTestServer(engine, { LOAD_DEMO: '1' });
  }, 120_000);
  afterAll(async () => {
    await srv?.stop();
  });

  it('start sends the browser to the dev issuer with PKCE (S256), state and nonce', async () => {
    const { authorize } = await start(srv);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${srv.url}/dev/staff-oidc/authorize`);
    const q = authorize.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(`${srv.url}${STAFF}/oidc/callback`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('scope')?.split(' ')).toContain('openid');
  });

  it('the flow is a row of the database, keyed by the hash of its state, expiring in 10 minutes', async () => {
    const before = Date.now();
    const { authorize } = await start(srv);
    const rows = await srv.deps.store.db.selectFrom('staff_oidc_flows').selectAll().execute();
    const state = authorize.searchParams.get('state') as string;
    expect(rows.some((r) => r.state_hash === state)).toBe(false);
    const row = rows.find((r) => r.nonce === authorize.searchParams.get('nonce'));
    expect(row).toBeDefined();
    expect(row!.state_hash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (Date.parse(row!.expires_at) - before) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10.1);
  });

  it.each([
    [undefined, '/admin'],
    ['/admin/answers?survey=kenko-survey', '/admin/answers?survey=kenko-survey'],
    ['https://evil.example/admin', '/admin'],
    ['//evil.example/admin', '/admin'],
    ['/adminx', '/admin'],
    ['/admin/../survey', '/admin'],
    ['/\\evil.example', '/admin'],
    ['/admin/sign-in?returnTo=%2Fadmin', '/admin'],
  ])('returnTo %s lands on %s', async (returnTo, kept) => {
    const { authorize } = await start(srv, returnTo);
    const row = await srv.deps.store.db.selectFrom('staff_oidc_flows').select('return_to').where('nonce', '=', authorize.searchParams.get('nonce') as string).executeTakeFirstOrThrow();
    expect(row.return_to).toBe(kept);
  });

  it('a demo operator signs in end to end: cookie, /staff/me answers operator, audited, subject bound', async () => {
    const { res, staffCookie } = await signIn(srv, operator.email, '/admin/answers');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/answers');
    expect(staffCookie).toBeTruthy();
    expect(setCookie(res, FLOW_COOKIE)).toBe('');
    const cookieLine = res.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`)) as string;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Strict/i);
    expect(cookieLine).toMatch(new RegExp(`Path=${STAFF}`));
    const who = await me(srv, staffCookie);
    expect(who.status).toBe(200);
    expect(who.json.data).toMatchObject({ role: 'operator', email: operator.email, teams: [DEMO_TEAM] });
    const audit = await lastAudit(srv);
    const account = await findStaffByEmail(srv.deps.store.db, operator.email);
    expect({ action: audit.action, outcome: audit.outcome, actor: audit.actor_id, detail: JSON.parse(audit.detail_json) }).toEqual({
      action: 'staff.sign_in',
      outcome: 'ok',
      actor: account!.id,
      detail: { method: 'oidc', issuer: `${srv.url}/dev/staff-oidc`, bound: true },
    });
    expect(account!.oidcIssuer).toBe(`${srv.url}/dev/staff-oidc`);
    expect(account!.oidcSubject).toMatch(/^dev-/);
    // The demo team holds the demo's forms: the operator reaches them.
    const forms = await get(`${srv.url}${STAFF}/forms`, `${STAFF_COOKIE}=${staffCookie}`);
    const list = ((await forms.json()) as { data: { forms: { surveyId: string }[] } }).data.forms.map((f) => f.surveyId);
    expect(list).toContain('kenko-survey');
    expect(list).toContain('clinic-yoyaku');
  });

  it('each demo role signs in as itself; the second time by its bound subject', async () => {
    for (const s of DEMO_STAFF) {
      const { staffCookie } = await signIn(srv, s.email);
      expect((await me(srv, staffCookie)).json.data?.role).toBe(s.role);
    }
    const again = await signIn(srv, operator.email);
    expect((await me(srv, again.staffCookie)).json.data?.role).toBe('operator');
    expect(JSON.parse((await lastAudit(srv)).detail_json)).toEqual({ method: 'oidc', issuer: `${srv.url}/dev/staff-oidc` });
  });

  it('a replayed callback is refused and opens no session', async () => {
    const s = await start(srv);
    const cb = await pick(s.authorize, operator.email);
    const first = await callback(srv, cb, s.flowCookie);
    expect(setCookie(first, STAFF_COOKIE)).toBeTruthy();
    // Used up in the database, not only at the issuer (whose code works once anyway).
    const nonce = s.authorize.searchParams.get('nonce') as string;
    expect(await srv.deps.store.db.selectFrom('staff_oidc_flows').select('state_hash').where('nonce', '=', nonce).execute()).toEqual([]);
    const n = await sessions(srv);
    expectRefused(await callback(srv, cb, s.flowCookie), 'staff_oidc_failed');
    expect(await sessions(srv)).toBe(n);
  });

  it('a wrong state is refused and leaves the flow to its own browser', async () => {
    const s = await start(srv);
    const cb = await pick(s.authorize, operator.email);
    const wrong = new URL(cb);
    wrong.searchParams.set('state', 'not-the-state');
    const n = await sessions(srv);
    expectRefused(await callback(srv, wrong, s.flowCookie), 'staff_oidc_failed');
    expect(await sessions(srv)).toBe(n);
    expect(setCookie(await callback(srv, cb, s.flowCookie), STAFF_COOKIE)).toBeTruthy();
  });

  it('a callback without the flow cookie, or with another browser’s, is refused', async () => {
    const s = await start(srv);
    const other = await start(srv);
    const cb = await pick(s.authorize, operator.email);
    const n = await sessions(srv);
    expectRefused(await callback(srv, cb, undefined), 'staff_oidc_failed');
    expectRefused(await callback(srv, cb, other.flowCookie), 'staff_oidc_failed');
    expect(await sessions(srv)).toBe(n);
  });

  it('an ID token with another nonce than the flow’s is refused by the library', async () => {
    const s = await start(srv);
    const tampered = new URL(s.authorize);
    tampered.searchParams.set('nonce', 'an-attackers-nonce');
    const n = await sessions(srv);
    expectRefused(await callback(srv, await pick(tampered, operator.email), s.flowCookie), 'staff_oidc_failed');
    expect(await sessions(srv)).toBe(n);
  });

  it('a code whose PKCE challenge is not the flow’s is refused by the issuer', async () => {
    const s = await start(srv);
    const tampered = new URL(s.authorize);
    tampered.searchParams.set('code_challenge', 'A'.repeat(43));
    expectRefused(await callback(srv, await pick(tampered, operator.email), s.flowCookie), 'staff_oidc_failed');
  });

  it('an address with no staff account is refused and audited', async () => {
    const n = await sessions(srv);
    const { res } = await signIn(srv, 'nobody@city.example.jp');
    expectRefused(res, 'staff_oidc_no_account');
    expect(await sessions(srv)).toBe(n);
    const audit = await lastAudit(srv);
    expect({ action: audit.action, outcome: audit.outcome, actor: audit.actor_id, reason: JSON.parse(audit.detail_json).reason }).toEqual({
      action: 'staff.sign_in',
      outcome: 'refused',
      actor: 'email:nobody@city.example.jp',
      reason: 'no_staff',
    });
  });

  it('a disabled account is refused and audited; an enabled one made by staff:add signs in with no password', async () => {
    const now = new Date();
    const made = await addStaff(srv.deps.store, { email: 'Hanako@City.example.jp', name: '山田 花子', role: 'member', teams: ['健康課'] }, now);
    expect(made.ok).toBe(true);
    const ok = await signIn(srv, 'hanako@city.example.jp');
    expect((await me(srv, ok.staffCookie)).json.data).toMatchObject({ role: 'member', email: 'hanako@city.example.jp' });
    // Bound to the IdP, the account is in use without ever having followed its set-up link.
    expect(staffState((await findStaffByEmail(srv.deps.store.db, 'hanako@city.example.jp'))!, new Date())).toBe('active');

    await addStaff(srv.deps.store, { email: 'taro@city.example.jp', name: '佐藤 太郎', role: 'operator', teams: ['健康課'] }, now);
    await disableStaff(srv.deps.store, 'taro@city.example.jp', now);
    const n = await sessions(srv);
    const { res } = await signIn(srv, 'taro@city.example.jp');
    expectRefused(res, 'staff_disabled');
    expect(await sessions(srv)).toBe(n);
    const audit = await lastAudit(srv);
    const taro = await findStaffByEmail(srv.deps.store.db, 'taro@city.example.jp');
    expect({ outcome: audit.outcome, actor: audit.actor_id, reason: JSON.parse(audit.detail_json).reason }).toEqual({ outcome: 'refused', actor: taro!.id, reason: 'disabled' });
    expect(taro!.oidcSubject).toBeNull();
  });

  it('an unverified address does not match an account, nor binds it', async () => {
    await addStaff(srv.deps.store, { email: 'misaki@city.example.jp', name: '鈴木 美咲', role: 'guest', teams: [] }, new Date());
    const s = await start(srv);
    const res = await callback(srv, await pick(s.authorize, 'misaki@city.example.jp', { email_verified: 'false' }), s.flowCookie);
    expectRefused(res, 'staff_oidc_no_account');
    expect(JSON.parse((await lastAudit(srv)).detail_json).reason).toBe('email_unverified');
    expect((await findStaffByEmail(srv.deps.store.db, 'misaki@city.example.jp'))!.oidcSubject).toBeNull();
  });

  it('a second server process on the same database finishes a flow the first started', async () => {
    // Behind one public URL, as two processes behind a load balancer are.
    const second = await startTestServer(engine, { PUBLIC_URL: srv.url }, { sameDatabaseAs: srv });
    try {
      const s = await start(srv);
      const res = await callback(second, await pick(s.authorize, operator.email), s.flowCookie);
      const staffCookie = setCookie(res, STAFF_COOKIE);
      expect(staffCookie).toBeTruthy();
      expect((await me(second, staffCookie)).json.data?.role).toBe('operator');
      expect((await me(srv, staffCookie)).json.data?.role).toBe('operator');
    } finally {
      await second.stop();
    }
  });
});

describe('where the staff dev issuer is mounted', () => {
  const LINE = { LINE_CHANNEL_ID: '1234567890', LINE_CHANNEL_SECRET: 's3cret' };
  const discovery = '/dev/staff-oidc/.well-known/openid-configuration';
  /**
   * Unmounted, a GET there is the PWA's fallback page (or its 503 before a build), never the
   * issuer's JSON; a POST to its token endpoint is nothing at all (404).
   */
  const expectUnmounted = async (srv: TestServer) => {
    const res = await srv.fetch(discovery);
    expect(res.headers.get('content-type') ?? '').not.toMatch(/json/);
    expect(await res.text()).not.toContain('"issuer"');
    const token = await srv.fetch('/dev/staff-oidc/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=authorization_code' });
    expect(token.status).toBe(404);
  };

  it('NODE_ENV=test without STAFF_OIDC_ISSUER: mounted, and its discovery names it', async () => {
    const srv = await startTestServer('sqlite', { NODE_ENV: 'test' });
    try {
      const res = await srv.fetch(discovery);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { issuer: string }).issuer).toBe(`${srv.url}/dev/staff-oidc`);
      const token = await srv.fetch('/dev/staff-oidc/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=authorization_code' });
      expect(token.status).toBe(401);
    } finally {
      await srv.stop();
    }
  });

  it('STAFF_OIDC_ISSUER set: not mounted, and start goes to that issuer (here unreachable)', async () => {
    const srv = await startTestServer('sqlite', { STAFF_OIDC_ISSUER: 'https://127.0.0.1:1/realms/city', STAFF_OIDC_CLIENT_ID: 'forms', STAFF_OIDC_CLIENT_SECRET: 'x' });
    try {
      await expectUnmounted(srv);
      const res = await get(`${srv.url}${STAFF}/oidc/start`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/admin/sign-in?error=staff_oidc_unavailable');
    } finally {
      await srv.stop();
    }
  });

  it('NODE_ENV=production: not mounted, and OIDC sign-in is off', async () => {
    const srv = await startTestServer('sqlite', { NODE_ENV: 'production', ...LINE });
    try {
      await expectUnmounted(srv);
      const res = await get(`${srv.url}${STAFF}/oidc/start`);
      expect(res.headers.get('location')).toBe('/admin/sign-in?error=staff_oidc_off');
      expect((await get(`${srv.url}${STAFF}/oidc/callback?code=x&state=y`)).headers.get('location')).toBe('/admin/sign-in?error=staff_oidc_off');
    } finally {
      await srv.stop();
    }
  });
});
