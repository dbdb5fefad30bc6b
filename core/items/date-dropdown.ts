/**
 * Date dropdown (年・月・日のプルダウン): three selects, each required once any is chosen, years
 * 1900 to the current year in Asia/Tokyo, stored YYYY-MM-DD. While incomplete the value keeps its
 * blanks ("2020--01"), so the validator can name the missing part; all three blank is no answer.
 *
 * includeYear (spec 01 §3 schema item field; reading: it belongs here, the one item whose year is
 * a part of its own): unset or true asks the year; false asks month and day only, stored MM-DD
 * (a birthday-like 毎年の日付), where 2月29日 is a day. A value of the other shape is refused.
 */
import type { Temporal } from 'temporal-polyfill';
import * as z from 'zod/mini';
import { pad2, plainDateOf } from '../ja/date-input';
import { isNullDate } from './checks';
import { INVALID_VALUE, defineItem, issue, single, type FormValue, type SamplesOf } from './define';

export const DATE_DROPDOWN_MIN_YEAR = 1900;

/** The years offered, oldest first: 1900 up to this year. */
export const dateDropdownYears = (today: Temporal.PlainDate): number[] =>
  Array.from({ length: Math.max(0, today.year - DATE_DROPDOWN_MIN_YEAR + 1) }, (_, i) => DATE_DROPDOWN_MIN_YEAR + i);

export const daysInMonth = (year: number, month: number): number => plainDateOf(year, month, 1)?.daysInMonth ?? 31;

export interface DateDropdownParts {
  year: string;
  month: string;
  day: string;
}

/** Whether the item asks the year (includeYear unset: it does). */
export const includesYear = (item: { includeYear?: boolean | undefined }): boolean => item.includeYear !== false;

/** A value's parts: YYYY-MM-DD, or MM-DD without a year. */
export const splitDateDropdown = (value: string): DateDropdownParts => {
  const parts = value.split('-');
  const [year = '', month = '', day = ''] = parts.length === 2 ? ['', ...parts] : parts;
  return { year, month: month.replace(/^0/, ''), day: day.replace(/^0/, '') };
};

export const joinDateDropdown = ({ year, month, day }: DateDropdownParts, withYear = true): string => {
  if (!(withYear && year) && !month && !day) return '';
  const p = (s: string) => (s ? pad2(Number(s)) : '');
  return withYear ? `${year}-${p(month)}-${p(day)}` : `${p(month)}-${p(day)}`;
};

const PARTS = /^(\d{4})?-(\d{2})?-(\d{2})?$/;
const MONTH_DAY = /^()(\d{2})?-(\d{2})?$/;
/** A leap year: a month-day answer may be 2月29日. */
const ANY_YEAR = 2000;

export const dateDropdownItem = defineItem({
  type: 'dateDropdown',
  configShape: () => ({
    includeYear: z.optional(z.boolean()),
  }),
  valueKind: 'single',
  requiredKey: 'required',
  isEmpty: (v: FormValue) => isNullDate(v) || v === '--' || v === '-',
  validate(value, item, ctx) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const withYear = includesYear(item);
    const m = (withYear ? PARTS : MONTH_DAY).exec(s);
    if (!m) return [issue('invalidDate')];
    const [, year, month, day] = m;
    if (withYear && !year) return [issue('dateDropdownYear')];
    if (!month) return [issue('dateDropdownMonth')];
    if (!day) return [issue('dateDropdownDay')];
    const y = withYear ? Number(year) : ANY_YEAR;
    if (withYear && (y < DATE_DROPDOWN_MIN_YEAR || y > ctx.today.year)) return [issue('invalidDate')];
    return plainDateOf(y, Number(month), Number(day)) ? [] : [issue('invalidDate')];
  },
});

export const dateDropdownSamples: SamplesOf<typeof dateDropdownItem> = {
  configs: [{}, { includeYear: false }],
  valid: [],
  validFor: [
    { value: '1900-01-01', config: 0 },
    { value: '2000-02-29', config: 0 },
    { value: '2025-12-31', config: 0 },
    { value: '02-29', config: 1 },
    { value: '12-31', config: 1 },
  ],
  invalid: [
    { value: '-04-01', issue: { key: 'dateDropdownYear' } },
    { value: '2020--01', issue: { key: 'dateDropdownMonth' } },
    { value: '2020-04-', issue: { key: 'dateDropdownDay' } },
    { value: '1899-12-31', issue: { key: 'invalidDate' } },
    { value: '2026-01-01', issue: { key: 'invalidDate' } },
    { value: '2021-02-29', issue: { key: 'invalidDate' } },
    { value: '2020-4-1', issue: { key: 'invalidDate' } },
    { value: '04-01', issue: { key: 'invalidDate' }, config: 0 },
    { value: '2020-04-01', issue: { key: 'invalidDate' }, config: 1 },
    { value: '-01', issue: { key: 'dateDropdownMonth' }, config: 1 },
    { value: '04-', issue: { key: 'dateDropdownDay' }, config: 1 },
    { value: '02-30', issue: { key: 'invalidDate' }, config: 1 },
  ],
};
