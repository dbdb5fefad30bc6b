/**
 * Which days of a calendar a resident may book, how a slot is shown, and the range the per-user
 * limits count over (spec 02 §2, §5, §9). Both sides apply these: the PWA to draw the calendar,
 * the server to refuse what the PWA would not offer.
 *
 * Readings chosen where the spec is open:
 * - Range end ("the last day of the month after adding possible months plus one"): the last day of
 *   the month reservationPossibleMonths after this one — the day before the first of month
 *   (this month + possibleMonths + 1). With 0 the range ends at the end of this month, with 1 at the
 *   end of next month. (Read literally as "+1 month, then month end" the default 0 would already
 *   open next month, which is what possibleMonths = 1 says.)
 * - Control type 0 checks the day only: the per-day limit, no range limit, and no range end on
 *   the bookable days (only the calendar's endDate). Types 1 and 2 both apply the range: to the
 *   count of reservations (reservationMaxCount) and to the last bookable day. The spec names no
 *   difference between 1 and 2.
 * - The range counted for reservationMaxCount runs from today to the range end.
 * - The first bookable day is the latest of: today + reservationPossibleStart days, the calendar's
 *   startDate and its reservationStart.
 */
import { Temporal } from 'temporal-polyfill';
import type { Calendar } from '../contract/calendars';
import { tokyoClock } from '../ja/date-input';
import { hasRoom } from './slot-room';

export type SlotState = 'active' | 'full' | 'dayOff' | 'disabled';

const later = (a: Temporal.PlainDate, b: Temporal.PlainDate) => (Temporal.PlainDate.compare(a, b) >= 0 ? a : b);
const earlier = (a: Temporal.PlainDate, b: Temporal.PlainDate) => (Temporal.PlainDate.compare(a, b) <= 0 ? a : b);

const dateOrNull = (s: string | null | undefined): Temporal.PlainDate | null => {
  if (!s) return null;
  try {
    return Temporal.PlainDate.from(s.slice(0, 10), { overflow: 'reject' });
  } catch {
    return null;
  }
};

type WindowCalendar = Pick<
  Calendar,
  'reservationPossibleStart' | 'reservationPossibleMonths' | 'reservationControlType' | 'startDate' | 'endDate' | 'reservationStart'
>;

/** The last day of the month `possibleMonths` after today's (see the header). */
export const rangeEndOf = (today: Temporal.PlainDate, possibleMonths: number): Temporal.PlainDate =>
  today.with({ day: 1 }).add({ months: possibleMonths + 1 }).subtract({ days: 1 });

export interface BookableWindow {
  first: Temporal.PlainDate;
  /** null: no last day (never, in practice: endDate defaults to 2099-12-31). */
  last: Temporal.PlainDate | null;
}

/**
 * Windows of frozen calendars by the day they were computed for: the server shares one frozen
 * object per stored calendar (server/store/calendars.ts) and asks for its window on every
 * reservation, and the dates parsed and added here were a good part of a putItem's Temporal time.
 * A calendar that can still change is computed every time.
 */
const windowsOfFrozen = new WeakMap<WindowCalendar, { today: Temporal.PlainDate; window: BookableWindow }>();

export const bookableWindow = (cal: WindowCalendar, today: Temporal.PlainDate): BookableWindow => {
  const known = windowsOfFrozen.get(cal);
  if (known && known.today.equals(today)) return known.window;
  const window = computeWindow(cal, today);
  if (Object.isFrozen(cal)) windowsOfFrozen.set(cal, { today, window: Object.freeze(window) });
  return window;
};

const computeWindow = (cal: WindowCalendar, today: Temporal.PlainDate): BookableWindow => {
  let first = today.add({ days: Math.max(0, cal.reservationPossibleStart) });
  for (const d of [dateOrNull(cal.startDate), dateOrNull(cal.reservationStart)]) if (d) first = later(first, d);
  let last = dateOrNull(cal.endDate);
  if (cal.reservationControlType !== 0) {
    const end = rangeEndOf(today, cal.reservationPossibleMonths);
    last = last ? earlier(last, end) : end;
  }
  return { first, last };
};

export const isBookableDay = (window: BookableWindow, day: Temporal.PlainDate): boolean =>
  Temporal.PlainDate.compare(day, window.first) >= 0 && (window.last === null || Temporal.PlainDate.compare(day, window.last) <= 0);

export interface LimitRange {
  /** Control type 0: only the per-day limit applies. */
  dayCheckOnly: boolean;
  from: Temporal.PlainDate | null;
  to: Temporal.PlainDate | null;
}

export const limitRangeOf = (cal: Pick<Calendar, 'reservationControlType' | 'reservationPossibleMonths'>, today: Temporal.PlainDate): LimitRange =>
  cal.reservationControlType === 0
    ? { dayCheckOnly: true, from: null, to: null }
    : { dayCheckOnly: false, from: today, to: rangeEndOf(today, cal.reservationPossibleMonths) };

/**
 * A slot as the calendar shows it (spec 02 §2): active when at least `cost` remains on an open
 * bookable day; full when less remains and someone holds it; a day off; otherwise disabled
 * (outside the window, no quota set, or a quota smaller than the item's cost with nobody in it).
 */
export const slotStateOf = (s: { quota: number; reserved: number; cost: number; dayOff: boolean; bookable: boolean }): SlotState => {
  if (!s.bookable) return 'disabled';
  if (s.dayOff) return 'dayOff';
  if (hasRoom(s, s.cost)) return 'active';
  return s.reserved > 0 ? 'full' : 'disabled';
};

/** Remaining places, never negative (an operator may lower a quota below what is held). */
export const remainingOf = (quota: number, reserved: number): number => Math.max(0, quota - reserved);

/**
 * A slot of today whose start time has come can no longer be booked: the window is counted in
 * days, so without this a resident could book this morning's 09:00 in the afternoon. Only today
 * is affected (earlier days are outside the window anyway); a start label that is not HH:mm is
 * never taken as started. `now` is the wall clock in Asia/Tokyo.
 */
export const hasSlotStarted = (
  day: Temporal.PlainDate,
  start: string | undefined,
  now: { date: Temporal.PlainDate; time: Temporal.PlainTime },
): boolean => {
  if (!start || !day.equals(now.date)) return false;
  const m = /^(\d{1,2}):(\d{2})/.exec(start);
  if (!m) return false;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return false;
  return Temporal.PlainTime.compare(new Temporal.PlainTime(hour, minute), now.time) <= 0;
};

/** The Asia/Tokyo wall clock, as hasSlotStarted reads it. */
export const nowInTokyo = tokyoClock;
