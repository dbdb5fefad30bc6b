/**
 * LINE message settings saved on both engines: a form's lineMessages through the console's form
 * save and the bundle import, a calendar's reminders through its settings save and the import;
 * bad ones refused with the Japanese text at their path and nothing written, good ones stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { formMessageSettings, remindersOf } from '@core/messages/settings';
import { BundleError, importBundle } from '../../server/forms/import';
import { findCalendar } from '../../server/store/calendars';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';
import { bundle } from './reservation-fixture';
import { surveyConfigSchema } from '@core/form/survey-config';

describe.each(engines())('LINE message settings (%s)', (engine) => {
  let srv: TestServer;
  let member: string;

  const readForm = async () => (await staffFetch(srv, 'GET', '/forms/rsv/config', { cookie: member })).json.data as { version: number; config: Record<string, unknown> };
  const saveForm = (version: number, config: Record<string, unknown>) => staffFetch(srv, 'POST', '/forms/rsv/config', { cookie: member, body: { version, config } });
  const readCal = async () => (await staffFetch(srv, 'GET', '/calendars/cal-b/settings', { cookie: member })).json.data as { version: number; settings: Record<string, unknown> };
  const saveCal = (version: number, settings: Record<string, unknown>) => staffFetch(srv, 'POST', '/calendars/cal-b/settings', { cookie: member, body: { version, settings } });

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, bundle(), 'fixture');
    await giveTeam(srv.deps.store, '窓口', 'survey', ['rsv']);
    await giveTeam(srv.deps.store, '窓口', 'calendar', ['cal-b']);
    member = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['窓口'] }));
  });
  afterAll(async () => srv?.stop());

  it('refuses a form save with a bad reminder or an unknown placeholder, in Japanese at its path, and writes nothing', async () => {
    const { version, config } = await readForm();
    const r = await saveForm(version, {
      ...config,
      lineMessages: { reminders: [{ daysBefore: 31, at: '9:00' }], templates: { reminder: { body: '{予約番号}をお持ちください' } } },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(400);
    expect(r.json).toMatchObject({ code: 'form_invalid', errorMessage: refusalText('form_invalid') });
    expect(r.json.issues).toEqual(
      expect.arrayContaining([
        { path: 'lineMessages.reminders[0].daysBefore', message: '何日前かは 0〜30 の整数で入力してください' },
        { path: 'lineMessages.reminders[0].at', message: '時刻は 09:00 のように 00:00〜23:59 で入力してください' },
        { path: 'lineMessages.templates.reminder.body', message: expect.stringMatching(/^使えない差し込み項目があります: \{予約番号\}/) },
      ]),
    );
    expect((await readForm()).version).toBe(version);
  });

  it('stores a good form save and its settings read back', async () => {
    const { version, config } = await readForm();
    const lineMessages = {
      send: { reservation_changed: false },
      reminders: [{ daysBefore: 3, at: '18:00' }, { daysBefore: 0, at: '07:30' }],
      announce: [{ status: '対応済', text: '受付が済みました。' }],
      templates: { reservation_booked: { title: '{フォーム名}のご予約', body: '{日時}にお越しください。' } },
    };
    const r = await saveForm(version, { ...config, lineMessages });
    expect(r.json, JSON.stringify(r.json)).toMatchObject({ result: 'OK', data: { version: version + 1, changed: true } });
    const stored = await readForm();
    expect(stored.config['lineMessages']).toEqual(lineMessages);
    const settings = formMessageSettings(surveyConfigSchema.parse(stored.config));
    expect(settings.send.reservation_changed).toBe(false);
    expect(settings.announce).toEqual({ 対応済: '受付が済みました。' });
  });

  it('refuses a calendar save with bad reminders in Japanese and stores a good one, which then wins over the form’s', async () => {
    const { version, settings } = await readCal();
    const bad = await saveCal(version, { ...settings, reminders: [{ daysBefore: 1, at: '25:00' }, { daysBefore: 1, at: '25:00' }] });
    expect(bad.status, JSON.stringify(bad.json)).toBe(400);
    expect(bad.json).toMatchObject({ code: 'calendar_settings_invalid', errorMessage: refusalText('calendar_settings_invalid') });
    expect(bad.json.issues).toEqual(expect.arrayContaining([{ path: 'reminders.0.at', message: '時刻は 09:00 のように 00:00〜23:59 で入力してください' }]));
    expect((await readCal()).version).toBe(version);
    const good = await saveCal(version, { ...settings, reminders: [{ daysBefore: 2, at: '10:00' }] });
    expect(good.json, JSON.stringify(good.json)).toMatchObject({ result: 'OK', data: { saved: true, changed: ['reminders'] } });
    expect((await readCal()).settings['reminders']).toEqual([{ daysBefore: 2, at: '10:00' }]);
    const calendar = await findCalendar(srv.deps.store.db, 'cal-b');
    const form = formMessageSettings(surveyConfigSchema.parse((await readForm()).config));
    expect(remindersOf(form, calendar)).toEqual([{ daysBefore: 2, at: '10:00' }]);
    expect(remindersOf(form, await findCalendar(srv.deps.store.db, 'cal-a'))).toEqual(form.reminders);
  });

  it('imports a bundle with both and refuses one with bad settings', async () => {
    const b = bundle();
    const surveys = b.surveyConfigs.map((s) => (s.surveyId === 'rsv-single' ? { ...s, lineMessages: { reminders: [{ daysBefore: 1, at: '08:00' }] } } : s));
    const calendars = b.calendars.map((c) => (c.sortKey === 'cal-d' ? { ...c, reminders: [{ daysBefore: 5, at: '12:00' }] } : c));
    await importBundle(srv.deps.store, { ...b, surveyConfigs: surveys, calendars }, 'fixture');
    expect((await findCalendar(srv.deps.store.db, 'cal-d'))?.reminders).toEqual([{ daysBefore: 5, at: '12:00' }]);
    const bad = { ...b, calendars: b.calendars.map((c) => (c.sortKey === 'cal-d' ? { ...c, reminders: [{ daysBefore: 99, at: '12:00' }] } : c)) };
    await expect(importBundle(srv.deps.store, bad, 'fixture')).rejects.toBeInstanceOf(BundleError);
    const badForm = { ...b, surveyConfigs: b.surveyConfigs.map((s) => ({ ...s, lineMessages: { announce: [{ status: '済', text: 'x' }] } })) };
    await expect(importBundle(srv.deps.store, badForm, 'fixture')).rejects.toBeInstanceOf(BundleError);
  });
});
