/**
 * Staff configuring a calendar's own settings on both engines (server/routes/staff-calendar-settings.ts):
 * read with the version and what each coma holds; a save of comas and booking rules under the
 * version the slots save shares (either one stale is refused and writes nothing); the import's
 * checks refused by path; a removed coma holding bookings answered with them and never saved, one
 * holding none removed with its slots; each save audited; the role and team checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';
import { bundle, day, value } from './reservation-fixture';

describe.each(engines())('staff calendar settings (%s)', (engine) => {
  let srv: TestServer;
  let member: string;
  let operator: string;
  let outsider: string;
  let booked = '';

  const read = (cookie = member, calendarId = 'cal-b') => staffFetch(srv, 'GET', `/calendars/${calendarId}/settings`, { cookie });
  const save = (version: number, settings: Record<string, unknown>, cookie = member, calendarId = 'cal-b') =>
    staffFetch(srv, 'POST', `/calendars/${calendarId}/settings`, { cookie, body: { version, settings } });
  const current = async () => (await read()).json.data as { version: number; settings: Record<string, unknown> & { comaList: Record<string, { start: string; end: string }> }; held: Record<string, number> };
  const residentInfo = async () => (await srv.api('GET', '/calendars/info/naika-b', { token: await srv.token('U-set-viewer') })).json.data;
  const audits = () => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'config.save').orderBy('seq').execute();

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, bundle(), 'fixture');
    await giveTeam(srv.deps.store, '受付', 'calendar', ['cal-b']);
    member = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['受付'], name: '設定 一子' }));
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['受付'] }));
    outsider = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['健診'] }));
    const r = await srv.api('POST', '/survey-results/putItem', {
      token: await srv.token('U-set-1'),
      body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: value('naika-b', 'v1', 3, '4') }, { surveyId: 'rsv', itemKey: 'name', value: '予約 一郎' }] },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    booked = r.json.partitionKey as string;
  });
  afterAll(async () => srv?.stop());

  it('reads the settings with the version and the places each coma holds from today on', async () => {
    const res = await read(operator);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ calendarId: 'cal-b', version: 0, held: { 4: 1 }, settings: { calendarOff: 0, reservationControlType: 0, reservationPossibleMonths: 1 } });
    expect(Object.keys(res.json.data.settings.comaList)).toEqual(['1', '2', '3', '4', '5']);
    expect(res.json.data.settings.sortKey).toBeUndefined();
  });

  it('saves a coma’s time and the booking rules under the version; residents read them; the same version again is refused', async () => {
    const { version, settings } = await current();
    const next = { ...settings, comaList: { ...settings.comaList, 1: { start: '08:30', end: '09:15' } }, reservationCancelLimit: 3, reservationMaxCountOfDay: 2, reservationControlType: 1 };
    const r = await save(version, next);
    expect(r.json, JSON.stringify(r.json)).toMatchObject({ result: 'OK', data: { saved: true, version: version + 1, changed: ['comaList', 'reservationCancelLimit', 'reservationControlType', 'reservationMaxCountOfDay'] } });
    expect(await residentInfo()).toMatchObject({ comaList: { 1: { start: '08:30', end: '09:15' } }, reservationCancelLimit: 3, reservationMaxCountOfDay: 2, reservationControlType: 1 });
    const stale = await save(version, { ...next, reservationCancelLimit: 9 });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: 'calendar_stale', errorMessage: refusalText('calendar_stale') });
    expect((await residentInfo()).reservationCancelLimit).toBe(3);
    const rows = await audits();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_kind: 'staff', target_kind: 'calendar', outcome: 'ok' });
    expect(JSON.parse(rows[0]?.detail_json as string)).toMatchObject({ what: 'settings', version: version + 1, comasRemoved: [] });
  });

  it('shares the version with the slots save: a settings save on a version a slots save took is stale, and the other way round', async () => {
    const { version, settings } = await current();
    const slots = await staffFetch(srv, 'POST', '/calendars/cal-b/slots', { cookie: member, body: { version, quotas: [{ day: day(2), slot: '1', quota: 4 }], dayOffs: { add: [], remove: [] } } });
    expect(slots.json.data).toMatchObject({ saved: true, version: version + 1 });
    expect((await save(version, { ...settings, calendarOff: 1 })).json.code).toBe('calendar_stale');
    expect((await save(version + 1, { ...settings, calendarOff: 1 })).json.data).toMatchObject({ saved: true, version: version + 2, changed: ['calendarOff'] });
    const late = await staffFetch(srv, 'POST', '/calendars/cal-b/slots', { cookie: member, body: { version: version + 1, quotas: [{ day: day(2), slot: '1', quota: 5 }], dayOffs: { add: [], remove: [] } } });
    expect(late.json.code).toBe('calendar_stale');
    expect((await residentInfo()).calendarOff).toBe(1);
    expect((await save(version + 2, { ...settings, calendarOff: 0 })).json.data.saved).toBe(true);
  });

  it('refuses what the import refuses, by path, and writes nothing', async () => {
    const { version, settings } = await current();
    const bad = await save(version, { ...settings, comaList: { ...settings.comaList, 2: { start: '10:00', end: '09:00' }, 3: { start: '9時', end: '10:00' } } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      code: 'calendar_settings_invalid',
      issues: [
        { path: 'comaList.2', message: '枠 2 の終了時刻は開始時刻より後にしてください' },
        { path: 'comaList.3', message: '枠 3 の時刻は 09:00 のように 00:00〜24:00 で入力してください' },
      ],
    });
    expect((await save(version, { ...settings, comaList: {} })).json.code).toBe('calendar_settings_invalid');
    expect((await save(version, { ...settings, reservationControlType: 5 })).status).toBe(400);
    expect((await save(version, { ...settings, reservationCancelLimit: -1 })).status).toBe(400);
    expect((await current()).version).toBe(version);
    // The import refuses the same comaList.
    await expect(importBundle(srv.deps.store, { calendars: [{ sortKey: 'cal-x', calendarOff: 0, comaList: { 1: { start: '10:00', end: '09:00' } } }] }, 'bad.json')).rejects.toThrow(
      'bad.json: calendars[0].comaList["1"]: 枠 1 の終了時刻は開始時刻より後にしてください',
    );
  });

  it('a removed coma holding bookings is answered with them and not saved; one holding none goes with its slots', async () => {
    const { version, settings } = await current();
    const { 4: held, 5: empty, ...rest } = settings.comaList;
    expect(held && empty).toBeTruthy();
    const ask = await save(version, { ...settings, comaList: { ...rest, 5: empty } });
    expect(ask.json, JSON.stringify(ask.json)).toMatchObject({ result: 'OK', data: { saved: false, held: [{ slot: '4', bookings: [{ day: day(3), partitionKey: booked, name: '予約 一郎' }] }] } });
    expect((await current()).version).toBe(version);
    const shown = await srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'answer.list').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(shown.detail_json as string)).toMatchObject({ view: 'coma-removal', calendarId: 'cal-b' });
    const ok = await save(version, { ...settings, comaList: { ...rest, 4: held } });
    expect(ok.json.data).toMatchObject({ saved: true, version: version + 1 });
    const schedule = await srv.api('GET', `/calendars/schedule/naika-b?start_day=${day(0)}&end_day=${day(5)}`, { token: await srv.token('U-set-viewer') });
    expect(Object.keys(schedule.json.data.comaList)).toEqual(['1', '2', '3', '4']);
    for (const d of Object.values(schedule.json.data.schedule as Record<string, Record<string, unknown>>)) expect(d['5']).toBeUndefined();
    expect(JSON.parse((await audits()).at(-1)?.detail_json as string)).toMatchObject({ comasRemoved: ['5'] });
  });

  it('a coma booked after the settings were read is still not removed', async () => {
    const { version, settings } = await current();
    const { 3: gone, ...rest } = settings.comaList;
    expect(gone).toBeTruthy();
    const r = await srv.api('POST', '/survey-results/putItem', {
      token: await srv.token('U-set-2'),
      body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: value('naika-b', 'v1', 4, '3') }, { surveyId: 'rsv', itemKey: 'name', value: '予約 二郎' }] },
    });
    expect(r.status).toBe(200);
    const ask = await save(version, { ...settings, comaList: rest });
    expect(ask.json.data).toMatchObject({ saved: false, held: [{ slot: '3' }] });
  });

  it('an operator reads but may not save; another team may do neither', async () => {
    const { version, settings } = await current();
    const op = await save(version, settings, operator);
    expect(op.status).toBe(403);
    expect(op.json.code).toBe('staff_forbidden');
    expect((await read(outsider)).json.code).toBe('staff_team_forbidden');
    expect((await save(version, settings, outsider)).json.code).toBe('staff_team_forbidden');
    expect((await current()).version).toBe(version);
  });
});
