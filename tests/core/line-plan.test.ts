import { describe, expect, it } from 'vitest';
import { mayMessage, planMessages, type Happening } from '@core/messages/plan';
import type { MessageFacts } from '@core/messages/kinds';
import { MESSAGE_KINDS } from '@core/messages/kinds';
import type { FormMessageSettings } from '@core/messages/settings';
import { dueReminders, reminderDueAt } from '@core/rules/reminder-due';
import { lineRecipientOf } from '@core/rules/line-recipient';

const settings = (over: Partial<FormMessageSettings> = {}): FormMessageSettings => ({
  send: Object.fromEntries(MESSAGE_KINDS.map((k) => [k, true])) as FormMessageSettings['send'],
  reminders: [{ daysBefore: 1, at: '09:00' }],
  announce: { 対応済: 'ご来庁ありがとうございました。' },
  templates: {},
  ...over,
});
const facts = (over: Partial<MessageFacts> = {}): MessageFacts => ({
  formTitle: 'インフルエンザ予防接種',
  answerCode: 'A-0001',
  reservation: { day: '2026-12-10', time: '10:00', categories: ['本庁舎'], place: '接種会場' },
  stay: null,
  receiptUrl: null,
  status: null,
  answerUrl: null,
  ...over,
});
const NOW = '2026-12-03T01:00:00.000Z';
const plan = (h: Happening, f = facts(), s = settings(), calendar: { reminders?: { daysBefore: number; at: string }[] } | null = null) =>
  planMessages(h, s, f, { nowIso: NOW, calendarReminders: calendar });
const kinds = (p: ReturnType<typeof plan>) => p.send.map((m) => m.kind);

describe('reminder times (Tokyo)', () => {
  it('is N days before the booked day at HH:MM Tokyo, as a UTC instant', () => {
    expect(reminderDueAt('2026-12-10', { daysBefore: 1, at: '09:00' })).toBe('2026-12-09T00:00:00.000Z');
    expect(reminderDueAt('2026-12-10', { daysBefore: 0, at: '07:30' })).toBe('2026-12-09T22:30:00.000Z');
    expect(reminderDueAt('2027-01-01', { daysBefore: 3, at: '18:00' })).toBe('2026-12-29T09:00:00.000Z');
  });
  it('leaves out reminders already past and says two rules at one instant once, in time order', () => {
    const rules = [
      { daysBefore: 1, at: '09:00' },
      { daysBefore: 7, at: '09:00' },
      { daysBefore: 3, at: '12:00' },
      { daysBefore: 3, at: '12:00' },
    ];
    expect(dueReminders('2026-12-10', rules, NOW)).toEqual(['2026-12-07T03:00:00.000Z', '2026-12-09T00:00:00.000Z']);
  });
});

describe('who gets LINE messages', () => {
  it('a LINE user id only: a kiosk visitor or an office id gets none', () => {
    expect(lineRecipientOf('U0123456789abcdef0123456789abcdef')).toBe('U0123456789abcdef0123456789abcdef');
    expect(lineRecipientOf('I0123456789abcdef0123456789abcdef')).toBeNull();
    expect(lineRecipientOf('office-7f3a')).toBeNull();
    expect(lineRecipientOf('U0123')).toBeNull();
  });
});

