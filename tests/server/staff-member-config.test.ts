/**
 * A member form's config in the console on both engines (server/routes/staff-member-config.ts):
 * read with its numbering; saved under its version with the importer's checks (a bad config lists
 * the importer's problems and writes nothing); lastResultNumber raised moves the next member number
 * on, lowered (below the config's or the last number given) is refused in Japanese; operators and
 * guests may read but not save, another team neither; each save is a config.save audit row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';

const item = (itemKey: string, type: string, extra: Record<string, unknown> = {}) => ({ itemKey, type, title: itemKey, ...extra });
const kaiin = {
  surveyId: 'mc-kaiin',
  surveyTitle: '会員登録',
  memberSurveySubId: '12',
  lastResultNumber: 10,
  linkedForms: [],
  surveySchema: [item('no', 'memberNumber', { isAutomaticNumbering: true }), item('name', 'text', { isRequired: { value: true } })],
};

describe.each(engines())('member config in the console (%s)', (engine) => {
  let srv: TestServer;
  let member: string;
  let operator: string;
  let outsider: string;

  const read = (cookie = member) => staffFetch(srv, 'GET', '/member-forms/mc-kaiin/config', { cookie });
  const save = (body: { version: number; config: unknown }, cookie = member) =>
    staffFetch(srv, 'POST', '/member-forms/mc-kaiin/config', { cookie, body: { version: body.version, configJson: JSON.stringify(body.config) } });
  const register = async (userId: string) =>
    srv.api('POST', '/member-results/putItem', { token: await srv.token(userId), body: [{ surveyId: 'mc-kaiin', itemKey: 'name', value: `会員 ${userId}` }] });
  const audits = () => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'config.save').orderBy('seq').execute();

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, { memberConfigs: [kaiin] }, 'fixture');
    await giveTeam(srv.deps.store, '会員係', 'survey', ['mc-kaiin']);
    member = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['会員係'] }));
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['会員係'] }));
    outsider = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['健診'] }));
  });
  afterAll(async () => srv?.stop());

  it('reads the config with its numbering; operators may read, another team may not', async () => {
    const r = await read();
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ surveyId: 'mc-kaiin', version: 1, lastResultNumber: 10, lastGiven: null, floor: 10, config: { surveyTitle: '会員登録', memberSurveySubId: '12' } });
    expect((await read(operator)).status).toBe(200);
    expect((await read(outsider)).json.code).toBe('staff_team_forbidden');
  });

  it('raising lastResultNumber is saved and audited; the next member number is one past it', async () => {
    const before = (await read()).json.data;
    const r = await save({ version: before.version, config: { ...before.config, lastResultNumber: 100 } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ version: 2, lastResultNumber: 100, floor: 100 });
    const reg = await register('U-mc-1');
    expect(reg.status, JSON.stringify(reg.json)).toBe(200);
    const mine = await srv.api('GET', '/member-results/getByUserId?surveyId=mc-kaiin', { token: await srv.token('U-mc-1') });
    expect(JSON.stringify(mine.json)).toContain('00120000101');
    const rows = await audits();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target_kind: 'member_form', outcome: 'ok' });
    expect(JSON.parse(rows[0]?.detail_json as string)).toMatchObject({ what: 'member-config', version: 2, lastResultNumber: { from: 10, to: 100 } });
  });

  it('lowering it, below the config’s or the last number given, is refused in Japanese and writes nothing', async () => {
    const now = (await read()).json.data;
    expect(now).toMatchObject({ lastGiven: 101, floor: 101 });
    const r = await save({ version: now.version, config: { ...now.config, lastResultNumber: 100 } });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ code: 'member_number_lowered', errorMessage: refusalText('member_number_lowered', { floor: 101 }) });
    expect((await read()).json.data).toMatchObject({ version: now.version, lastResultNumber: 100 });
    expect(await audits()).toHaveLength(1);
  });

  it('the importer’s checks: a bad prefix and an unknown linked form are listed and nothing is written; a stale version is refused', async () => {
    const now = (await read()).json.data;
    const bad = await save({ version: now.version, config: { ...now.config, lastResultNumber: 101, memberSurveySubId: '12345', linkedForms: ['no-such-form'] } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('config_invalid');
    expect(bad.json.issues).toEqual(expect.arrayContaining([{ path: 'memberSurveySubId', message: expect.stringContaining('1〜4 桁') }]));
    const linked = await save({ version: now.version, config: { ...now.config, lastResultNumber: 101, linkedForms: ['no-such-form'] } });
    expect(linked.json.issues).toEqual([{ path: 'linkedForms[0]', message: expect.stringContaining('no-such-form') }]);
    expect((await save({ version: now.version, config: { ...now.config, lastResultNumber: 101, surveyId: 'other' } })).json.code).toBe('config_invalid');
    expect((await save({ version: now.version - 1, config: now.config })).json.code).toBe('config_stale');
    const broken = await staffFetch(srv, 'POST', '/member-forms/mc-kaiin/config', { cookie: member, body: { version: now.version, configJson: '{"surveyId": ' } });
    expect(broken.json).toMatchObject({ code: 'config_invalid', issues: [{ path: '$' }] });
    expect((await save({ version: now.version, config: [1, 2] })).json.code).toBe('config_invalid');
    expect((await read()).json.data.version).toBe(now.version);
  });

  it('operators and guests cannot save; another team cannot', async () => {
    const now = (await read()).json.data;
    expect((await save({ version: now.version, config: now.config }, operator)).json.code).toBe('staff_forbidden');
    expect((await save({ version: now.version, config: now.config }, outsider)).json.code).toBe('staff_team_forbidden');
  });
});
