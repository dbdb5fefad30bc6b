/**
 * The settings form's draft: what staff type (numbers as text, a coma list in order) and the
 * settings it stands for. A field that is not a whole number keeps the draft from being sent.
 */
import type { CalendarSettings } from '@core/contract/staff-calendars';
import type { ReminderDraft } from '../line-messages/reminder-rows';

export interface ComaDraft {
  key: string;
  start: string;
  end: string;
}

export interface SettingsDraft {
  calendarName: string;
  calendarOff: boolean;
  comas: ComaDraft[];
  reservationPossibleStart: string;
  reservationPossibleMonths: string;
  reservationCancelLimit: string;
  reservationMaxCount: string;
  reservationMaxCountOfDay: string;
  reservationControlType: 0 | 1 | 2;
  reservationStart: string;
  startDate: string;
  endDate: string;
  /** Issue 59: none = the form's reminders. */
  reminders: ReminderDraft[];
}

export type NumberField = 'reservationPossibleStart' | 'reservationPossibleMonths' | 'reservationCancelLimit' | 'reservationMaxCount' | 'reservationMaxCountOfDay';
const OPTIONAL: readonly NumberField[] = ['reservationMaxCount', 'reservationMaxCountOfDay'];
export const NUMBER_FIELDS: readonly NumberField[] = ['reservationPossibleStart', 'reservationPossibleMonths', 'reservationCancelLimit', 'reservationMaxCount', 'reservationMaxCountOfDay'];

const text = (n: number | null) => (n === null ? '' : String(n));

export const draftOf = (s: CalendarSettings): SettingsDraft => ({
  calendarName: s.calendarName ?? '',
  calendarOff: s.calendarOff === 1,
  comas: Object.entries(s.comaList).map(([key, c]) => ({ key, start: c.start, end: c.end })),
  reservationPossibleStart: text(s.reservationPossibleStart),
  reservationPossibleMonths: text(s.reservationPossibleMonths),
  reservationCancelLimit: text(s.reservationCancelLimit),
  reservationMaxCount: text(s.reservationMaxCount),
  reservationMaxCountOfDay: text(s.reservationMaxCountOfDay),
  reservationControlType: s.reservationControlType,
  reservationStart: s.reservationStart ?? '',
  startDate: s.startDate ?? '',
  endDate: s.endDate,
  reminders: (s.reminders ?? []).map((r) => ({ daysBefore: Number(r['daysBefore']) || 0, at: String(r['at'] ?? '') })),
});

/** The field's number; null for an optional field left empty; undefined when it is not one. */
export const numberOf = (d: SettingsDraft, f: NumberField): number | null | undefined => {
  const v = d[f].normalize('NFKC').trim();
  if (v === '') return OPTIONAL.includes(f) ? null : undefined;
  return /^\d{1,6}$/.test(v) ? Number(v) : undefined;
};

/** The settings to send, or null while a number field is not a number. */
export const settingsOf = (d: SettingsDraft): CalendarSettings | null => {
  const n = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, numberOf(d, f)])) as Record<NumberField, number | null | undefined>;
  if (NUMBER_FIELDS.some((f) => n[f] === undefined)) return null;
  const req = (f: NumberField) => n[f] ?? 0;
  return {
    ...(d.calendarName.trim() !== '' ? { calendarName: d.calendarName.trim() } : {}),
    calendarOff: d.calendarOff ? 1 : 0,
    comaList: Object.fromEntries(d.comas.map((c) => [c.key, { start: c.start.normalize('NFKC').trim(), end: c.end.normalize('NFKC').trim() }])),
    reservationPossibleStart: req('reservationPossibleStart'),
    reservationPossibleMonths: req('reservationPossibleMonths'),
    reservationCancelLimit: req('reservationCancelLimit'),
    reservationMaxCount: n.reservationMaxCount ?? null,
    reservationMaxCountOfDay: n.reservationMaxCountOfDay ?? null,
    reservationControlType: d.reservationControlType,
    reservationStart: d.reservationStart || null,
    startDate: d.startDate || null,
    endDate: d.endDate || '2099-12-31',
    ...(d.reminders.length > 0 ? { reminders: d.reminders.map((r) => ({ daysBefore: r.daysBefore, at: r.at.normalize('NFKC').trim() })) } : {}),
  };
};

/** A new coma's key: one past the highest number (keys are named by reservations, so never reused while held). */
export const nextComaKey = (comas: readonly ComaDraft[]): string =>
  String(comas.reduce((max, c) => (/^\d+$/.test(c.key) ? Math.max(max, Number(c.key)) : max), 0) + 1);
