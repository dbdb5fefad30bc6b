/**
 * Staff and teams in the console on both engines (server/routes/staff-accounts.ts): admins only;
 * an addition answers a set-up link that works; role and team changes apply from the person's
 * next request; a disable ends their sessions; the last active admin cannot demote or disable
 * themselves (two admins demoting each other at once leave one); team targets change as
 * `npm run staff:team` changes them; every change leaves its audit row, the list's reading too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { makeStaff, signIn, staffFetch } from './staff-fixture';

describe.each(engines())('staff accounts in the console (%s)', (engine) => {
  let srv: TestServer;
  let admin: string;
  let adminId: string;
  let member: string;
  let memberId: string;
  let operator: string;
  let guest: string;

  const list = (cookie = admin) => staffFetch(srv, 'GET', '/staff-accounts', { cookie });
  const change = (id: string, body: Record<string, unknown>, cookie = admin) => staffFetch(srv, 'POST', `/staff-accounts/${id}`, { cookie, body });
  const disable = (id: string, cookie = admin) => staffFetch(srv, 'POST', `/staff-accounts/${id}/disable`, { cookie });
  const audits = (action: string) => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('seq').execute();
  const me = (cookie: string) => staffFetch(srv, 'GET', '/me', { cookie });

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, { surveyConfigs: [{ surveyId: 'acc-form', surveyTitle: '窓口の帳票', surveySchema: [{ itemKey: 'shimei', type: 'text', title: 'お名前' }] }] }, 'fixture');
    const a = await makeStaff(srv.deps.store, { role: 'admin', name: '管理 一子' });
    adminId = a.id;
    admin = await signIn(srv, a);
    const m = await makeStaff(srv.deps.store, { role: 'member', teams: ['受付'] });
    memberId = m.id;
    member = await signIn(srv, m);
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['受付'] }));
    guest = await signIn(srv, await makeStaff(srv.deps.store, { role: 'guest', teams: ['受付'] }));
  });
  afterAll(async () => srv?.stop());

  it('only admins: members, operators and guests are refused every call', async () => {
    for (const cookie of [member, operator, guest]) {
      expect((await list(cookie)).json.code).toBe('staff_forbidden');
      expect((await staffFetch(srv, 'POST', '/staff-accounts', { cookie, body: { email: 'x@city.example.jp', name: 'x', role: 'guest', teams: [] } })).json.code).toBe('staff_forbidden');
      expect((await change(memberId, { role: 'admin' }, cookie)).json.code).toBe('staff_forbidden');
      expect((await disable(adminId, cookie)).json.code).toBe('staff_forbidden');
      expect((await staffFetch(srv, 'POST', '/teams', { cookie, body: { team: '受付', add: [], remove: [] } })).json.code).toBe('staff_forbidden');
    }
  });

  it('lists each person with role, teams, state and last sign-in; the reading is audited', async () => {
    const r = await list();
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const mine = r.json.data.staff.find((s: { id: string }) => s.id === adminId);
    expect(mine).toMatchObject({ name: '管理 一子', role: 'admin', teams: [], state: 'active', disabledAt: null });
    expect(mine.lastSignInAt).toEqual(expect.any(String));
    expect(JSON.stringify(r.json)).not.toMatch(/password|totp|recovery/i);
    expect(r.json.data.forms).toContainEqual({ surveyId: 'acc-form', title: '窓口の帳票' });
    expect(r.json.data.teams).toContainEqual({ team: '受付', forms: [], calendars: [] });
    expect((await audits('staff.list')).at(-1)).toMatchObject({ actor_id: adminId, target_kind: 'staff' });
  });

  it('adds a person and answers the one-time set-up link, which opens the set-up; a second add of the address is refused', async () => {
    const body = { email: 'Shin.Jin@City.Example.jp', name: '新人 太郎', role: 'operator', teams: ['受付'] };
    const r = await staffFetch(srv, 'POST', '/staff-accounts', { cookie: admin, body });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.account).toMatchObject({ email: 'shin.jin@city.example.jp', role: 'operator', teams: ['受付'], state: 'pending', lastSignInAt: null });
    expect(r.json.data.setupLink).toMatch(new RegExp(`^${srv.url}/admin/setup#token=`));
    const token = decodeURIComponent(r.json.data.setupLink.split('#token=')[1]);
    expect((await staffFetch(srv, 'POST', '/setup/start', { body: { token } })).status).toBe(200);
    const again = await staffFetch(srv, 'POST', '/staff-accounts', { cookie: admin, body });
    expect(again.json).toMatchObject({ code: 'staff_account_exists', errorMessage: refusalText('staff_account_exists') });
    const rows = await audits('staff.add');
    expect(rows.at(-1)).toMatchObject({ actor_kind: 'staff', actor_id: adminId, target_kind: 'staff' });
    expect(JSON.parse(rows.at(-1)?.target_ids_json as string)).toEqual([r.json.data.account.id]);
    expect(JSON.stringify(rows.at(-1))).not.toContain(token);
    expect((await staffFetch(srv, 'POST', '/staff-accounts', { cookie: admin, body: { ...body, email: 'not-an-address' } })).status).toBe(400);
    expect((await staffFetch(srv, 'POST', '/staff-accounts', { cookie: admin, body: { ...body, email: 'b@city.example.jp', role: 'owner' } })).status).toBe(400);
  });

  it('a role and teams change applies from the next request and is audited with from → to', async () => {
    const r = await change(memberId, { role: 'guest', teams: ['健診', '受付', '健診'] });
    expect(r.json.data.account).toMatchObject({ role: 'guest', teams: ['健診', '受付'] });
    expect((await me(member)).json.data).toMatchObject({ role: 'guest' });
    expect((await staffFetch(srv, 'GET', '/kiosks', { cookie: member })).json.code).toBe('staff_forbidden');
    const row = (await audits('staff.change')).at(-1);
    expect(JSON.parse(row?.detail_json as string)).toEqual({ role: { from: 'member', to: 'guest' }, teams: { from: ['受付'], to: ['健診', '受付'] } });
    expect((await change('no-such-id', { role: 'guest' })).json.code).toBe('staff_account_not_found');
    await change(memberId, { role: 'member', teams: ['受付'] });
  });

  it('the last admin cannot demote or disable themselves (refused in Japanese, nothing written); with a second admin they can', async () => {
    const demote = await change(adminId, { role: 'member' });
    expect(demote.status).toBe(409);
    expect(demote.json).toMatchObject({ code: 'staff_last_admin', errorMessage: refusalText('staff_last_admin') });
    expect((await disable(adminId)).json.code).toBe('staff_last_admin');
    expect((await me(admin)).json.data.role).toBe('admin');
    // Their teams may change all the same.
    expect((await change(adminId, { teams: ['受付'] })).status).toBe(200);

    const second = await makeStaff(srv.deps.store, { role: 'admin' });
    const other = await signIn(srv, second);
    // Two admins demoting each other at once: one passes; the other is refused, as the last admin
    // (409) or, when the first had already committed, as no longer an admin (403).
    const both = await Promise.all([change(second.id, { role: 'member' }), change(adminId, { role: 'member' }, other)]);
    expect(both.filter((b) => b.status === 200)).toHaveLength(1);
    expect(both.map((b) => b.json.code).filter(Boolean)).toEqual([expect.stringMatching(/^(staff_last_admin|staff_forbidden)$/)]);
    const admins = await srv.deps.store.db.selectFrom('staff').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).execute();
    expect(admins).toHaveLength(1);
    // Put both back as admins for the rest.
    const standing = admins[0]?.id === adminId ? admin : other;
    await change(adminId, { role: 'admin' }, standing);
    await change(second.id, { role: 'admin' }, standing);
    expect((await disable(second.id)).json.data).toMatchObject({ already: false, account: { state: 'disabled' } });
    expect((await me(other)).status).toBe(401);
  });

  it('a disable ends the person’s sessions at once, is audited once and shows as disabled', async () => {
    const p = await makeStaff(srv.deps.store, { role: 'operator', teams: ['受付'] });
    const cookie = await signIn(srv, p);
    expect((await me(cookie)).status).toBe(200);
    expect((await disable(p.id)).json.data.account.state).toBe('disabled');
    expect((await me(cookie)).status).toBe(401);
    expect((await disable(p.id)).json.data.already).toBe(true);
    const rows = (await audits('staff.disable')).filter((r) => JSON.parse(r.target_ids_json).includes(p.id));
    expect(rows).toHaveLength(1);
    expect((await list()).json.data.staff.find((s: { id: string }) => s.id === p.id).state).toBe('disabled');
  });

  it('team targets: gives a team a form, which its members then reach; takes it back; an unknown form writes nothing', async () => {
    const give = await staffFetch(srv, 'POST', '/teams', { cookie: admin, body: { team: '受付', add: [{ kind: 'survey', id: 'acc-form' }], remove: [] } });
    expect(give.json.data).toEqual({ team: { team: '受付', forms: ['acc-form'], calendars: [] }, changed: 1 });
    expect((await staffFetch(srv, 'GET', '/forms/acc-form', { cookie: member })).status).toBe(200);
    const bad = await staffFetch(srv, 'POST', '/teams', { cookie: admin, body: { team: '受付', add: [{ kind: 'calendar', id: 'no-cal' }], remove: [{ kind: 'survey', id: 'acc-form' }] } });
    expect(bad.json.code).toBe('team_target_unknown');
    expect((await staffFetch(srv, 'GET', '/forms/acc-form', { cookie: member })).status).toBe(200);
    const back = await staffFetch(srv, 'POST', '/teams', { cookie: admin, body: { team: '受付', add: [], remove: [{ kind: 'survey', id: 'acc-form' }] } });
    expect(back.json.data.changed).toBe(1);
    expect((await staffFetch(srv, 'GET', '/forms/acc-form', { cookie: member })).json.code).toBe('staff_team_forbidden');
    const rows = await audits('team.change');
    expect(rows.map((r) => JSON.parse(r.detail_json as string))).toEqual([
      { added: ['survey:acc-form'], removed: [] },
      { added: [], removed: ['survey:acc-form'] },
    ]);
  });
});
