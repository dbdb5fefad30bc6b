/**
 * The console's bed wards on both engines (server/routes/staff-bed-wards.ts): the wards within
 * reach (through their bed forms' teams), a ward's nights with the beds set and taken, each stay
 * sleeping there (name, dates, status, the bed it holds) — matching the stays booked through the
 * resident's bed calls and the resident calendar's remaining beds; a cancelled stay gone; the
 * range's defaults and cap; the team check; the audit row; and a stay's answer page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';
import { bedBundle, bedSurvey, day, stayRows, today } from './bed-fixture';

const pickSurvey = {
  ...bedSurvey,
  surveyId: 'bedpick',
  surveyTitle: '個室の入院予約',
  surveySchema: [...bedSurvey.surveySchema, { itemKey: 'heya', type: 'selectBed', title: '個室', isRequired: { value: true } }],
};

const bundle = () => {
  const base = bedBundle({ capacity: [{ date: day(12), beds: 2 }] });
  return {
    surveyConfigs: [...base.surveyConfigs, pickSurvey],
    bedWards: [
      ...base.bedWards,
      { surveyId: 'bedpick', beds: [{ bedId: '501', bedName: '501号室' }, { bedId: '502', bedName: '502号室' }], reservationPossibleStart: 0, reservationCancelLimit: 1, days: 30 },
    ],
  };
};

interface Night {
  night: string;
  capacity: number | null;
  held: number;
  free: number;
  beds: { bedId: string; partitionKey: string | null }[];
  stays: string[];
}

describe.each(engines())('staff bed wards (%s)', (engine) => {
  let srv: TestServer;
  let operator: string;
  let outsider: string;
  let admin: string;
  const stay: Record<string, string> = {};

  const book = async (user: string, start: number, end: number, name: string, surveyId = 'bed', bed?: string) => {
    const rows = stayRows(day(start), day(end), name).map((r) => ({ ...r, surveyId }));
    const data = bed ? [...rows, { surveyId, itemKey: 'heya', value: bed }] : rows;
    const res = await srv.api('POST', `/bed-reservation/${surveyId}`, { token: await srv.token(user), body: { data } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.partitionKey as string;
  };
  const cancel = async (user: string, partitionKey: string) => {
    const res = await srv.api('POST', '/bed-reservation/bed/cancel', { token: await srv.token(user), body: { partitionKey } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };
  const nights = (cookie: string, surveyId = 'bed', query = `?from=${day(9)}&nights=6`) => staffFetch(srv, 'GET', `/bed-wards/${surveyId}/nights${query}`, { cookie });
  const remaining = async (from: number, to: number) => {
    const r = await srv.api('GET', `/bed-reservation/bed/calendarBookingBeds?startDate=${day(from)}&endDate=${day(to)}`, { token: await srv.token('U-w-cal') });
    return (r.json.data as { bedRemaining: number }[]).map((d) => d.bedRemaining);
  };
  const auditOf = (action: string) => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('seq').execute();

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, bundle(), 'fixture');
    await giveTeam(srv.deps.store, '病棟A', 'survey', ['bed']);
    await giveTeam(srv.deps.store, '個室', 'survey', ['bedpick']);
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['病棟A'] }));
    outsider = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['個室'] }));
    admin = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin' }));

    stay['ichiro'] = await book('U-w-1', 10, 13, '入院 一郎');
    stay['jiro'] = await book('U-w-2', 12, 14, '入院 二郎');
    const saburo = await book('U-w-3', 11, 12, '取消 三郎');
    await cancel('U-w-3', saburo);
    stay['saburo'] = saburo;
    // Outside the nights asked for: admitted the day after the last one.
    await book('U-w-4', 15, 17, '後日 四郎');
    stay['goro'] = await book('U-w-5', 1, 3, '個室 五郎', 'bedpick', '502');
  });
  afterAll(async () => srv?.stop());

  it('answers each night’s beds set and taken and the stays sleeping there, as the resident calendar counts them', async () => {
    const res = await nights(operator);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const w = res.json.data;
    expect(w).toMatchObject({ surveyId: 'bed', title: '入院予約', from: day(9), to: day(14), choosesBed: false });
    expect(w.beds).toEqual([
      { bedId: 'b1', bedName: '1号床' },
      { bedId: 'b2', bedName: '2号床' },
      { bedId: 'b3', bedName: '3号床' },
    ]);
    const n = w.nights as Night[];
    expect(n.map((x) => x.night)).toEqual([9, 10, 11, 12, 13, 14].map(day));
    expect(n.map((x) => [x.capacity, x.held, x.free])).toEqual([[3, 0, 3], [3, 1, 2], [3, 1, 2], [2, 2, 0], [3, 1, 2], [3, 0, 3]]);
    expect(n.map((x) => x.free)).toEqual(await remaining(9, 14));
    const { ichiro, jiro } = stay as { ichiro: string; jiro: string };
    // A discharge day is no night of the stay: 一郎 leaves on day 13, 二郎 on day 14.
    expect(n.map((x) => x.stays)).toEqual([[], [ichiro], [ichiro], [ichiro, jiro], [jiro], []]);
    for (const x of n) expect(x.beds.every((b) => b.partitionKey === null)).toBe(true);
    expect(w.stays).toEqual([
      { partitionKey: ichiro, name: '入院 一郎', answerCode: null, startDate: day(10), startSession: '午後', endDate: day(13), endSession: '午前', status: '未対応', bedId: null },
      { partitionKey: jiro, name: '入院 二郎', answerCode: null, startDate: day(12), startSession: '午後', endDate: day(14), endSession: '午前', status: '未対応', bedId: null },
    ]);
  });

  it('leaves a cancelled stay out, and one cancelled since goes with its nights', async () => {
    const before = (await nights(operator)).json.data;
    expect(before.stays.map((s: { partitionKey: string }) => s.partitionKey)).not.toContain(stay['saburo']);
    const late = await book('U-w-6', 11, 12, '直前 六郎');
    const booked = (await nights(operator)).json.data;
    expect((booked.nights as Night[])[2]).toMatchObject({ night: day(11), held: 2, stays: [stay['ichiro'], late] });
    await cancel('U-w-6', late);
    const after = (await nights(operator)).json.data;
    expect(after.stays.map((s: { partitionKey: string }) => s.partitionKey)).toEqual([stay['ichiro'], stay['jiro']]);
    expect((after.nights as Night[])[2]).toMatchObject({ night: day(11), held: 1, stays: [stay['ichiro']] });
  });

  it('shows the bed each stay holds on a ward whose form chooses one', async () => {
    const res = await nights(admin, 'bedpick', `?from=${day(0)}&nights=4`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.choosesBed).toBe(true);
    const n = res.json.data.nights as Night[];
    const goro = stay['goro'] as string;
    expect(n.map((x) => x.beds)).toEqual([
      [{ bedId: '501', partitionKey: null }, { bedId: '502', partitionKey: null }],
      [{ bedId: '501', partitionKey: null }, { bedId: '502', partitionKey: goro }],
      [{ bedId: '501', partitionKey: null }, { bedId: '502', partitionKey: goro }],
      [{ bedId: '501', partitionKey: null }, { bedId: '502', partitionKey: null }],
    ]);
    expect(n.map((x) => [x.capacity, x.held])).toEqual([[2, 0], [2, 1], [2, 1], [2, 0]]);
    expect(res.json.data.stays).toEqual([expect.objectContaining({ partitionKey: goro, name: '個室 五郎', bedId: '502' })]);
  });

  it('starts today in Asia/Tokyo with 14 nights, has no count outside the ward’s span, and caps the run at 31', async () => {
    const res = await nights(operator, 'bed', '');
    expect(res.json.data.from).toBe(today.toString());
    expect(res.json.data.nights).toHaveLength(14);
    expect(res.json.data.to).toBe(day(13));
    const edge = await nights(operator, 'bed', `?from=${day(58)}&nights=3`);
    expect((edge.json.data.nights as Night[]).map((x) => [x.capacity, x.free])).toEqual([[3, 3], [3, 3], [null, 0]]);
    expect((await nights(operator, 'bed', `?from=${day(0)}&nights=31`)).json.data.nights).toHaveLength(31);
    expect((await nights(operator, 'bed', `?nights=32`)).status).toBe(400);
    expect((await nights(operator, 'bed', `?nights=0`)).status).toBe(400);
    expect((await nights(operator, 'bed', `?from=2026-02-30`)).status).toBe(400);
  });

  it('lists the wards of the person’s teams; another team’s ward is refused, and an unknown one is 404', async () => {
    const mine = await staffFetch(srv, 'GET', '/bed-wards', { cookie: operator });
    expect(mine.json.data.wards).toEqual([{ surveyId: 'bed', title: '入院予約', beds: 3, teams: ['病棟A'] }]);
    const theirs = await staffFetch(srv, 'GET', '/bed-wards', { cookie: outsider });
    expect(theirs.json.data.wards).toEqual([{ surveyId: 'bedpick', title: '個室の入院予約', beds: 2, teams: ['個室'] }]);
    const all = await staffFetch(srv, 'GET', '/bed-wards', { cookie: admin });
    expect(all.json.data.wards.map((w: { surveyId: string }) => w.surveyId)).toEqual(['bed', 'bedpick']);

    const before = (await auditOf('answer.list')).length;
    const refused = await nights(outsider);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('staff_team_forbidden');
    expect((await nights(operator, 'bedpick')).json.code).toBe('staff_team_forbidden');
    expect(await auditOf('answer.list')).toHaveLength(before);
    expect((await nights(admin, 'no-such-ward')).status).toBe(404);
    expect((await staffFetch(srv, 'GET', '/bed-wards/bed/nights', {})).status).toBe(401);
  });

  it('counts a ward form’s stays on the forms list, per status and of the last 7 days', async () => {
    const forms = (await staffFetch(srv, 'GET', '/forms', { cookie: operator })).json.data.forms as { surveyId: string; counts: unknown; ward: boolean }[];
    expect(forms.find((f) => f.surveyId === 'bed')?.ward).toBe(true);
    // 一郎, 二郎 and 四郎 booked; 三郎 and 六郎 cancelled.
    expect(forms.find((f) => f.surveyId === 'bed')?.counts).toEqual({ byStatus: { 未対応: 3, キャンセル: 2 }, total: 5, lastSevenDays: 5 });
  });

  it('audits each read with the stays shown', async () => {
    const before = (await auditOf('answer.list')).length;
    expect((await nights(operator)).status).toBe(200);
    const rows = await auditOf('answer.list');
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1) as (typeof rows)[number];
    expect(row.target_kind).toBe('answer');
    expect(JSON.parse(row.target_ids_json)).toEqual([stay['ichiro'], stay['jiro']].sort());
    expect(JSON.parse(row.detail_json)).toEqual({ view: 'bed-ward', surveyId: 'bed', from: day(9), to: day(14) });
  });

  it('opens a stay’s answer page for the ward’s team, with its dates, and audits it', async () => {
    const pk = stay['ichiro'] as string;
    const page = await staffFetch(srv, 'GET', `/forms/bed/answers/${encodeURIComponent(pk)}`, { cookie: operator });
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json.data).toMatchObject({ surveyId: 'bed', partitionKey: pk, userId: 'U-w-1', status: '未対応', answerCode: null });
    const items = page.json.data.items as { itemKey: string; title: string; values: string[] }[];
    expect(items.map((i) => [i.itemKey, i.title, i.values])).toEqual([
      ['name', 'お名前', ['入院 一郎']],
      ['startDate', '入院日', [`${day(10)} 午後`]],
      ['endDate', '退院日', [`${day(13)} 午前`]],
    ]);
    const read = (await auditOf('answer.read')).at(-1);
    expect(JSON.parse(read?.target_ids_json as string)).toEqual([pk]);
    expect((await staffFetch(srv, 'GET', `/forms/bed/answers/${encodeURIComponent(pk)}`, { cookie: outsider })).status).toBe(403);
    // A stay is the answer of its own ward's form only.
    expect((await staffFetch(srv, 'GET', `/forms/bedpick/answers/${encodeURIComponent(pk)}`, { cookie: admin })).status).toBe(404);
  });
});
