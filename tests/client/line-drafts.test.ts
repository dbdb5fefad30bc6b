/** The console's drafts of LINE settings: the form editor's lineMessages and a calendar's reminders. */
import { describe, expect, it } from 'vitest';
import { appliesShapeOf, lineDraftOf, remindersOf, withKey } from '../../src/features/admin/forms/line-draft';
import { draftOf, settingsOf } from '../../src/features/admin/calendar-settings/settings-draft';
import { kindApplies } from '@core/messages/settings';

describe('form lineMessages draft', () => {
  it('shows the default reminder until the form has its own, and drops an emptied section', () => {
    expect(remindersOf(lineDraftOf({}))).toEqual([{ daysBefore: 1, at: '09:00' }]);
    expect(remindersOf({ reminders: [] })).toEqual([]);
    expect(remindersOf({ reminders: [{ daysBefore: 3, at: '18:30' }] })).toEqual([{ daysBefore: 3, at: '18:30' }]);
    expect(withKey({ send: { reminder: false } }, 'send', undefined)).toBeUndefined();
    expect(withKey({}, 'reminders', [])).toEqual({ reminders: [] });
  });
  it('reads which kinds apply from a draft not yet checked', () => {
    const shape = appliesShapeOf({ surveySchema: [{ type: 'reservation' }, 'junk'], usePayment: 1 });
    expect(kindApplies(shape, 'reminder')).toBe(true);
    expect(kindApplies(shape, 'answer_received')).toBe(false);
    expect(kindApplies(shape, 'payment_completed')).toBe(true);
  });
});

describe('calendar settings draft', () => {
  const base = { calendarOff: 0 as const, comaList: { 1: { start: '09:00', end: '10:00' } }, reservationCancelLimit: 1, reservationStart: null, reservationPossibleStart: 0, reservationPossibleMonths: 1, reservationMaxCount: null, reservationMaxCountOfDay: null, reservationControlType: 0 as const, startDate: null, endDate: '2099-12-31' };
  it('sends the reminders it has, and none (the form’s) when the list is empty', () => {
    const d = draftOf({ ...base, reminders: [{ daysBefore: 2, at: '08:15' }] });
    expect(d.reminders).toEqual([{ daysBefore: 2, at: '08:15' }]);
    expect(settingsOf({ ...d, reminders: [{ daysBefore: 2, at: ' ０８:１５ ' }] })?.reminders).toEqual([{ daysBefore: 2, at: '08:15' }]);
    expect(settingsOf({ ...d, reminders: [] })).not.toHaveProperty('reminders');
    expect(draftOf(base).reminders).toEqual([]);
  });
});
