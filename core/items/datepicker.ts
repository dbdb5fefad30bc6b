/**
 * Date picker (カレンダー入力): YYYY-MM-DD chosen on a calendar whose weeks start on Sunday.
 * Config: `initialDate` is where the calendar opens when there is no answer (not a prefilled
 * answer, which is the common `default` field), `maxDate` the last selectable day (default
 * 2099-12-31), `minDate` an optional first one; both bounds may be days from today
 * (date-range.ts).
 *
 * With no answer and no `initialDate` the calendar opens at the spec's 1990-01-01 (spec 01 §5, §9),
 * moved into the item's range when the range excludes it (a visit booked from tomorrow opens at
 * tomorrow). A form for near dates sets `initialDate` or `minDate`.
 */
import * as z from 'zod/mini';
import type { Temporal } from 'temporal-polyfill';
import { parseIsoDate } from '../ja/date-input';
import { isNullDate } from './checks';
import { checkDateRange, dateBoundSchema, isoDateSchema, openingDate } from './date-range';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export const DATEPICKER_MAX_DATE = '2099-12-31';
/** 0 = Sunday. */
export const DATEPICKER_FIRST_DAY_OF_WEEK = 0;

export const datepickerItem = defineItem({
  type: 'datepicker',
  configShape: () => ({
    initialDate: z.optional(isoDateSchema),
    maxDate: z._default(dateBoundSchema, DATEPICKER_MAX_DATE),
    minDate: z.optional(dateBoundSchema),
  }),
  valueKind: 'single',
  requiredKey: 'required',
  isEmpty: isNullDate,
  validate(value, item, ctx) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const d = parseIsoDate(s);
    if (!d) return [issue('invalidDate')];
    const bad = checkDateRange(d, item, ctx.today);
    return bad ? [bad] : [];
  },
});

/** Spec 01 §9: the date picker's default opening date. */
export const DATEPICKER_DEFAULT_DATE = '1990-01-01';

/** The month the calendar shows with no answer: the configured initialDate, else 1990-01-01 within the range. */
export const datepickerOpeningDate = (
  item: { initialDate?: string | undefined; minDate?: string | number | undefined; maxDate?: string | number | undefined },
  today: Temporal.PlainDate,
): Temporal.PlainDate =>
  (item.initialDate ? parseIsoDate(item.initialDate) : undefined) ?? openingDate(item, today, parseIsoDate(DATEPICKER_DEFAULT_DATE) ?? today);

export const datepickerSamples: SamplesOf<typeof datepickerItem> = {
  configs: [{}, { initialDate: '2025-01-01', minDate: '2025-01-01', maxDate: '2025-12-31' }, { minDate: 1, maxDate: 30 }],
  valid: [],
  validFor: [
    ...['2025-01-01', '2025-06-30', '2025-12-31'].flatMap((value) => [0, 1].map((config) => ({ value, config }))),
    { value: '1990-01-01', config: 0 },
    { value: '2099-12-31', config: 0 },
    { value: '2025-06-16', config: 2 },
    { value: '2025-07-15', config: 2 },
  ],
  invalid: [
    { value: '2100-01-01', issue: { key: 'dateAfterMax', params: { max: '2099-12-31' } } },
    { value: '2024-12-31', config: 1, issue: { key: 'dateBeforeMin', params: { min: '2025-01-01' } } },
    { value: '2026-01-01', config: 1, issue: { key: 'dateAfterMax', params: { max: '2025-12-31' } } },
    { value: '2025-06-15', config: 2, issue: { key: 'dateBeforeMin', params: { min: '2025-06-16' } } },
    { value: '2025-07-16', config: 2, issue: { key: 'dateAfterMax', params: { max: '2025-07-15' } } },
    { value: '2025/06/30', issue: { key: 'invalidDate' } },
    { value: '2025-02-29', issue: { key: 'invalidDate' } },
  ],
};
