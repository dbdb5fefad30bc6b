/**
 * Staff configuring a calendar's slots on both engines (server/routes/staff-slots.ts): the grid,
 * a save under the calendar's version (a stale one refused, 50 concurrent editors losing none),
 * a quota lowered below held bookings and a day off over them answered with the bookings and
 * saved only confirmed (the bookings stay, the slot shows full), a held slot never removed, a CSV
 * with one bad row writing nothing, each save audited, and the role and team checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';
import { bundle, day, value } from './reservation-fixture';

describe.each(engines())('staff slots (%s)', (engine) => {
  let srv: TestServer;
  let member: string;
  let operator: string;
  let outsider: string;
  const booked: string[] = [];

  const grid = (cookie: string, from = day(1), days = 7, calendarId = 'cal-b') => staffFetch(srv, 'GET', `/calendars/${calendarId}/slots?from=${from}&days=${days}`, { cookie });
  const save = (body: Record<string, unknown>, cookie = member, calendarId = 'cal-b') =>
    staffFetch(srv, 'POST', `/calendars/${calendarId}/slots`, { cookie, body: { quotas: [], dayOffs: { add: [], remove: [] }, ...body } });
  const csv = (text: string, version: number, confirm?: boolean) => staffFetch(srv, 'POST', '/calendars/cal-b/slots/csv', { cookie: member, body: { version, csv: text, ...(confirm ? { confirm } : {}) } });
  const version = async () => (await grid(member)).json.data.version as number;
  const residentCounts = async (offset: number) => {
    const res = await srv.api('GET', `/calendars/schedule/naika-b?start_day=${day(offset)}&end_day=${day(offset)}`, { token: await srv.token('U-slot-viewer') });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return { slots: res.json.data.schedule[day(offset)] ?? {}, dayOff: res.json.data.dayOff[day(offset)] === 1 };
  };
  const reserve = async (user: string, offset: number, slot: string, name: string) => {
    const res = await srv.api('POST', '/survey-results/putItem', {
      token: await srv.token(user),
      body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: value('naika-b', 'v1', offset, slot) }, { surveyId: 'rsv', itemKey: 'name', value: name }] },
    });
    return res;
  };
  const saves = () => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'config.save').orderBy('seq').execute();

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, bundle(), 'fixture');
    await giveTeam(srv.deps.store, '受付', 'calendar', ['cal-b']);
    member = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['受付'], name: '設定 一子' }));
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['受付'] }));
    outsider = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['健診'] }));
    for (const [user, name] of [['U-slot-1', '予約 一郎'], ['U-slot-2', '予約 二郎']] as const) {
      const r = await reserve(user, 4, '2', name);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      booked.push(r.json.partitionKey as string);
    }
  });
  afterAll(async () => srv?.stop());

  it('reads the grid: each day with its day off and every slot’s quota and held places, and the version', async () => {
    const res = await grid(operator, day(3), 2);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ calendarId: 'cal-b', version: 0 });
    expect(Object.keys(res.json.data.comaList)).toEqual(['1', '2', '3', '4', '5']);
    expect(res.json.data.days).toEqual([
      { day: day(3), dayOff: false, slots: { 1: [10, 0], 2: [10, 0], 3: [10, 0], 4: [10, 0], 5: [10, 0] } },
      { day: day(4), dayOff: false, slots: { 1: [10, 0], 2: [10, 2], 3: [10, 0], 4: [10, 0], 5: [10, 0] } },
    ]);
    expect((await grid(operator, day(0), 43)).status).toBe(400);
  });

  it('saves a quota under the version; the resident calendar shows it; the same version again is refused and writes nothing', async () => {
    const r = await save({ version: 0, quotas: [{ day: day(3), slot: '1', quota: 4 }, { day: day(3), slot: '5', quota: null }] });
    expect(r.json, JSON.stringify(r.json)).toMatchObject({ result: 'OK', data: { saved: true, version: 1, changed: 2 } });
    expect((await residentCounts(3)).slots).toEqual({ 1: [4, 0], 2: [10, 0], 3: [10, 0], 4: [10, 0] });
    const stale = await save({ version: 0, quotas: [{ day: day(3), slot: '1', quota: 7 }] });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: 'calendar_stale', errorMessage: refusalText('calendar_stale') });
    expect((await residentCounts(3)).slots['1']).toEqual([4, 0]);
    expect(await version()).toBe(1);
    const audits = await saves();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_kind: 'staff', target_kind: 'calendar', outcome: 'ok' });
    expect(JSON.parse(audits[0]?.detail_json as string)).toMatchObject({ what: 'slots', source: 'grid', version: 1, quotas: 2 });
  });

  it('a quota below the held bookings is answered with them and saved only confirmed: the bookings stay, the slot is full', async () => {
    const v = await version();
    const ask = await save({ version: v, quotas: [{ day: day(4), slot: '2', quota: 1 }] });
    expect(ask.json.data.saved).toBe(false);
    expect(ask.json.data.affected).toEqual([
      {
        day: day(4),
        slot: '2',
        held: 2,
        quota: 1,
        bookings: expect.arrayContaining([expect.objectContaining({ partitionKey: booked[0], name: '予約 一郎' }), expect.objectContaining({ partitionKey: booked[1], name: '予約 二郎' })]),
      },
    ]);
    expect(await version()).toBe(v);
    expect((await residentCounts(4)).slots['2']).toEqual([10, 2]);
    const shown = await srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'answer.list').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(shown.target_ids_json as string).sort()).toEqual([...booked].sort());
    expect(JSON.parse(shown.detail_json as string)).toMatchObject({ view: 'slot-conflicts', calendarId: 'cal-b' });
    const ok = await save({ version: v, quotas: [{ day: day(4), slot: '2', quota: 1 }], confirm: true });
    expect(ok.json.data).toMatchObject({ saved: true, version: v + 1 });
    expect((await residentCounts(4)).slots['2']).toEqual([1, 2]);
    const late = await reserve('U-slot-3', 4, '2', '遅刻 三郎');
    expect(late.json.code).toBe('quota_exceeded');
    const sheet = await staffFetch(srv, 'GET', `/calendars/cal-b/day-sheet?date=${day(4)}`, { cookie: member });
    expect(sheet.json.data.slots[1].bookings).toHaveLength(2);
  });

  it('臨時休業 over bookings is confirmed first; residents see 休 and the bookings stay; 臨時営業 takes it back', async () => {
    const v = await version();
    const ask = await save({ version: v, dayOffs: { add: [day(4)], remove: [] } });
    expect(ask.json.data).toMatchObject({ saved: false, affected: [{ day: day(4), slot: null, held: 2, quota: null }] });
    expect((await residentCounts(4)).dayOff).toBe(false);
    expect((await save({ version: v, dayOffs: { add: [day(4)], remove: [] }, confirm: true })).json.data.saved).toBe(true);
    expect((await residentCounts(4)).dayOff).toBe(true);
    expect((await grid(member, day(4), 1)).json.data.days[0]).toMatchObject({ dayOff: true, slots: { 2: [1, 2] } });
    expect((await save({ version: v + 1, dayOffs: { add: [], remove: [day(4)] } })).json.data).toMatchObject({ saved: true, version: v + 2, changed: 1 });
    expect((await residentCounts(4)).dayOff).toBe(false);
  });

  it('never removes a slot that holds bookings; refuses edits that are not the calendar’s', async () => {
    const v = await version();
    const held = await save({ version: v, quotas: [{ day: day(4), slot: '2', quota: null }] });
    expect(held.status).toBe(409);
    expect(held.json.errorMessage).toBe(refusalText('slot_removal_held', { day: day(4), slot: '2' }));
    const bad = await save({ version: v, quotas: [{ day: day(5), slot: '9', quota: 3 }, { day: day(5), slot: '1', quota: 2 }, { day: day(5), slot: '1', quota: 3 }] });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'slots_invalid', issues: [{ path: `${day(5)}|9`, message: 'この枠はカレンダーにありません' }, { path: `${day(5)}|1`, message: '同じ日付・枠が2回あります' }] });
    expect((await save({ version: v, quotas: [{ day: day(5), slot: '1', quota: 10000 }] })).status).toBe(400);
    expect(await version()).toBe(v);
  });

  it('reads a CSV whole: one bad row and nothing is written, every problem by line; a good one saves quotas and days', async () => {
    const v = await version();
    const [y, m, d] = day(6).split('-');
    const bad = await csv(`\uFEFF日付,枠,枠数\r\n${day(6)},1,3\r\n${day(6)},7,3\r\n${day(7)},1,x\r\n`, v);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      code: 'slots_csv_invalid',
      issues: [
        { path: '3行目', message: '枠「7」はこのカレンダーにありません' },
        { path: '4行目', message: '枠数「x」は0から9999までの整数にしてください' },
      ],
    });
    expect((await residentCounts(6)).slots['1']).toEqual([10, 0]);
    expect(await version()).toBe(v);
    const good = await csv(`日付,枠,枠数\n${y}/${Number(m)}/${Number(d)},1,3\n"${day(6)}","2","0"\n${day(7)},休業,\n`, v);
    expect(good.json.data, JSON.stringify(good.json)).toMatchObject({ saved: true, version: v + 1, changed: 3 });
    expect((await residentCounts(6)).slots).toMatchObject({ 1: [3, 0], 2: [0, 0] });
    expect((await residentCounts(7)).dayOff).toBe(true);
    expect(JSON.parse((await saves()).at(-1)?.detail_json as string)).toMatchObject({ source: 'csv', dayOffsAdded: [day(7)] });
  });

  it('50 staff saving one calendar at once lose no edit: each stale save is refused, read again and saved', async () => {
    const start = await version();
    const edit = async (i: number) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const r = await save({ version: await version(), quotas: [{ day: day(10 + Math.floor(i / 5)), slot: String((i % 5) + 1), quota: i }] });
        if (r.json.data?.saved) return attempt;
        expect(r.json.code, JSON.stringify(r.json)).toBe('calendar_stale');
      }
      throw new Error(`edit ${i} never saved`);
    };
    const attempts = await Promise.all(Array.from({ length: 50 }, (_, i) => edit(i)));
    expect(attempts.some((a) => a > 0)).toBe(true);
    expect(await version()).toBe(start + 50);
    const days = (await grid(member, day(10), 10)).json.data.days as { slots: Record<string, [number, number]> }[];
    for (let i = 0; i < 50; i++) expect(days[Math.floor(i / 5)]?.slots[String((i % 5) + 1)]?.[0], `edit ${i}`).toBe(i);
  }, 60_000);

  it('an operator reads but may not save; another team may do neither', async () => {
    const v = await version();
    const op = await save({ version: v, quotas: [{ day: day(8), slot: '1', quota: 1 }] }, operator);
    expect(op.status).toBe(403);
    expect(op.json.code).toBe('staff_forbidden');
    expect((await grid(outsider)).json.code).toBe('staff_team_forbidden');
    expect((await save({ version: v, quotas: [] }, outsider)).json.code).toBe('staff_team_forbidden');
    expect(await version()).toBe(v);
  });
});
