/**
 * Staff configuring a bed ward on both engines (server/routes/staff-bed-config.ts): read with the
 * version and the nights as runs; a save of the rule and bed counts over ranges under the version
 * (a stale one refused, nothing written); the import's bounds refused; a night set below its stays
 * answered first and saved only confirmed (the stays keep their beds, the night shows full); each
 * save audited; the role and team checks; the beds renamed, added and removed in the same save
 * (a bed a stay holds from today on refused, duplicates refused, nights at full strength follow).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';
import { bedBundle, day, stayRows } from './bed-fixture';

describe.each(engines())('staff bed ward config (%s)', (engine) => {
  let srv: TestServer;
  let member: string;
  let operator: string;
  let outsider: string;
  let token: string;

  const read = (cookie = member) => staffFetch(srv, 'GET', '/bed-wards/bed/config', { cookie });
  const save = (body: Record<string, unknown>, cookie = member) =>
    staffFetch(srv, 'POST', '/bed-wards/bed/config', { cookie, body: { reservationPossibleStart: 2, reservationCancelLimit: 3, ranges: [], ...body } });
  const version = async () => (await read()).json.data.version as number;
  const remaining = async (from: number, to: number) =>
    ((await srv.api('GET', `/bed-reservation/bed/calendarBookingBeds?startDate=${day(from)}&endDate=${day(to)}`, { token })).json.data as { bedRemaining: number }[]).map((d) => d.bedRemaining);
  const audits = () => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'config.save').orderBy('seq').execute();

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, bedBundle({ capacity: [{ date: day(40), beds: 1 }] }), 'fixture');
    await giveTeam(srv.deps.store, '病棟A', 'survey', ['bed']);
    member = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['病棟A'] }));
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['病棟A'] }));
    outsider = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['病棟B'] }));
    token = await srv.token('U-bedcfg-1');
    for (const u of ['U-bedcfg-1', 'U-bedcfg-2']) {
      const r = await srv.api('POST', '/bed-reservation/bed', { token: await srv.token(u), body: { data: stayRows(day(10), day(12)) } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
  });
  afterAll(async () => srv?.stop());

  it('reads the rule, the version and the nights from today as runs of one count', async () => {
    const r = await read(operator);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ surveyId: 'bed', title: '入院予約', version: 0, beds: 3, reservationPossibleStart: 2, reservationCancelLimit: 3 });
    expect(r.json.data.ranges).toEqual([
      { from: day(0), to: day(39), beds: 3, held: 2 },
      { from: day(40), to: day(40), beds: 1, held: 0 },
      { from: day(41), to: day(59), beds: 3, held: 0 },
    ]);
  });

  it('saves the rule and a range of counts under the version; residents see them; the same version again is refused', async () => {
    const v = await version();
    const r = await save({ version: v, reservationPossibleStart: 1, reservationCancelLimit: 5, ranges: [{ from: day(20), to: day(22), beds: 2 }, { from: day(70), to: day(71), beds: 3 }] });
    expect(r.json, JSON.stringify(r.json)).toMatchObject({ result: 'OK', data: { saved: true, version: v + 1, nights: 5 } });
    expect((await srv.api('GET', '/bed-reservation/bed/getRuleBookingBed', { token })).json.data).toEqual({ reservationPossibleStart: 1, reservationCancelLimit: 5 });
    expect(await remaining(19, 23)).toEqual([3, 2, 2, 2, 3]);
    expect(await remaining(70, 71)).toEqual([3, 3]);
    const stale = await save({ version: v, ranges: [{ from: day(20), to: day(20), beds: 0 }] });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: 'bed_ward_stale', errorMessage: refusalText('bed_ward_stale') });
    expect(await remaining(20, 20)).toEqual([2]);
    const rows = await audits();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_kind: 'staff', target_kind: 'bedWard', outcome: 'ok' });
    expect(JSON.parse(rows[0]?.detail_json as string)).toMatchObject({ what: 'bedWard', version: v + 1, nights: 5, reservationCancelLimit: 5 });
  });

  it('refuses what the import refuses and writes nothing', async () => {
    const v = await version();
    const bad = await save({ version: v, reservationCancelLimit: 400, ranges: [{ from: day(30), to: day(31), beds: 501 }] });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('bed_ward_invalid');
    expect(bad.json.issues.map((i: { path: string }) => i.path).sort()).toEqual(['ranges', 'reservationCancelLimit']);
    expect((await save({ version: v, ranges: [{ from: day(31), to: day(30), beds: 1 }] })).json.code).toBe('bed_ward_invalid');
    expect(await version()).toBe(v);
  });

  it('a night below its stays is answered first and saved only confirmed: the stays keep their beds, the night is full', async () => {
    const v = await version();
    const ask = await save({ version: v, ranges: [{ from: day(10), to: day(11), beds: 1 }] });
    expect(ask.json.data).toEqual({ saved: false, affected: [{ night: day(10), held: 2, beds: 1 }, { night: day(11), held: 2, beds: 1 }] });
    expect(await version()).toBe(v);
    expect(await remaining(10, 11)).toEqual([1, 1]);
    const ok = await save({ version: v, ranges: [{ from: day(10), to: day(11), beds: 1 }], confirm: true });
    expect(ok.json.data).toMatchObject({ saved: true, version: v + 1 });
    expect(await remaining(10, 12)).toEqual([0, 0, 3]);
    const late = await srv.api('POST', '/bed-reservation/bed', { token: await srv.token('U-bedcfg-3'), body: { data: stayRows(day(10), day(11)) } });
    expect(late.status).toBe(409);
    expect(JSON.parse((await audits()).at(-1)?.detail_json as string)).toMatchObject({ confirmedHeld: 2 });
  });

  it('an operator reads but may not save; another team may do neither', async () => {
    const v = await version();
    const op = await save({ version: v }, operator);
    expect(op.status).toBe(403);
    expect(op.json.code).toBe('staff_forbidden');
    expect((await read(outsider)).json.code).toBe('staff_team_forbidden');
    expect((await save({ version: v }, outsider)).json.code).toBe('staff_team_forbidden');
    expect(await version()).toBe(v);
  });

  const beds = async () => (await srv.api('GET', '/bed-reservation/bed/beds', { token })).json.data as { bedId: string; bedName: string }[];
  const three = [
    { bedId: 'b1', bedName: '1号床' },
    { bedId: 'b2', bedName: '2号床' },
    { bedId: 'b3', bedName: '3号床' },
  ];

  it('renames and adds beds in the same save: residents see them, nights at full strength follow the new number', async () => {
    const v = await version();
    const before = await remaining(19, 23);
    expect(before).toEqual([3, 2, 2, 2, 3]);
    const list = [{ bedId: 'b1', bedName: '1号床（窓側）' }, ...three.slice(1), { bedId: 'b4', bedName: '4号床' }];
    const r = await save({ version: v, beds: list });
    expect(r.json, JSON.stringify(r.json)).toMatchObject({ result: 'OK', data: { saved: true, version: v + 1 } });
    expect(await beds()).toEqual(list);
    expect((await read()).json.data).toMatchObject({ beds: 4, bedList: list });
    expect(await remaining(19, 23)).toEqual([4, 2, 2, 2, 4]);
    expect(JSON.parse((await audits()).at(-1)?.detail_json as string)).toMatchObject({ beds: { added: ['b4'], renamed: ['b1'], removed: [] } });
  });

  it('removes a bed no stay holds from today on (one held before today does not keep it)', async () => {
    await srv.deps.store.db.insertInto('bed_claims').values({ survey_id: 'bed', bed_id: 'b4', night: day(-3), partition_key: 'past-stay' }).execute();
    const v = await version();
    const list = (await beds()).filter((b) => b.bedId !== 'b4');
    const r = await save({ version: v, beds: list });
    expect(r.json, JSON.stringify(r.json)).toMatchObject({ data: { saved: true, version: v + 1 } });
    expect(await beds()).toEqual(list);
    expect(await remaining(19, 23)).toEqual([3, 2, 2, 2, 3]);
  });

  it('refuses removing a bed a stay holds from today on, naming it, and writes nothing', async () => {
    await srv.deps.store.db.insertInto('bed_claims').values({ survey_id: 'bed', bed_id: 'b2', night: day(5), partition_key: 'held-stay' }).execute();
    const v = await version();
    const before = await beds();
    const r = await save({ version: v, beds: before.filter((b) => b.bedId !== 'b2'), ranges: [{ from: day(30), to: day(30), beds: 0 }] });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ code: 'bed_removal_claimed', errorMessage: refusalText('bed_removal_claimed', { bed: '2号床' }) });
    expect(await version()).toBe(v);
    expect(await beds()).toEqual(before);
    expect(await remaining(30, 30)).toEqual([3]);
  });

  it('refuses a duplicate bedId, a bedId of the wrong shape and an empty list as the import does', async () => {
    const v = await version();
    const before = await beds();
    const dup = await save({ version: v, beds: [...before, { bedId: 'b1', bedName: '別の床' }] });
    expect(dup.status).toBe(400);
    expect(dup.json).toMatchObject({ code: 'bed_ward_invalid', issues: [{ path: `beds.${before.length}.bedId`, message: 'b1 が重複しています' }] });
    const shape = await save({ version: v, beds: [...before, { bedId: 'b 5', bedName: '5号床' }] });
    expect(shape.json.issues).toEqual([{ path: `beds.${before.length}.bedId`, message: 'bedId は空白なしの1〜8文字です' }]);
    expect((await save({ version: v, beds: [] })).json.code).toBe('bed_ward_invalid');
    expect(await version()).toBe(v);
    expect(await beds()).toEqual(before);
  });

  it('refuses a change of the beds under a stale version and writes nothing', async () => {
    const v = await version();
    const before = await beds();
    const r = await save({ version: v - 1, beds: before.map((b) => ({ ...b, bedName: `${b.bedName}改` })) });
    expect(r.status).toBe(409);
    expect(r.json.code).toBe('bed_ward_stale');
    expect(await beds()).toEqual(before);
  });
});
