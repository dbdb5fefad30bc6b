/**
 * Date picker (カレンダー入力): YYYY-MM-DD chosen on a calendar whose weeks start on Sunday.
 * Config: `initialDate` is where the calendar opens when there is no answer (default 1990-01-01;
 * not a prefilled answer, which is the common `default` field), `maxDate` the last selectable day
 * (default 2099-12-31), `minDate` an optional first one.
 */
import * as z from 'zod/mini';
import { Temporal } from 'temporal-polyfill';
import { parseIsoDate } from '../ja/date-input';
import { ISO_DATE_PATTERN, isNullDate } from './checks';
import { INVALID_VALUE, defineItem, issue, single } from './define';

export const DATEPICKER_INITIAL_DATE = '1990-01-01';
export const DATEPICKER_MAX_DATE = '2099-12-31';
/** 0 = Sunday. */
export const DATEPICKER_FIRST_DAY_OF_WEEK = 0;

const isoDateSchema = z.string().check(z.regex(ISO_DATE_PATTERN), z.refine((s) => parseIsoDate(s) !== undefined, 'YYYY-MM-DD の日付にしてください'));

export const datepickerItem = defineItem({
  type: 'datepicker',
  configShape: {
    initialDate: z._default(isoDateSchema, DATEPICKER_INITIAL_DATE),
    maxDate: z._default(isoDateSchema, DATEPICKER_MAX_DATE),
    minDate: z.optional(isoDateSchema),
  },
  valueKind: 'single',
  requiredKey: 'required',
  isEmpty: isNullDate,
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const d = parseIsoDate(s);
    if (!d) return [issue('invalidDate')];
    if (item.minDate && Temporal.PlainDate.compare(d, Temporal.PlainDate.from(item.minDate)) < 0) return [issue('dateBeforeMin', { min: item.minDate })];
    if (Temporal.PlainDate.compare(d, Temporal.PlainDate.from(item.maxDate)) > 0) return [issue('dateAfterMax', { max: item.maxDate })];
    return [];
  },
  samples: {
    configs: [{}, { initialDate: '2025-01-01', minDate: '2025-01-01', maxDate: '2025-12-31' }],
    valid: ['2025-01-01', '2025-06-30', '2025-12-31'],
    validFor: [
      { value: '1990-01-01', config: 0 },
      { value: '2099-12-31', config: 0 },
    ],
    invalid: [
      { value: '2100-01-01', issue: { key: 'dateAfterMax', params: { max: '2099-12-31' } } },
      { value: '2024-12-31', config: 1, issue: { key: 'dateBeforeMin', params: { min: '2025-01-01' } } },
      { value: '2026-01-01', config: 1, issue: { key: 'dateAfterMax', params: { max: '2025-12-31' } } },
      { value: '2025/06/30', issue: { key: 'invalidDate' } },
      { value: '2025-02-29', issue: { key: 'invalidDate' } },
    ],
  },
});
