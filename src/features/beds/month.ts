/**
 * The bed calendar's month grid (spec 02 §3 calendar day, §5 rules): weeks of 7 days, Sunday
 * first; days outside the month have no date number and are never selectable.
 */
import { Temporal } from 'temporal-polyfill';
import { isSelectableDay, type BedRule } from '@core/rules/bed-stay';

export interface CalendarDay {
  date: Temporal.PlainDate;
  dateStr: string;
  /** The day of the month; null for the padding days of the first and last week. */
  dateNumber: number | null;
  isPastDate: boolean;
  bedRemaining: number | null;
  validRule: boolean;
  selectable: boolean;
}

export const monthRange = (month: Temporal.PlainYearMonth) => ({
  startDate: month.toPlainDate({ day: 1 }).toString(),
  endDate: month.toPlainDate({ day: month.daysInMonth }).toString(),
});

export const monthWeeks = (
  month: Temporal.PlainYearMonth,
  today: Temporal.PlainDate,
  remaining: ReadonlyMap<string, number> | null,
  rule: BedRule | null,
  editing: boolean,
): CalendarDay[][] => {
  const first = month.toPlainDate({ day: 1 });
  // dayOfWeek is 1 (Monday) … 7 (Sunday); the grid starts on Sunday.
  const start = first.subtract({ days: first.dayOfWeek % 7 });
  const weeks: CalendarDay[][] = [];
  for (let d = start; weeks.length < 6; ) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++, d = d.add({ days: 1 })) {
      const inMonth = d.month === month.month && d.year === month.year;
      const bedRemaining = inMonth ? (remaining?.get(d.toString()) ?? null) : null;
      const validRule = bedRemaining !== null;
      week.push({
        date: d,
        dateStr: d.toString(),
        dateNumber: inMonth ? d.day : null,
        isPastDate: Temporal.PlainDate.compare(d, today) < 0,
        bedRemaining,
        validRule,
        selectable: inMonth && rule !== null && isSelectableDay({ date: d, today, bedRemaining, rule, editing }),
      });
    }
    weeks.push(week);
    const next = d;
    if (next.month !== month.month) break;
  }
  return weeks;
};

