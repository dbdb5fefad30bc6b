/**
 * Staff editing a form's config on both engines (server/routes/staff-forms.ts): a save bumps the
 * version with one version row and one config.save audit row, a stale save and an invalid config
 * are refused and write nothing (the problem at its path, in Japanese), a rollback is a new save
 * of the old content, a closed form is absent for residents at once, an answer made on the old
 * version answers needRefresh, the import writes versions too, and the role and team checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';

const form = {
  surveyId: 'fe-form',
  surveyTitle: '編集される帳票',
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }],
};
const other = { surveyId: 'fe-other', surveyTitle: '別の帳票', surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] };

describe.each(engines())('staff forms (%s)', (engine) => {
  let srv: TestServer;
  let member: string;
  let operator: string;
  let outsider: string;
  let admin: string;
  let memberId: string;

  const read = (cookie = member, surveyId = 'fe-form') => staffFetch(srv, 'GET', `/forms/${surveyId}/config`, { cookie });
  const save = (body: Record<string, unknown>, cookie = member, surveyId = 'fe-form') => staffFetch(srv, 'POST', `/forms/${surveyId}/config`, { cookie, body });
  const current = async () => (await read()).json.data as { version: number; config: Record<string, unknown> };
  const versionRows = () => srv.deps.store.db.selectFrom('form_versions').selectAll().where('survey_id', '=', 'fe-form').orderBy('version').execute();
  const audits = () =>
    srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'config.save').where('target_kind', '=', 'survey').orderBy('seq').execute();
  const resident = async (user = 'U-fe-resident') => srv.api('GET', '/survey-configs/getItem?surveyId=fe-form', { token: await srv.token(user) });

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, { surveyConfigs: [form, other] }, 'fixture');
    await giveTeam(srv.deps.store, '窓口', 'survey', ['fe-form']);
    const m = await makeStaff(srv.deps.store, { role: 'member', teams: ['窓口'], name: '編集 花子' });
    memberId = m.id;
    member = await signIn(srv, m);
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['窓口'] }));
    outsider = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['健診'] }));
    admin = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin' }));
  });
  afterAll(async () => srv?.stop());

  it('the import wrote version 1 with no saver; the console reads the config and its version', async () => {
    const r = await read();
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ surveyId: 'fe-form', version: 1, config: { surveyTitle: '編集される帳票', surveyStatus: 'enabled' } });
    expect(r.json.data.config.version).toBeUndefined();
    expect(await versionRows()).toMatchObject([{ version: 1, saved_by: null, note: null }]);
  });

  it('a save bumps the version, writes one version row and one audit row; residents get the new title', async () => {
    const { version, config } = await current();
    const r = await save({ version, config: { ...config, surveyTitle: '新しい題名' }, note: '題名を変更' });
    expect(r.json, JSON.stringify(r.json)).toEqual({ result: 'OK', data: { version: 2, changed: true } });
    const rows = await versionRows();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ version: 2, saved_by: memberId, note: '題名を変更' });
    expect(JSON.parse(rows[1]!.config_json)).toMatchObject({ surveyTitle: '新しい題名' });
    const a = await audits();
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({ actor_kind: 'staff', actor_id: memberId, target_kind: 'survey', outcome: 'ok' });
    expect(JSON.parse(a[0]!.detail_json as string)).toMatchObject({ what: 'form', source: 'editor', version: 2, note: '題名を変更' });
    expect((await resident()).json.data).toMatchObject({ surveyTitle: '新しい題名', version: 2 });
    // The same content again changes nothing and writes nothing.
    const same = await save({ version: 2, config: { ...config, surveyTitle: '新しい題名' } });
    expect(same.json.data).toEqual({ version: 2, changed: false });
    expect(await versionRows()).toHaveLength(2);
    expect(await audits()).toHaveLength(1);
  });

  it('a save from an older version is refused and writes nothing', async () => {
    const { config } = await current();
    const stale = await save({ version: 1, config: { ...config, surveyTitle: '古い画面からの保存' } });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: 'form_stale', errorMessage: refusalText('form_stale') });
    expect((await current()).config['surveyTitle']).toBe('新しい題名');
    expect(await versionRows()).toHaveLength(2);
    expect(await audits()).toHaveLength(1);
  });

  it('an invalid config is refused with each problem at its path, in Japanese, and writes nothing', async () => {
    const { version, config } = await current();
    const bad = {
      ...config,
      surveyTitle: '',
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前' },
        { itemKey: 'name', type: 'text', title: '二つ目' },
        { itemKey: 'x', type: 'nope', title: '未知' },
      ],
    };
    const r = await save({ version, config: bad });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('form_invalid');
    const paths = (r.json.issues as { path: string; message: string }[]).map((i) => i.path);
    expect(paths).toContain('surveyTitle');
    expect(paths).toContain('surveySchema[1].itemKey');
    expect(paths.some((p) => p.startsWith('surveySchema[2]'))).toBe(true);
    for (const i of r.json.issues as { message: string }[]) expect(i.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect((r.json.issues as { path: string; message: string }[]).find((i) => i.path === 'surveySchema[1].itemKey')?.message).toBe('itemKey name が重複しています');
    const moved = await save({ version, config: { ...config, surveyId: 'fe-moved' } });
    expect(moved.json).toMatchObject({ code: 'form_invalid', issues: [{ path: 'surveyId' }] });
    const member = await save({ version, config: { ...config, memberFormId: 'no-such-member' } });
    expect(member.json).toMatchObject({ code: 'form_invalid', issues: [{ path: 'memberFormId', message: '会員帳票 no-such-member がありません' }] });
    expect(await versionRows()).toHaveLength(2);
    expect(await audits()).toHaveLength(1);
    expect((await save({ version, config: 'not an object' })).status).toBe(400);
  });

  it('an answer made on the old version answers needRefresh; one on the current version is kept', async () => {
    const token = await srv.token('U-fe-answer');
    const put = (configVersion: number) =>
      srv.api('POST', '/survey-results/putItem', { token, body: { data: [{ surveyId: 'fe-form', itemKey: 'name', value: '回答 太郎' }], configVersion } });
    const old = await put(1);
    expect(old.status).toBe(409);
    expect(old.json).toMatchObject({ code: 'config_outdated', needRefresh: true });
    const fresh = await put(2);
    expect(fresh.status, JSON.stringify(fresh.json)).toBe(200);
  });

  it('lists the versions with who and when, reads one, and rolls back as a new save', async () => {
    const list = await staffFetch(srv, 'GET', '/forms/fe-form/versions', { cookie: member });
    expect(list.json.data.current).toBe(2);
    expect(list.json.data.versions).toMatchObject([
      { version: 2, savedBy: memberId, savedByName: '編集 花子', note: '題名を変更' },
      { version: 1, savedBy: null, savedByName: null, note: null },
    ]);
    const one = await staffFetch(srv, 'GET', '/forms/fe-form/versions/1', { cookie: member });
    expect(one.json.data).toMatchObject({ version: 1, config: { surveyTitle: '編集される帳票' } });
    expect((await staffFetch(srv, 'GET', '/forms/fe-form/versions/99', { cookie: member })).status).toBe(404);
    const stale = await staffFetch(srv, 'POST', '/forms/fe-form/rollback', { cookie: member, body: { version: 1, to: 1 } });
    expect(stale.json.code).toBe('form_stale');
    const back = await staffFetch(srv, 'POST', '/forms/fe-form/rollback', { cookie: member, body: { version: 2, to: 1 } });
    expect(back.json, JSON.stringify(back.json)).toEqual({ result: 'OK', data: { version: 3, changed: true } });
    expect((await resident()).json.data).toMatchObject({ surveyTitle: '編集される帳票', version: 3 });
    // Back to what is stored already: nothing written.
    const again = await staffFetch(srv, 'POST', '/forms/fe-form/rollback', { cookie: member, body: { version: 3, to: 1 } });
    expect(again.json.data).toEqual({ version: 3, changed: false });
    const two = await staffFetch(srv, 'GET', '/forms/fe-form/versions/2', { cookie: member });
    expect(two.json.data).toMatchObject({ version: 2, savedByName: '編集 花子', note: '題名を変更', config: { surveyTitle: '新しい題名' } });
    const rows = await versionRows();
    expect(rows.at(-1)).toMatchObject({ version: 3, saved_by: memberId, note: '版 1 に戻す' });
    expect(JSON.parse((await audits()).at(-1)!.detail_json as string)).toMatchObject({ source: 'rollback', from: 1, version: 3 });
  });

  it('close: residents get the disabled form’s answer at once; publish opens it again', async () => {
    expect((await resident()).status).toBe(200);
    const closed = await staffFetch(srv, 'POST', '/forms/fe-form/status', { cookie: member, body: { version: 3, status: 'disabled' } });
    expect(closed.json, JSON.stringify(closed.json)).toEqual({ result: 'OK', data: { version: 4, changed: true } });
    const r = await resident();
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ code: 'survey_not_found', errorMessage: refusalText('survey_not_found') });
    const put = await srv.api('POST', '/survey-results/putItem', { token: await srv.token('U-fe-closed'), body: { data: [{ surveyId: 'fe-form', itemKey: 'name', value: '閉じた後' }] } });
    expect(put.status).toBe(404);
    expect((await current()).config['surveyStatus']).toBe('disabled');
    const open = await staffFetch(srv, 'POST', '/forms/fe-form/status', { cookie: member, body: { version: 4, status: 'enabled' } });
    expect(open.json.data).toEqual({ version: 5, changed: true });
    expect((await resident()).status).toBe(200);
    expect(JSON.parse((await audits()).at(-2)!.detail_json as string)).toMatchObject({ source: 'close', status: 'disabled' });
  });

  it('an import that changes the form is a version too, with no saver; the console then saves from it', async () => {
    await importBundle(srv.deps.store, { surveyConfigs: [{ ...form, surveyTitle: '取り込みの題名' }, other] }, 'fixture v2');
    const { version, config } = await current();
    expect(version).toBe(6);
    expect((await versionRows()).at(-1)).toMatchObject({ version: 6, saved_by: null });
    expect(config['surveyTitle']).toBe('取り込みの題名');
    expect((await save({ version: 5, config })).json.code).toBe('form_stale');
  });

  it('saves racing from one version: exactly one is written, the others refused as stale', async () => {
    const { version, config } = await current();
    const before = (await versionRows()).length;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => save({ version, config: { ...config, description: `同時の保存 ${i}` } })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok, JSON.stringify(results.map((r) => r.json))).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.json.code === 'form_stale')).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await versionRows()).toHaveLength(before + 1);
    expect((await current()).version).toBe(version + 1);
  });

  it('role configure and the form’s team: an operator, a member of another team are refused; an admin reaches all', async () => {
    expect((await read(operator)).status).toBe(403);
    const now = (await current()).version;
    expect((await save({ version: now, config: (await current()).config }, operator)).status).toBe(403);
    const out = await read(outsider);
    expect(out.status).toBe(403);
    expect(out.json.code).toBe('staff_team_forbidden');
    expect((await staffFetch(srv, 'POST', '/forms/fe-form/status', { cookie: outsider, body: { version: now, status: 'disabled' } })).status).toBe(403);
    expect((await read(member, 'fe-other')).status).toBe(403);
    expect((await read(admin, 'fe-other')).status).toBe(200);
    expect((await read(admin, 'no-such-form')).status).toBe(404);
    expect((await current()).version).toBe(now);
  });
});
