/** The LINE message settings: the config schema (core/messages/config-schema.ts) and the defaults read from it (settings.ts). */
import { describe, expect, it } from 'vitest';
import { calendarSchema } from '@core/contract/calendars';
import { surveyConfigSchema, type SurveyConfigInput } from '@core/form/survey-config';
import { lineMessagesSchema, remindersSchema } from '@core/messages/config-schema';
import { formMessageSettings, kindApplies, remindersOf, stayReminderOf } from '@core/messages/settings';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.error?.issues ?? []).map((i) => i.message);
const form = (over: Partial<SurveyConfigInput> = {}) =>
  surveyConfigSchema.parse({ surveyId: 'f', surveyTitle: '予約', surveySchema: [{ itemKey: 'r', type: 'reservation', title: '予約日時' }], ...over });

describe('lineMessages schema', () => {
  it('takes reminders of 0–30 days at HH:MM, at most five, each once', () => {
    expect(remindersSchema.safeParse([{ daysBefore: 0, at: '00:00' }, { daysBefore: 30, at: '23:59' }]).success).toBe(true);
    for (const bad of [{ daysBefore: 31, at: '09:00' }, { daysBefore: -1, at: '09:00' }, { daysBefore: 1.5, at: '09:00' }]) {
      expect(messagesOf(remindersSchema.safeParse([bad]))).toEqual(['何日前かは 0〜30 の整数で入力してください']);
    }
    for (const at of ['9:00', '24:00', '12:60', '0900', '']) {
      expect(messagesOf(remindersSchema.safeParse([{ daysBefore: 1, at }])), at).toEqual(['時刻は 09:00 のように 00:00〜23:59 で入力してください']);
    }
    const six = [0, 1, 2, 3, 4, 5].map((d) => ({ daysBefore: d, at: '09:00' }));
    expect(messagesOf(remindersSchema.safeParse(six))).toEqual(['リマインダーは 5 件までです']);
    expect(messagesOf(remindersSchema.safeParse([{ daysBefore: 1, at: '09:00' }, { daysBefore: 1, at: '09:00' }]))).toEqual(['同じ日時のリマインダーが重複しています']);
  });

  it('refuses unknown placeholders with the known ones named, and statuses outside 対応状況', () => {
    const r = lineMessagesSchema.safeParse({ templates: { reminder: { title: '{受付番号}', body: '{日付} と {場所} と {予約番号}' } } });
    expect(messagesOf(r)).toHaveLength(1);
    expect(messagesOf(r)[0]).toMatch(/^使えない差し込み項目があります: \{日付\} \{予約番号\}（使えるのは \{フォーム名\} \{受付番号\} \{日時\}/);
    expect(lineMessagesSchema.safeParse({ announce: [{ status: '対応済', text: 'お受け取りください' }] }).success).toBe(true);
    expect(lineMessagesSchema.safeParse({ announce: [{ status: '済み', text: 'x' }] }).success).toBe(false);
    expect(messagesOf(lineMessagesSchema.safeParse({ announce: [{ status: '完了', text: '' }] }))).toEqual(['お知らせの文面は 1〜500 文字で入力してください']);
    expect(messagesOf(lineMessagesSchema.safeParse({ announce: [{ status: '完了', text: 'あ'.repeat(501) }] }))).toEqual(['お知らせの文面は 1〜500 文字で入力してください']);
    expect(lineMessagesSchema.safeParse({ send: { nope: true } }).success).toBe(false);
    expect(lineMessagesSchema.safeParse({ reminder: [] }).success).toBe(false);
  });

  it('is part of the form config and of a calendar', () => {
    expect(form({ lineMessages: { reminders: [{ daysBefore: 2, at: '18:30' }] } }).lineMessages?.reminders).toEqual([{ daysBefore: 2, at: '18:30' }]);
    expect(surveyConfigSchema.safeParse({ surveyId: 'f', surveyTitle: 't', surveySchema: [], lineMessages: { reminders: [{ daysBefore: 1, at: '25:00' }] } }).success).toBe(false);
    const cal = { sortKey: 'c', calendarOff: 0, comaList: {} };
    expect(calendarSchema.parse({ ...cal, reminders: [{ daysBefore: 3, at: '10:00' }] }).reminders).toEqual([{ daysBefore: 3, at: '10:00' }]);
    expect(calendarSchema.safeParse({ ...cal, reminders: [{ daysBefore: 3, at: '10時' }] }).success).toBe(false);
  });
});

describe('formMessageSettings', () => {
  it('sends the kinds that apply unless the form turns them off', () => {
    const s = formMessageSettings(form({ lineMessages: { send: { reservation_changed: false } } }));
    expect(s.send).toMatchObject({ reservation_booked: true, reservation_changed: false, reservation_cancelled: true, reminder: true, answer_received: false, stay_booked: false, payment_completed: false, status_changed: false });
    const plain = surveyConfigSchema.parse({ surveyId: 'p', surveyTitle: '申請', surveySchema: [], usePayment: 1, lineMessages: { announce: [{ status: '対応済', text: '完了しました' }] } });
    expect(formMessageSettings(plain).send).toMatchObject({ answer_received: true, reservation_booked: false, payment_completed: true, status_changed: true });
    expect(formMessageSettings(plain).announce).toEqual({ 対応済: '完了しました' });
    const bed = surveyConfigSchema.parse({ surveyId: 'b', surveyTitle: '入院', surveyType: 'bed', surveySchema: [] });
    expect(kindApplies(bed, 'stay_reminder')).toBe(true);
    expect(kindApplies(bed, 'answer_received')).toBe(false);
  });

  it('reminds the day before at 09:00 by default, never with an empty list', () => {
    expect(formMessageSettings(form()).reminders).toEqual([{ daysBefore: 1, at: '09:00' }]);
    expect(formMessageSettings(form({ lineMessages: { reminders: [] } })).reminders).toEqual([]);
  });
});

describe('remindersOf', () => {
  const own = formMessageSettings(form({ lineMessages: { reminders: [{ daysBefore: 2, at: '12:00' }] } }));
  it('takes the calendar’s list when it has one, else the form’s', () => {
    expect(remindersOf(own, { reminders: [{ daysBefore: 7, at: '08:00' }, { daysBefore: 0, at: '07:00' }] })).toEqual([{ daysBefore: 7, at: '08:00' }, { daysBefore: 0, at: '07:00' }]);
    expect(remindersOf(own, { reminders: [] })).toEqual([{ daysBefore: 2, at: '12:00' }]);
    expect(remindersOf(own, {})).toEqual([{ daysBefore: 2, at: '12:00' }]);
    expect(remindersOf(own, null)).toEqual([{ daysBefore: 2, at: '12:00' }]);
  });
  it('gives none when the form sends no reminder', () => {
    const off = formMessageSettings(form({ lineMessages: { send: { reminder: false } } }));
    expect(remindersOf(off, { reminders: [{ daysBefore: 7, at: '08:00' }] })).toEqual([]);
  });
  it('reminds a bed stay the day before admission at the form’s time', () => {
    const bed = formMessageSettings(surveyConfigSchema.parse({ surveyId: 'b', surveyTitle: '入院', surveyType: 'bed', surveySchema: [], lineMessages: { reminders: [{ daysBefore: 3, at: '15:00' }] } }));
    expect(stayReminderOf(bed)).toEqual({ daysBefore: 1, at: '15:00' });
    expect(stayReminderOf(own)).toBeNull();
  });
});
