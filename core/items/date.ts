/**
 * Date (日付・テキスト入力): typed as 20150401, S50.8.21, h3/2/1, ２０１５／４／１… and stored
 * YYYY-MM-DD (core/ja/date-input.ts). No future dates: the normaliser here reads a future date
 * like any other, so the validator can say why it is refused (未来の日付は入力できません。)
 * instead of the field silently going blank; anything unreadable is kept as typed for the same
 * reason. "null" is no answer.
 *
 * Range (date-range.ts): `minDate`/`maxDate` from the config; with no `maxDate` the spec's rule
 * holds, nothing after today, refused with its own message.
 */
import { Temporal } from 'temporal-polyfill';
import { normalizeDateInput, parseIsoDate } from '../ja/date-input';
import { isNullDate } from './checks';
import { checkDateRange, dateRangeShape, type DateRange } from './date-range';
import { INVALID_VALUE, defineItem, issue, single, type FormValue, type ValidationIssue, type SamplesOf } from './define';

/** A typed date in canonical form, or the text as typed (trimmed) when it is no date; "null" → ''. */
export const normalizeTypedDate = (value: string, today: Temporal.PlainDate): string => {
  const date = normalizeDateInput(value, today, { allowFuture: true });
  if (date) return date;
  const typed = value.trim();
  return typed.toLowerCase() === 'null' ? '' : typed;
};

/** A stored YYYY-MM-DD that is a real date inside the item's range (no maxDate: not after today). */
export const checkTypedDate = (s: string, range: DateRange, today: Temporal.PlainDate): ValidationIssue | undefined => {
  const d = parseIsoDate(s);
  if (!d) return issue('invalidDate');
  if (range.maxDate === undefined && Temporal.PlainDate.compare(d, today) > 0) return issue('dateFuture');
  return checkDateRange(d, range, today);
};

/** The date item's rules, shared by the items typed the same way (sesshu-jisshi-date.ts). */
export const typedDateRules = {
  configShape: dateRangeShape,
  valueKind: 'single',
  requiredKey: 'required',
  isEmpty: isNullDate,
  validate(value: FormValue, item: DateRange, ctx: { today: Temporal.PlainDate }): ValidationIssue[] {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const bad = checkTypedDate(s, item, ctx.today);
    return bad ? [bad] : [];
  },
  normalize: (value: string, _item: unknown, ctx: { today: Temporal.PlainDate }) => normalizeTypedDate(value, ctx.today),
} as const;

export const dateItem = defineItem({
  type: 'date',
  ...typedDateRules,
});

export const dateSamples: SamplesOf<typeof dateItem> = {
  configs: [{}, { minDate: 0, maxDate: 365 }, { minDate: '2000-01-01', maxDate: '2030-12-31' }],
  valid: [],
  validFor: [
    ...['2015-04-01', '1975-08-21', '2025-06-15', '1900-01-01'].map((value) => ({ value, config: 0 })),
    { value: '2025-06-15', config: 1 },
    { value: '2026-06-15', config: 1 },
    { value: '2030-12-31', config: 2 },
  ],
  invalid: [
    { value: '1991-02-01', config: 1, issue: { key: 'dateBeforeMin', params: { min: '2025-06-15' } } },
    { value: '2026-06-16', config: 1, issue: { key: 'dateAfterMax', params: { max: '2026-06-15' } } },
    { value: '1999-12-31', config: 2, issue: { key: 'dateBeforeMin', params: { min: '2000-01-01' } } },
    { value: '2026-13-45', config: 1, issue: { key: 'invalidDate' } },
    { value: '2025-06-16', issue: { key: 'dateFuture' } },
    { value: '2015-4-1', issue: { key: 'invalidDate' } },
    { value: '2015-02-30', issue: { key: 'invalidDate' } },
    { value: '20150401', issue: { key: 'invalidDate' } },
    { value: 'S50.8.21', issue: { key: 'invalidDate' } },
    { value: ['2015-04-01'], issue: { key: 'invalidValue' } },
  ],
  normalized: [
    { raw: '20150401', expected: '2015-04-01' },
    { raw: 'S50.8.21', expected: '1975-08-21' },
    { raw: 'h3/2/1', expected: '1991-02-01', desktop: false },
    { raw: '２０１５／４／１', expected: '2015-04-01', desktop: false },
    { raw: '2015,4,31', expected: '2015-04-30' },
    { raw: '2026-13-45', expected: '2026-12-31' },
    { raw: '2015/0/0', expected: '2015-01-01' },
    { raw: '２０２６ー０１ー０５', expected: '2026-01-05', desktop: false },
    { raw: '令和８年１月５日', expected: '2026-01-05', desktop: false },
    { raw: 'null', expected: '' },
    { raw: '2030/1/1', expected: '2030-01-01' },
    { raw: 'きのう', expected: 'きのう' },
  ],
};
