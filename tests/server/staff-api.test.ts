/**
 * The staff API over HTTP on both engines (server/routes/staff.ts, server/staff/guard.ts,
 * session.ts): the set-up link, sign-in with the second factor, the session cookie and its
 * timeouts, sign-out, disabling, the Origin check on writes, the network allow-list, teams, and
 * the audit rows each of these leaves.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { STAFF_PASSWORD, giveTeam, makeStaff, signIn, staffFetch, totpNow } from './staff-fixture';
import { addStaff, disableStaff } from '../../server/staff/accounts';
import { importBundle } from '../../server/forms/import';
import { verifyChain } from '../../server/audit/verify';
import { refusalText } from '@core/refusals';

const forms = [
  { surveyId: 'team-a-form', surveyTitle: '健康相談', surveySchema: [{ itemKey: 'shimei', type: 'text', title: 'お名前' }] },
  { surveyId: 'team-b-form', surveyTitle: '子育て相談', surveySchema: [{ itemKey: 'shimei', type: 'text', title: 'お名前' }] },
];

describe.each(engines())('staff API (%s)', (engine) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, { surveyConfigs: forms }, 'fixture');
    await giveTeam(srv.deps.store, '健康課', 'survey', ['team-a-form']);
    await giveTeam(srv.deps.store, '子育て課', 'survey', ['team-b-form']);
  });
  afterAll(async () => srv?.stop());

  const auditRows = () => srv.deps.store.db.selectFrom('audit_log').selectAll().orderBy('seq').execute();

  it('completes a set-up link: the password policy and the first code are checked, the recovery codes answered once', async () => {
    const added = await addStaff(srv.deps.store, { email: 'setup@city.example.jp', name: '設定 太郎', role: 'operator', teams: ['健康課'] }, new Date());
    if (!added.ok) throw new Error('add');
    const start = await staffFetch(srv, 'POST', '/setup/start', { body: { token: added.token } });
    expect(start.status).toBe(200);
    expect(start.json.data).toMatchObject({ email: 'setup@city.example.jp', name: '設定 太郎' });
    expect(start.json.data.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    const secret = start.json.data.totpSecret as string;
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() - 30_000 });
    const weak = await staffFetch(srv, 'POST', '/setup/complete', { body: { token: added.token, password: 'password1234', totpSecret: secret, code } });
    expect(weak.status).toBe(400);
    expect(weak.json.errorMessage).toBe(refusalText('password_common'));
    const wrongCode = await staffFetch(srv, 'POST', '/setup/complete', { body: { token: added.token, password: STAFF_PASSWORD, totpSecret: secret, code: '000000' === code ? '111111' : '000000' } });
    expect(wrongCode.json.code).toBe('staff_totp_code_invalid');
    const done = await staffFetch(srv, 'POST', '/setup/complete', { body: { token: added.token, password: STAFF_PASSWORD, totpSecret: secret, code } });
    expect(done.status).toBe(200);
    expect(done.json.data.recoveryCodes).toHaveLength(10);
    const again = await staffFetch(srv, 'POST', '/setup/start', { body: { token: added.token } });
    expect(again.json.code).toBe('staff_setup_link_invalid');
    expect((await auditRows()).filter((r) => r.action === 'staff.setup' && r.actor_id === added.id)).toHaveLength(1);
  });

  it('signs in with password and second factor; the cookie is HttpOnly, SameSite=Strict, scoped to the staff API', async () => {
    const s = await makeStaff(srv.deps.store, { role: 'member', teams: ['健康課'] });
    const first = await staffFetch(srv, 'POST', '/sign-in', { body: { email: s.email, password: STAFF_PASSWORD } });
    expect(first.status).toBe(401);
    expect(first.json.code).toBe('staff_second_factor_required');
    const res = await staffFetch(srv, 'POST', '/sign-in', { body: { email: s.email.toUpperCase(), password: STAFF_PASSWORD, code: totpNow(s) } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: s.id, role: 'member', teams: ['健康課'], can: { handle: true, configure: true, manageStaff: false } });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sakura_staff=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/survey/api/v1/staff');
    // Served over http here: no Secure (tested with an https PUBLIC_URL below).
    expect(cookie).not.toContain('Secure');
    const me = await staffFetch(srv, 'GET', '/me', { cookie: cookie.split(';')[0] as string });
    expect(me.status).toBe(200);
    expect(me.json.data.email).toBe(s.email);
    // The cookie's token is not what the database keeps.
    const rows = await srv.deps.store.db.selectFrom('staff_sessions').select('id').where('staff_id', '=', s.id).execute();
    expect(rows).toHaveLength(1);
    expect(cookie).not.toContain(rows[0]?.id as string);
  });

  it('a wrong code or password is refused and audited; the code of a step already used is refused', async () => {
    const s = await makeStaff(srv.deps.store, { role: 'guest' });
    const bad = await staffFetch(srv, 'POST', '/sign-in', { body: { email: s.email, password: 'not the password at all', code: totpNow(s) } });
    expect(bad.status).toBe(401);
    expect(bad.json.code).toBe('staff_sign_in_failed');
    const code = totpNow(s);
    expect((await staffFetch(srv, 'POST', '/sign-in', { body: { email: s.email, password: STAFF_PASSWORD, code } })).status).toBe(200);
    const replay = await staffFetch(srv, 'POST', '/sign-in', { body: { email: s.email, password: STAFF_PASSWORD, code } });
    expect(replay.json.code).toBe('staff_sign_in_failed');
    const mine = (await auditRows()).filter((r) => r.actor_id === s.id && r.action === 'staff.sign_in');
    expect(mine.map((r) => r.outcome)).toEqual(['refused', 'ok', 'refused']);
    expect(JSON.parse(mine[0]?.detail_json as string)).toMatchObject({ method: 'local', reason: 'bad_credentials' });
    expect(mine[1]?.from_ip).toMatch(/127\.0\.0\.1/);
  });

  it('ten failures lock the account for 15 minutes, the right password included', async () => {
    const s = await makeStaff(srv.deps.store, { role: 'guest' });
    for (let i = 0; i < 9; i++) {
      expect((await staffFetch(srv, 'POST', '/sign-in', { body: { email: s.email, password: `wrong password ${i}`, code: '123456' } })).json.code).toBe('staff_sign_in_failed');
    }
    const tenth = await staffFetch(srv, 'POST', '/sign-in', { body: { email: s.email, password: 'wrong password 9', code: '123456' } });
    expect(tenth.status).toBe(429);
    expect(tenth.json.code).toBe('staff_locked');
    const right = await staffFetch(srv, 'POST', '/sign-in', { body: { email: s.email, password: STAFF_PASSWORD, code: totpNow(s) } });
    expect(right.json.code).toBe('staff_locked');
  });

  it('no session, an unknown cookie, a resident token and a kiosk-style credential are all 401', async () => {
    expect((await staffFetch(srv, 'GET', '/me')).status).toBe(401);
    expect((await staffFetch(srv, 'GET', '/me', { cookie: 'sakura_staff=forged-token-value' })).json.code).toBe('staff_session_required');
    const resident = await srv.token('U1234567890abcdef1234567890abcdef');
    expect((await staffFetch(srv, 'GET', '/me', { headers: { authorization: `Bearer ${resident}` } })).status).toBe(401);
    expect((await staffFetch(srv, 'GET', '/me', { headers: { authorization: 'Bearer kiosk_abc.def' } })).status).toBe(401);
  });

  it('a staff cookie does not authorise a resident call', async () => {
    const s = await makeStaff(srv.deps.store, { role: 'admin' });
    const cookie = await signIn(srv, s);
    const res = await srv.fetch('/survey/api/v1/db/survey-results/putItem', { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: srv.url }, body: '[]' });
    expect(res.status).toBe(401);
  });

  it('refuses a write without the console Origin, or from another site; a read needs none', async () => {
    const s = await makeStaff(srv.deps.store, { role: 'operator', teams: ['健康課'] });
    const cookie = await signIn(srv, s);
    const none = await staffFetch(srv, 'POST', '/sign-out', { cookie, origin: null });
    expect(none.status).toBe(403);
    expect(none.json.code).toBe('staff_origin_refused');
    const foreign = await staffFetch(srv, 'POST', '/sign-out', { cookie, origin: 'https://evil.example' });
    expect(foreign.json.code).toBe('staff_origin_refused');
    const crossSite = await staffFetch(srv, 'POST', '/sign-out', { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.json.code).toBe('staff_origin_refused');
    const signInElsewhere = await staffFetch(srv, 'POST', '/sign-in', { origin: 'https://evil.example', body: { email: s.email, password: STAFF_PASSWORD, code: totpNow(s) } });
    expect(signInElsewhere.json.code).toBe('staff_origin_refused');
    // Still signed in: the refused sign-outs ended nothing and left no audit row.
    expect((await staffFetch(srv, 'GET', '/me', { cookie })).status).toBe(200);
    expect((await auditRows()).filter((r) => r.actor_id === s.id && r.action === 'staff.sign_out')).toEqual([]);
  });

  it('sign-out ends the session on the server and clears the cookie', async () => {
    const s = await makeStaff(srv.deps.store, { role: 'operator' });
    const cookie = await signIn(srv, s);
    const out = await staffFetch(srv, 'POST', '/sign-out', { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/sakura_staff=;.*Max-Age=0/);
    expect((await staffFetch(srv, 'GET', '/me', { cookie })).status).toBe(401);
    expect((await auditRows()).some((r) => r.actor_id === s.id && r.action === 'staff.sign_out')).toBe(true);
  });

  it('an idle session ends after its idle time, any session at its absolute end; each row goes', async () => {
    const s = await makeStaff(srv.deps.store, { role: 'guest' });
    const idle = await signIn(srv, s);
    const absolute = await signIn(srv, s);
    const [a, b] = await srv.deps.store.db.selectFrom('staff_sessions').select(['id', 'created_at']).where('staff_id', '=', s.id).orderBy('created_at').execute();
    const past = new Date(Date.now() - 1000).toISOString();
    // Which row is which cookie does not matter for the outcome: both end, each by its own rule.
    await srv.deps.store.write((trx) => trx.updateTable('staff_sessions').set({ idle_expires_at: past }).where('id', '=', a?.id as string).execute());
    await srv.deps.store.write((trx) => trx.updateTable('staff_sessions').set({ expires_at: past }).where('id', '=', b?.id as string).execute());
    expect((await staffFetch(srv, 'GET', '/me', { cookie: idle })).status).toBe(401);
    expect((await staffFetch(srv, 'GET', '/me', { cookie: absolute })).status).toBe(401);
    expect(await srv.deps.store.db.selectFrom('staff_sessions').select('id').where('staff_id', '=', s.id).execute()).toEqual([]);
  });

  it('a request moves the idle expiry on, never past the absolute end', async () => {
    const s = await makeStaff(srv.deps.store, { role: 'guest' });
    const cookie = await signIn(srv, s);
    const soon = new Date(Date.now() + 60_000).toISOString();
    const lastSeen = new Date(Date.now() - 120_000).toISOString();
    const end = new Date(Date.now() + 5 * 60_000).toISOString();
    await srv.deps.store.write((trx) =>
      trx.updateTable('staff_sessions').set({ idle_expires_at: soon, last_seen_at: lastSeen, expires_at: end }).where('staff_id', '=', s.id).execute(),
    );
    const me = await staffFetch(srv, 'GET', '/me', { cookie });
    expect(me.status).toBe(200);
    // 30 minutes idle would pass the absolute end, 5 minutes away: the end wins.
    expect(me.json.data.idleExpiresAt).toBe(end);
  });

  it('disabling an account ends its sessions from their next request', async () => {
    const s = await makeStaff(srv.deps.store, { role: 'member', teams: ['健康課'] });
    const cookie = await signIn(srv, s);
    expect((await staffFetch(srv, 'GET', '/me', { cookie })).status).toBe(200);
    await disableStaff(srv.deps.store, s.email, new Date());
    expect((await staffFetch(srv, 'GET', '/me', { cookie })).status).toBe(401);
    const again = await staffFetch(srv, 'POST', '/sign-in', { body: { email: s.email, password: STAFF_PASSWORD, code: totpNow(s) } });
    expect(again.json.code).toBe('staff_disabled');
  });

  it('lists the forms of the person’s teams; another team’s form is refused; an admin reaches all', async () => {
    const member = await makeStaff(srv.deps.store, { role: 'member', teams: ['健康課'] });
    const guest = await makeStaff(srv.deps.store, { role: 'guest', teams: ['健康課'] });
    const admin = await makeStaff(srv.deps.store, { role: 'admin' });
    const noTeam = await makeStaff(srv.deps.store, { role: 'operator' });
    const mine = await staffFetch(srv, 'GET', '/forms', { cookie: await signIn(srv, member) });
    expect(mine.json.data.forms).toEqual([{ surveyId: 'team-a-form', title: '健康相談', teams: ['健康課'], canRegister: true, counts: { byStatus: {}, total: 0, lastSevenDays: 0 }, ward: false }]);
    const cookie = await signIn(srv, member);
    expect((await staffFetch(srv, 'GET', '/forms/team-b-form', { cookie })).json.code).toBe('staff_team_forbidden');
    expect((await staffFetch(srv, 'GET', '/forms/team-a-form', { cookie })).json.data.canRegister).toBe(true);
    // A guest reads but may not register.
    expect((await staffFetch(srv, 'GET', '/forms/team-a-form', { cookie: await signIn(srv, guest) })).json.data.canRegister).toBe(false);
    const all = await staffFetch(srv, 'GET', '/forms', { cookie: await signIn(srv, admin) });
    expect(all.json.data.forms.map((f: { surveyId: string }) => f.surveyId)).toEqual(expect.arrayContaining(['team-a-form', 'team-b-form']));
    expect((await staffFetch(srv, 'GET', '/forms', { cookie: await signIn(srv, noTeam) })).json.data.forms).toEqual([]);
  });

  it('every row written here chains: audit:verify finds the trail intact', async () => {
    expect((await verifyChain(srv.deps.store.db)).ok).toBe(true);
  });
});

describe('staff API: two server processes on one database', () => {
  it('a session opened on one is valid on the other, and a sign-out on either ends it for both', async () => {
    const one = await startTestServer('sqlite');
    const two = await startTestServer('sqlite', { DATA_DIR: one.dataDir });
    try {
      const s = await makeStaff(one.deps.store, { role: 'operator' });
      const cookie = await signIn(one, s);
      expect((await staffFetch(two, 'GET', '/me', { cookie })).json.data.id).toBe(s.id);
      expect((await staffFetch(two, 'POST', '/sign-out', { cookie })).status).toBe(200);
      expect((await staffFetch(one, 'GET', '/me', { cookie })).status).toBe(401);
    } finally {
      await two.stop();
      await one.stop();
    }
  });
});

describe('staff API: network allow-list and https', () => {
  it('answers only the listed networks', async () => {
    const srv = await startTestServer('sqlite', { STAFF_ALLOWED_CIDRS: '10.0.0.0/8, 2001:db8::/32' });
    try {
      const s = await makeStaff(srv.deps.store, { role: 'admin' });
      const res = await staffFetch(srv, 'POST', '/sign-in', { body: { email: s.email, password: STAFF_PASSWORD, code: totpNow(s) } });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('staff_network_forbidden');
      expect((await staffFetch(srv, 'GET', '/me')).json.code).toBe('staff_network_forbidden');
      // The residents' API is not behind the list.
      expect((await srv.api('GET', '/app-config')).status).toBe(200);
    } finally {
      await srv.stop();
    }
    const open = await startTestServer('sqlite', { STAFF_ALLOWED_CIDRS: '127.0.0.0/8' });
    try {
      const s = await makeStaff(open.deps.store, { role: 'admin' });
      expect(await signIn(open, s)).toMatch(/^sakura_staff=/);
    } finally {
      await open.stop();
    }
  });

  it('behind a trusted proxy the client is X-Forwarded-For’s last address', async () => {
    const srv = await startTestServer('sqlite', { STAFF_ALLOWED_CIDRS: '192.0.2.0/24', TRUST_PROXY: '1' });
    try {
      expect((await staffFetch(srv, 'GET', '/me', { headers: { 'x-forwarded-for': '192.0.2.10, 203.0.113.5' } })).json.code).toBe('staff_network_forbidden');
      expect((await staffFetch(srv, 'GET', '/me', { headers: { 'x-forwarded-for': '203.0.113.5, 192.0.2.10' } })).json.code).toBe('staff_session_required');
    } finally {
      await srv.stop();
    }
  });

  it('the cookie is Secure when PUBLIC_URL is https', async () => {
    const srv = await startTestServer('sqlite');
    const https = await startTestServer('sqlite', { PUBLIC_URL: 'https://forms.city.example.jp' });
    try {
      const s = await makeStaff(https.deps.store, { role: 'guest' });
      const res = await staffFetch(https, 'POST', '/sign-in', { origin: 'https://forms.city.example.jp', body: { email: s.email, password: STAFF_PASSWORD, code: totpNow(s) } });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toContain('Secure');
    } finally {
      await https.stop();
      await srv.stop();
    }
  });
});
