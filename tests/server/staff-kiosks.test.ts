/**
 * Kiosk tablets in the console on both engines (server/routes/staff-kiosks.ts): a member enrols a
 * kiosk on their team's form and gets a one-time code that a tablet redeems, lists it, re-enrols
 * and stops it; the command line and the console share the step (a kiosk made by one is listed
 * and stopped by the other); unknown or unfit forms write nothing; operators and guests are
 * refused, another team's forms and kiosks too; every change leaves its audit row.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { importBundle } from '../../server/forms/import';
import { runKiosk } from '../../server/cli/kiosk';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';

const text = (surveyId: string, extra: object[] = []) => ({ surveyId, surveyTitle: `受付 ${surveyId}`, surveySchema: [{ itemKey: 'shimei', type: 'text', title: 'お名前' }, ...extra] });

describe.each(engines())('staff kiosks (%s)', (engine) => {
  let srv: TestServer;
  let member: string;
  let admin: string;
  let operator: string;
  let guest: string;
  let outsider: string;

  const enrol = (body: Record<string, unknown>, cookie = member) => staffFetch(srv, 'POST', '/kiosks', { cookie, body });
  const list = (cookie = member) => staffFetch(srv, 'GET', '/kiosks', { cookie });
  const revoke = (name: string, cookie = member) => staffFetch(srv, 'POST', '/kiosks/revoke', { cookie, body: { name } });
  const audits = (action: string) => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('seq').execute();
  const redeem = (code: string) => srv.api('POST', '/kiosk/enrol', { body: { code } });
  let cliEnv: Record<string, string>;

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, { surveyConfigs: [text('kio-own'), text('kio-two'), text('kio-other'), text('kio-photo', [{ itemKey: 'p', type: 'image', title: '写真' }])] }, 'fixture');
    await giveTeam(srv.deps.store, '受付', 'survey', ['kio-own', 'kio-two', 'kio-photo']);
    await giveTeam(srv.deps.store, '健診', 'survey', ['kio-other']);
    member = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['受付'] }));
    admin = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin' }));
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['受付'] }));
    guest = await signIn(srv, await makeStaff(srv.deps.store, { role: 'guest', teams: ['受付'] }));
    outsider = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['健診'] }));
    // The command line works on the server's own database, as an operator's would.
    cliEnv = { DATA_DIR: srv.dataDir, PUBLIC_URL: srv.url };
    if (engine === 'postgres') {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(srv.deps.store.db);
      cliEnv = { ...cliEnv, DATABASE_URL: process.env['TEST_DATABASE_URL'] as string, DATABASE_SCHEMA: (rows[0] as { schema: string }).schema };
    }
  });
  afterAll(async () => srv?.stop());

  it('a member enrols a kiosk on their forms: a one-time code and URL the tablet redeems once; listed, audited', async () => {
    const r = await enrol({ name: '受付1', forms: ['kio-own', 'kio-two'], idleSeconds: 60 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const { code, url, before } = r.json.data;
    expect(before).toBe('none');
    expect(url).toBe(`${srv.url}/kiosk/enrol?code=${encodeURIComponent(code)}`);
    const listed = (await list()).json.data.kiosks.find((k: { name: string }) => k.name === '受付1');
    expect(listed).toMatchObject({ forms: ['kio-own', 'kio-two'], state: 'pending', idleSeconds: 60, revokedAt: null });
    expect((await redeem(code)).status).toBe(200);
    expect((await redeem(code)).status).not.toBe(200);
    expect((await list()).json.data.kiosks.find((k: { name: string }) => k.name === '受付1').state).toBe('active');
    const rows = await audits('kiosk.enrol');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_kind: 'staff', target_kind: 'kiosk', outcome: 'ok' });
    expect(JSON.parse(rows[0]?.detail_json as string)).toMatchObject({ name: '受付1', forms: ['kio-own', 'kio-two'], idleSeconds: 60, before: 'none' });
    expect(JSON.stringify(rows[0])).not.toContain(code);
  });

  it('unknown and unfit forms are refused in Japanese and write nothing', async () => {
    const unknown = await enrol({ name: '受付X', forms: ['kio-own', 'no-such'] }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'kiosk_forms_unknown', errorMessage: refusalText('kiosk_forms_unknown', { forms: 'no-such' }) });
    const unfit = await enrol({ name: '受付X', forms: ['kio-photo'] });
    expect(unfit.json).toMatchObject({ code: 'kiosk_forms_unfit', issues: [{ path: 'kio-photo', message: '写真・ファイルの項目があります' }] });
    expect((await list(admin)).json.data.kiosks.map((k: { name: string }) => k.name)).not.toContain('受付X');
    expect((await enrol({ name: '受付X', forms: ['kio-own'], idleSeconds: 5 })).status).toBe(400);
    expect((await enrol({ name: '  ', forms: ['kio-own'] })).status).toBe(400);
    expect((await enrol({ name: '受付X', forms: ['  '] })).status).toBe(400);
    expect(await audits('kiosk.enrol')).toHaveLength(1);
  });

  it('operators and guests are refused; another team’s forms and kiosks are out of reach', async () => {
    for (const cookie of [operator, guest]) {
      expect((await list(cookie)).json.code).toBe('staff_forbidden');
      expect((await enrol({ name: '受付Y', forms: ['kio-own'] }, cookie)).json.code).toBe('staff_forbidden');
      expect((await revoke('受付1', cookie)).json.code).toBe('staff_forbidden');
    }
    expect((await enrol({ name: '受付Y', forms: ['kio-own', 'kio-other'] })).json.code).toBe('staff_team_forbidden');
    expect((await list(outsider)).json.data.kiosks).toEqual([]);
    expect((await revoke('受付1', outsider)).json.code).toBe('staff_team_forbidden');
    // Taking over another team's kiosk by its name is refused too.
    expect((await enrol({ name: '受付1', forms: ['kio-other'] }, outsider)).json.code).toBe('staff_team_forbidden');
    expect((await list(admin)).json.data.kiosks.map((k: { name: string }) => k.name)).toContain('受付1');
  });

  it('re-enrolling keeps the tablet until the new code is used; revoking stops it at once; audited once', async () => {
    const again = await enrol({ name: '受付1', forms: ['kio-own'] });
    expect(again.json.data.before).toBe('active');
    const r = await revoke('受付1');
    expect(r.json.data).toMatchObject({ already: false });
    expect((await redeem(again.json.data.code)).status).not.toBe(200);
    expect((await revoke('受付1')).json.data.already).toBe(true);
    expect((await revoke('ない端末')).json.code).toBe('kiosk_not_found');
    expect((await list()).json.data.kiosks.find((k: { name: string }) => k.name === '受付1').state).toBe('revoked');
    expect(await audits('kiosk.revoke')).toHaveLength(1);
  });

  it('the command line and the console are one: a CLI kiosk is listed and stopped in the console', async () => {
    const out: string[] = [];
    const code = await runKiosk(['enrol', '--name', '受付CLI', '--forms', 'kio-two'], { env: cliEnv, out: (l) => out.push(l), err: (l) => out.push(l) });
    expect(code, out.join('\n')).toBe(0);
    expect((await list()).json.data.kiosks.find((k: { name: string }) => k.name === '受付CLI')).toMatchObject({ forms: ['kio-two'], state: 'pending', idleSeconds: null });
    expect((await revoke('受付CLI')).status).toBe(200);
    const lines: string[] = [];
    await runKiosk(['list'], { env: cliEnv, out: (l) => lines.push(l) });
    expect(lines.find((l) => l.startsWith('受付CLI'))).toContain('停止');
  });
});
