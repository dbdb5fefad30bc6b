/**
 * Calendar-day maths for the reservation calendar (spec 02 §2), all on Temporal.PlainDate: the
 * week starts Monday, a month grid is the Monday on or before the 1st for up to 6 weeks of 7 days,
 * and how far the month navigation may move (numberMonthShowCalendar). No Date for calendar days.
 */
import { Temporal } from 'temporal-polyfill';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';

export type CalendarViewKind = 'week' | 'month';

/** The Monday of the week holding `day` (Temporal's dayOfWeek: Monday 1 … Sunday 7). */
export const mondayOf = (day: Temporal.PlainDate): Temporal.PlainDate => day.subtract({ days: day.dayOfWeek - 1 });

export const weekDays = (monday: Temporal.PlainDate): Temporal.PlainDate[] =>
  Array.from({ length: 7 }, (_, i) => monday.add({ days: i }));

/**
 * The month grid: whole weeks from the Monday on or before the 1st to the week holding the last
 * day; never more than 6 weeks (a 31-day month starting on a Sunday needs exactly 6).
 */
export const monthGrid = (month: Temporal.PlainYearMonth): Temporal.PlainDate[][] => {
  const first = month.toPlainDate({ day: 1 });
  const last = month.toPlainDate({ day: month.daysInMonth });
  const weeks: Temporal.PlainDate[][] = [];
  for (let monday = mondayOf(first); Temporal.PlainDate.compare(monday, last) <= 0 && weeks.length < 6; monday = monday.add({ days: 7 })) {
    weeks.push(weekDays(monday));
  }
  return weeks;
};

/**
 * Reading of numberMonthShowCalendar (spec 01 §3 "config item, default 1", §9 "Calendar months
 * shown"): the number of months after the current one the month navigation may move to. With the
 * default 1 a resident sees this month and the next (a form opened on the 28th still reaches the
 * next month's slots, which reservationPossibleMonths = 1 opens); the week view stops at the week
 * holding the last day of that month. Navigation never goes before the current month or week.
 */
export const navigableRange = (today: Temporal.PlainDate, monthsShown: number) => {
  const firstMonth = today.toPlainYearMonth();
  const lastMonth = firstMonth.add({ months: Math.max(0, monthsShown) });
  const lastDay = lastMonth.toPlainDate({ day: lastMonth.daysInMonth });
  return { firstMonth, lastMonth, firstMonday: mondayOf(today), lastMonday: mondayOf(lastDay), lastDay };
};

/** The days one schedule read covers: every day any view within the navigable range shows. */
export const scheduleRangeOf = (today: Temporal.PlainDate, monthsShown: number) => {
  const r = navigableRange(today, monthsShown);
  const first = mondayOf(r.firstMonth.toPlainDate({ day: 1 }));
  const lastGrid = monthGrid(r.lastMonth);
  const lastWeek = lastGrid[lastGrid.length - 1] ?? weekDays(r.lastMonday);
  const last = lastWeek[6] as Temporal.PlainDate;
  // The contract refuses ranges over 400 days (core/contract/calendars.ts MAX_RANGE_DAYS).
  const cap = first.add({ days: 399 });
  return { first, last: Temporal.PlainDate.compare(last, cap) > 0 ? cap : last };
};

/** M月D日（曜）: the one reading of a day (src/lib/ja-dates.ts), here for the calendar's modules. */
export { formatMonthDayWeekday } from '../lib/ja-dates';

/** M/D, for a day's column head. */
export const formatShortDay = (d: Temporal.PlainDate): string => `${d.month}/${d.day}`;

export const formatMonthCaption = (m: Temporal.PlainYearMonth): string => fill(ja.calendar.monthCaption, { year: m.year, month: m.month });

export const formatWeekCaption = (monday: Temporal.PlainDate): string =>
  fill(ja.calendar.weekCaption, { from: `${monday.month}月${monday.day}日`, to: `${monday.add({ days: 6 }).month}月${monday.add({ days: 6 }).day}日` });

/** A comaList label as HH:mm ("9:00", "09:00:00" and "0900" all read 09:00); other text as is. */
export const formatTime = (label: string): string => {
  const m = /^(\d{1,2}):?(\d{2})(?::\d{2})?$/.exec(label.trim());
  return m ? `${(m[1] as string).padStart(2, '0')}:${m[2]}` : label;
};

export const formatTimeRange = (coma: { start: string; end: string } | undefined): string =>
  coma ? fill(ja.calendar.timeRange, { start: formatTime(coma.start), end: formatTime(coma.end) }) : '';

/** Slot keys in their natural order ("2" before "10"): the one rule, in core. */
export { sortSlotKeys } from '@core/rules/slot-keys';
