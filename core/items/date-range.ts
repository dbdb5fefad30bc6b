/**
 * The range a date item's own config allows (date, dateWithSession, datepicker): `minDate` and
 * `maxDate`, each a YYYY-MM-DD or a whole number of days from today in Asia/Tokyo (0 today, 7 a
 * week on, -1 yesterday), so a collection day can say "a week from today on" once and stay right.
 * A bound is resolved against the `today` the caller holds (the validate context), so the client
 * and the server judge the same day.
 */
import * as z from 'zod/mini';
import { Temporal } from 'temporal-polyfill';
import { formatIsoDate, parseIsoDate } from '../ja/date-input';
import { ISO_DATE_PATTERN } from './checks';
import { issue, type ValidationIssue } from './define';

export const isoDateSchema = z.string().check(z.regex(ISO_DATE_PATTERN), z.refine((s) => parseIsoDate(s) !== undefined, 'YYYY-MM-DD の日付にしてください'));
/** Days from today: a century either way, so resolving a bound never leaves Temporal's range. */
const DAYS_LIMIT = 36_600;
export const dateBoundSchema = z.union([isoDateSchema, z.int().check(z.gte(-DAYS_LIMIT), z.lte(DAYS_LIMIT))]);
export type DateBound = z.output<typeof dateBoundSchema>;

export const dateRangeShape = () => ({
  minDate: z.optional(dateBoundSchema),
  maxDate: z.optional(dateBoundSchema),
});

export interface DateRange {
  minDate?: DateBound | undefined;
  maxDate?: DateBound | undefined;
}

export const resolveDateBound = (bound: DateBound | undefined, today: Temporal.PlainDate): Temporal.PlainDate | undefined =>
  bound === undefined ? undefined : typeof bound === 'number' ? today.add({ days: bound }) : parseIsoDate(bound);

/** The range's first refusal of a date: before minDate, after maxDate; undefined when inside. */
export const checkDateRange = (d: Temporal.PlainDate, range: DateRange, today: Temporal.PlainDate): ValidationIssue | undefined => {
  const min = resolveDateBound(range.minDate, today);
  if (min && Temporal.PlainDate.compare(d, min) < 0) return issue('dateBeforeMin', { min: formatIsoDate(min) });
  const max = resolveDateBound(range.maxDate, today);
  if (max && Temporal.PlainDate.compare(d, max) > 0) return issue('dateAfterMax', { max: formatIsoDate(max) });
  return undefined;
};

/** Where a calendar opens with no answer: `from` (default today), moved into the range when the range excludes it. */
export const openingDate = (range: DateRange, today: Temporal.PlainDate, from: Temporal.PlainDate = today): Temporal.PlainDate => {
  const min = resolveDateBound(range.minDate, today);
  const max = resolveDateBound(range.maxDate, today);
  if (min && Temporal.PlainDate.compare(from, min) < 0) return min;
  if (max && Temporal.PlainDate.compare(from, max) > 0) return max;
  return from;
};