describe('which messages a change causes', () => {
  it('a new booking: booked now and its reminder the day before', () => {
    const p = plan({ kind: 'written', type: 'new', hadBooking: false });
    expect(p.voidReminders).toBe(false);
    expect(p.send.map((m) => [m.kind, m.dueAt])).toEqual([
      ['reservation_booked', NOW],
      ['reminder', '2026-12-09T00:00:00.000Z'],
    ]);
  });
  it('a new answer without a booking: received, no reminder', () => {
    expect(kinds(plan({ kind: 'written', type: 'new', hadBooking: false }, facts({ reservation: null })))).toEqual(['answer_received']);
  });
  it('a changed booking voids the old reminders and queues the new time', () => {
    const moved = facts({ reservation: { day: '2026-12-20', time: '14:00', categories: [], place: null } });
    const p = plan({ kind: 'written', type: 'amend', hadBooking: true }, moved);
    expect(p.voidReminders).toBe(true);
    expect(p.send.map((m) => [m.kind, m.dueAt])).toEqual([
      ['reservation_changed', NOW],
      ['reminder', '2026-12-19T00:00:00.000Z'],
    ]);
  });
  it('a change that drops the booking says cancelled; one that adds it says booked', () => {
    expect(kinds(plan({ kind: 'written', type: 'amend', hadBooking: true }, facts({ reservation: null })))).toEqual(['reservation_cancelled']);
    expect(kinds(plan({ kind: 'written', type: 'amend', hadBooking: false }))).toEqual(['reservation_booked', 'reminder']);
    expect(kinds(plan({ kind: 'written', type: 'amend', hadBooking: false }, facts({ reservation: null })))).toEqual([]);
  });
  it('a cancel voids the reminders, says cancelled, and announces the status when the form does', () => {
    const p = plan({ kind: 'cancelled', status: 'キャンセル' }, facts(), settings({ announce: { キャンセル: '窓口でキャンセルしました。' } }));
    expect(p.voidReminders).toBe(true);
    expect(kinds(p)).toEqual(['reservation_cancelled', 'status_changed']);
    expect(p.send[1]?.facts.status).toEqual({ to: 'キャンセル', text: '窓口でキャンセルしました。' });
    expect(kinds(plan({ kind: 'cancelled', status: null }, facts({ reservation: null })))).toEqual([]);
  });
  it('a status is announced only when the form announces it', () => {
    expect(kinds(plan({ kind: 'status', status: '対応済' }))).toEqual(['status_changed']);
    expect(kinds(plan({ kind: 'status', status: '対応中' }))).toEqual([]);
    // …so a bulk change of a status nobody is told about reads no answer's facts.
    expect([mayMessage({ kind: 'status', status: '対応中' }, settings()), mayMessage({ kind: 'status', status: '対応済' }, settings())]).toEqual([false, true]);
    expect(mayMessage({ kind: 'cancelled', status: null }, settings())).toBe(true);
  });
  it('a paid order: completed, and the booking’s reminders then', () => {
    expect(kinds(plan({ kind: 'paid' }))).toEqual(['payment_completed', 'reminder']);
  });
  it('the calendar’s reminders, when it has some, replace the form’s', () => {
    const p = plan({ kind: 'written', type: 'new', hadBooking: false }, facts(), settings(), { reminders: [{ daysBefore: 2, at: '10:00' }] });
    expect(p.send.filter((m) => m.kind === 'reminder').map((m) => m.dueAt)).toEqual(['2026-12-08T01:00:00.000Z']);
  });
  it('stays: booked with a reminder the day before admission; changed voids; cancelled', () => {
    const stay = facts({ reservation: null, stay: { from: '2026-12-15', to: '2026-12-18', ward: '東病棟', bed: null } });
    expect(plan({ kind: 'stay_booked', changed: false }, stay).send.map((m) => [m.kind, m.dueAt])).toEqual([
      ['stay_booked', NOW],
      ['stay_reminder', '2026-12-14T00:00:00.000Z'],
    ]);
    const changed = plan({ kind: 'stay_booked', changed: true }, stay);
    expect([changed.voidReminders, kinds(changed)]).toEqual([true, ['reservation_changed', 'stay_reminder']]);
    expect(kinds(plan({ kind: 'stay_cancelled', status: null }, stay))).toEqual(['reservation_cancelled']);
  });
  it('a kind the form switched off is not sent', () => {
    const off = settings({ send: { ...settings().send, reminder: false } });
    expect(kinds(plan({ kind: 'written', type: 'new', hadBooking: false }, facts(), off))).toEqual(['reservation_booked']);
  });
});
