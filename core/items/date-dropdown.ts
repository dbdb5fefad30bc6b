/**
 * Date dropdown (年・月・日のプルダウン): three selects, each required once any is chosen, years
 * 1900 to the current year in Asia/Tokyo, stored YYYY-MM-DD. While incomplete the value keeps its
 * blanks ("2020--01"), so the validator can name the missing part; all three blank is no answer.
 */
import type { Temporal } from 'temporal-polyfill';
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

export const splitDateDropdown = (value: string): DateDropdownParts => {
  const [year = '', month = '', day = ''] = value.split('-');
  return { year, month: month.replace(/^0/, ''), day: day.replace(/^0/, '') };
};

export const joinDateDropdown = ({ year, month, day }: DateDropdownParts): string => {
  if (!year && !month && !day) return '';
  const p = (s: string) => (s ? pad2(Number(s)) : '');
  return `${year}-${p(month)}-${p(day)}`;
};

const PARTS = /^(\d{4})?-(\d{2})?-(\d{2})?$/;

export const dateDropdownItem = defineItem({
  type: 'dateDropdown',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  isEmpty: (v: FormValue) => isNullDate(v) || v === '--',
  validate(value, _item, ctx) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const m = PARTS.exec(s);
    if (!m) return [issue('invalidDate')];
    const [, year, month, day] = m;
    if (!year) return [issue('dateDropdownYear')];
    if (!month) return [issue('dateDropdownMonth')];
    if (!day) return [issue('dateDropdownDay')];
    const y = Number(year);
    if (y < DATE_DROPDOWN_MIN_YEAR || y > ctx.today.year || !plainDateOf(y, Number(month), Number(day))) return [issue('invalidDate')];
    return [];
  },
});

export const dateDropdownSamples: SamplesOf<typeof dateDropdownItem> = {
  configs: [{}],
  valid: ['1900-01-01', '2000-02-29', '2025-12-31'],
  invalid: [
    { value: '-04-01', issue: { key: 'dateDropdownYear' } },
    { value: '2020--01', issue: { key: 'dateDropdownMonth' } },
    { value: '2020-04-', issue: { key: 'dateDropdownDay' } },
    { value: '1899-12-31', issue: { key: 'invalidDate' } },
    { value: '2026-01-01', issue: { key: 'invalidDate' } },
    { value: '2021-02-29', issue: { key: 'invalidDate' } },
    { value: '2020-4-1', issue: { key: 'invalidDate' } },
  ],
};
