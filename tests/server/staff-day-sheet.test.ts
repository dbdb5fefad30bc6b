/**
 * The staff day sheet on both engines (server/routes/staff-day-sheet.ts): the calendars within
 * reach, a day's slots in order with their quotas, held places and live bookings (cancelled ones
 * left out), each booking's name (the form's name item, else the registrant), 受付番号, category,
 * item and status; arrival marks set, changed and cleared, each with its audit row; the walk-in
 * forms; and the role and team checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';
import { bundle, day, surveys, today, value } from './reservation-fixture';

const forms = [
  ...surveys,
  // No name item: a booking shows its registrant.
  { surveyId: 'rsv-noname', surveyTitle: '名前なし予約', surveySchema: [{ itemKey: 'yoyaku', type: 'reservation', title: '予約' }] },
  // Its reservation item prefills from ?yoyaku=…: the walk-in link can carry the slot.
  {
    surveyId: 'rsv-walkin',
    surveyTitle: '窓口予約',
    surveySchema: [
      { itemKey: 'yoyaku', type: 'reservation', title: '予約', queryParam1: 'yoyaku' },
      { itemKey: 'shimei', type: 'text', title: '氏名' },
    ],
  },
];

describe.each(engines())('staff day sheet (%s)', (engine) => {
  let srv: TestServer;
  let operator: string;
  let guest: string;
  let outsider: string;
  let admin: string;
  const booked: Record<string, string> = {};

  const reserve = async (user: string, v: string, surveyId: string, rows: { itemKey: string; value: string }[], extra: Record<string, string> = {}) => {
    const data = [{ surveyId, itemKey: 'yoyaku', value: v, ...extra }, ...rows.map((r) => ({ surveyId, ...r, ...extra }))];
    const res = await srv.api('POST', '/survey-results/putItem', { token: await srv.token(user), body: { data } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.partitionKey as string;
  };
  const sheet = async (cookie: string, calendarId = 'cal-b', date: string | null = day(1)) =>
    staffFetch(srv, 'GET', `/calendars/${calendarId}/day-sheet${date ? `?date=${date}` : ''}`, { cookie });
  const mark = (cookie: string, partitionKey: string, m: 'arrived' | 'noShow' | null, calendarId = 'cal-b') =>
    staffFetch(srv, 'PUT', `/calendars/${calendarId}/arrivals`, { cookie, body: { partitionKey, itemKey: 'yoyaku', mark: m } });
  const auditOf = (action: string) => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('seq').execute();

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, bundle({ surveyConfigs: forms }), 'fixture');
    await giveTeam(srv.deps.store, '受付', 'calendar', ['cal-b']);
    await giveTeam(srv.deps.store, '受付', 'survey', ['rsv', 'rsv-walkin']);
    await giveTeam(srv.deps.store, '健診', 'calendar', ['cal-a']);
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['受付'], name: '受付 花子' }));
    guest = await signIn(srv, await makeStaff(srv.deps.store, { role: 'guest', teams: ['受付'] }));
    outsider = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['健診'] }));
    admin = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin', name: '窓口 三郎' }));

    booked['ichiro'] = await reserve('U-ds-1', value('naika-b', 'v1', 1, '3'), 'rsv', [{ itemKey: 'name', value: '予約 一郎' }]);
    booked['jiro'] = await reserve('U-ds-2', value('naika-b', 'v1', 1, '1'), 'rsv', [{ itemKey: 'name', value: '予約 二郎' }]);
    // Registered at the counter (a resident may not name a registrant): the staff member's name.
    const office = await staffFetch(srv, 'POST', '/survey-results/register', {
      cookie: admin,
      body: { data: [{ surveyId: 'rsv-noname', itemKey: 'yoyaku', value: value('naika-b', 'v1', 1, '1') }] },
    });
    expect(office.status, JSON.stringify(office.json)).toBe(200);
    booked['saburo'] = office.json.partitionKey as string;
    const cancelled = await reserve('U-ds-4', value('naika-b', 'v1', 1, '2'), 'rsv', [{ itemKey: 'name', value: '取消 四郎' }]);
    const c = await srv.api('POST', '/survey-results/cancelItem', { token: await srv.token('U-ds-4'), body: { surveyId: 'rsv', partitionKey: cancelled } });
    expect(c.status).toBe(200);
    // Another day and another calendar: not on the sheet.
    await reserve('U-ds-5', value('naika-b', 'v1', 2, '1'), 'rsv', [{ itemKey: 'name', value: '翌々日 五郎' }]);
    await reserve('U-ds-6', value('naika-a', 'i1', 1, '1'), 'rsv', [{ itemKey: 'name', value: '別カレンダー 六郎' }]);
  });
  afterAll(async () => srv?.stop());

  it('lists the slots in order with quota and held places, and the live bookings of each in booking order', async () => {
    const res = await sheet(operator);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const s = res.json.data;
    expect(s).toMatchObject({ calendarId: 'cal-b', date: day(1), dayOff: false, canHandle: true });
    expect(s.slots.map((x: { slot: string }) => x.slot)).toEqual(['1', '2', '3', '4', '5']);
    expect(s.slots.map((x: { quota: number; held: number }) => [x.quota, x.held])).toEqual([[10, 2], [10, 0], [10, 1], [10, 0], [10, 0]]);
    expect(s.slots[0]).toMatchObject({ start: '09:00', end: '10:00' });
    expect(s.slots[0].bookings.map((b: { name: string }) => b.name)).toEqual(['予約 二郎', '窓口 三郎']);
    // The cancelled booking of slot 2 is left out, not struck through.
    expect(s.slots[1].bookings).toEqual([]);
    const codes = await srv.deps.store.db.selectFrom('survey_results').select('answer_code').where('partition_key', '=', booked['ichiro'] as string).execute();
    expect(s.slots[2].bookings).toEqual([
      {
        partitionKey: booked['ichiro'],
        itemKey: 'yoyaku',
        surveyId: 'rsv',
        surveyTitle: '予約',
        name: '予約 一郎',
        answerCode: codes[0]?.answer_code ?? null,
        category: ['内科', '予防接種'],
        itemName: '接種',
        status: '未対応',
        paymentPending: false,
        arrival: null,
      },
    ]);
  });

  it('defaults to today in Asia/Tokyo and audits each read of the sheet', async () => {
    const before = (await auditOf('answer.list')).length;
    const res = await sheet(operator, 'cal-b', null);
    expect(res.json.data.date).toBe(today.toString());
    const rows = await auditOf('answer.list');
    expect(rows).toHaveLength(before + 1);
    expect(JSON.parse(rows.at(-1)?.detail_json as string)).toMatchObject({ view: 'day-sheet', date: today.toString(), bookings: 0 });
    expect(JSON.parse(rows.at(-1)?.target_ids_json as string)).toEqual(['cal-b']);
  });

  it('sets, changes and clears an arrival mark, each with its audit row', async () => {
    const pk = booked['jiro'] as string;
    const set = await mark(operator, pk, 'arrived');
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.data.arrival).toMatchObject({ mark: 'arrived', staffName: '受付 花子' });
    let b = (await sheet(operator)).json.data.slots[0].bookings[0];
    expect(b.arrival).toMatchObject({ mark: 'arrived', staffName: '受付 花子' });

    expect((await mark(operator, pk, 'noShow')).status).toBe(200);
    b = (await sheet(operator)).json.data.slots[0].bookings[0];
    expect(b.arrival.mark).toBe('noShow');

    expect((await mark(operator, pk, null)).json.data.arrival).toBeNull();
    b = (await sheet(operator)).json.data.slots[0].bookings[0];
    expect(b.arrival).toBeNull();

    const rows = (await auditOf('answer.arrival')).filter((r) => JSON.parse(r.target_ids_json).includes(pk));
    expect(rows.map((r) => JSON.parse(r.detail_json))).toEqual([
      { calendarId: 'cal-b', itemKey: 'yoyaku', day: day(1), slot: '1', from: null, to: 'arrived' },
      { calendarId: 'cal-b', itemKey: 'yoyaku', day: day(1), slot: '1', from: 'arrived', to: 'noShow' },
      { calendarId: 'cal-b', itemKey: 'yoyaku', day: day(1), slot: '1', from: 'noShow', to: null },
    ]);
  });

  it('refuses a mark on a booking that is not on the calendar, and writes no row', async () => {
    const before = (await auditOf('answer.arrival')).length;
    const gone = await mark(operator, 'rsv#U-nobody#1', 'arrived');
    expect(gone.status).toBe(404);
    expect(gone.json.code).toBe('booking_not_found');
    // A booking of another calendar, named under this one.
    const other = await mark(admin, booked['ichiro'] as string, 'arrived', 'cal-a');
    expect(other.json.code).toBe('booking_not_found');
    expect(await auditOf('answer.arrival')).toHaveLength(before);
    expect(await srv.deps.store.db.selectFrom('arrivals').selectAll().execute()).toEqual([]);
  });

  it('a guest reads the sheet but cannot mark; a person outside the calendar’s teams does neither', async () => {
    const read = await sheet(guest);
    expect(read.status).toBe(200);
    expect(read.json.data.canHandle).toBe(false);
    expect(read.json.data.walkIns).toEqual([]);
    const refused = await mark(guest, booked['ichiro'] as string, 'arrived');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('staff_forbidden');
    expect((await sheet(outsider)).json.code).toBe('staff_team_forbidden');
    expect((await mark(outsider, booked['ichiro'] as string, 'arrived')).json.code).toBe('staff_team_forbidden');
    expect((await sheet(admin)).status).toBe(200);
    expect(await srv.deps.store.db.selectFrom('arrivals').selectAll().execute()).toEqual([]);
  });

  it('lists the calendars within reach with their categories', async () => {
    const mine = await staffFetch(srv, 'GET', '/calendars', { cookie: operator });
    expect(mine.json.data.calendars).toEqual([{ calendarId: 'cal-b', name: 'cal-b', categories: [['内科', '予防接種']], teams: ['受付'] }]);
    const all = await staffFetch(srv, 'GET', '/calendars', { cookie: admin });
    expect(all.json.data.calendars.map((c: { calendarId: string }) => c.calendarId).sort()).toEqual(['cal-a', 'cal-b', 'cal-d', 'cal-d2', 'cal-early', 'cal-later', 'cal-off']);
  });

  it('offers walk-ins on the forms of the person’s teams, with the parameter their reservation item prefills from', async () => {
    const walkIns = (await sheet(operator)).json.data.walkIns;
    expect(walkIns).toEqual([
      { surveyId: 'rsv', surveyTitle: '予約', categoryId: 'naika-b', itemId: 'v1', category: ['内科', '予防接種'], itemName: '接種', param: null },
      { surveyId: 'rsv-walkin', surveyTitle: '窓口予約', categoryId: 'naika-b', itemId: 'v1', category: ['内科', '予防接種'], itemName: '接種', param: 'yoyaku' },
    ]);
  });

  it('a mark belongs to the day it was made on: a booking moved to another day shows none', async () => {
    const pk = await reserve('U-ds-7', value('naika-b', 'v1', 3, '1'), 'rsv-single', [{ itemKey: 'name', value: '変更 七郎' }]);
    expect((await mark(operator, pk, 'arrived')).status).toBe(200);
    const moved = await reserve('U-ds-7', value('naika-b', 'v1', 4, '2'), 'rsv-single', [{ itemKey: 'name', value: '変更 七郎' }], { partitionKey: pk });
    expect(moved).toBe(pk);
    expect((await sheet(operator, 'cal-b', day(3))).json.data.slots[0].bookings).toEqual([]);
    const after = (await sheet(operator, 'cal-b', day(4))).json.data.slots[1].bookings;
    expect(after.map((b: { name: string; arrival: unknown }) => [b.name, b.arrival])).toEqual([['変更 七郎', null]]);
  });
});
