/**
 * Date with morning/afternoon (日付・午前午後): "YYYY-MM-DD 午前" or "YYYY-MM-DD 午後" (spec 01 §3).
 * Future dates are what this item is for (collection days, visit wishes), so none is refused by
 * default, and the spec does not refuse past ones either; the item's own range (`minDate`,
 * `maxDate`, date-range.ts) does: a collection day says `"minDate": 7`, and H3.2.1 is refused.
 */
import { normalizeDateInput, parseIsoDate } from '../ja/date-input';
import { isNullDate } from './checks';
import { checkDateRange, dateRangeShape } from './date-range';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export const DATE_SESSIONS = ['午前', '午後'] as const;
export type DateSession = (typeof DATE_SESSIONS)[number];

const SPLIT = /^(.*?)\s*(午前|午後)?$/s;
const CANONICAL = /^(\S+) (午前|午後)$/;

/** The date part and the session of a value (either may be ''). */
export const splitDateSession = (value: string): { date: string; session: DateSession | '' } => {
  const m = SPLIT.exec(value.trim());
  return { date: m?.[1] ?? '', session: (m?.[2] as DateSession | undefined) ?? '' };
};

/**
 * The stored value: '' when both parts are blank, the date alone while no session is chosen, and
 * " 午前" while only the session is, so a half-filled answer is kept (and refused) rather than lost.
 */
export const joinDateSession = (date: string, session: DateSession | ''): string => {
  const d = date.trim();
  if (session === '') return d;
  return `${d} ${session}`;
};

export const dateWithSessionItem = defineItem({
  type: 'dateWithSession',
  configShape: dateRangeShape,
  valueKind: 'single',
  requiredKey: 'required',
  isEmpty: isNullDate,
  validate(value, item, ctx) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const m = CANONICAL.exec(s);
    const d = parseIsoDate(m ? (m[1] ?? '') : s);
    if (!d) return [issue('invalidDate')];
    const bad = checkDateRange(d, item, ctx.today);
    if (bad) return [bad];
    return m ? [] : [issue('dateSessionMissing')];
  },
  normalize(value, _item, ctx) {
    if (isNullDate(value)) return '';
    const { date, session } = splitDateSession(value);
    const canonical = normalizeDateInput(date, ctx.today, { allowFuture: true }) || date;
    return joinDateSession(canonical, session);
  },
});

export const dateWithSessionSamples: SamplesOf<typeof dateWithSessionItem> = {
  configs: [{}, { minDate: 7 }],
  valid: ['2025-07-01 午前', '2025-07-01 午後'],
  validFor: [
    { value: '2024-12-31 午前', config: 0 },
    { value: '2025-06-22 午後', config: 1 },
  ],
  invalid: [
    { value: 'H3.2.1 午前', config: 1, issue: { key: 'invalidDate' } },
    { value: '1991-02-01 午前', config: 1, issue: { key: 'dateBeforeMin', params: { min: '2025-06-22' } } },
    { value: '2025-06-21 午後', config: 1, issue: { key: 'dateBeforeMin', params: { min: '2025-06-22' } } },
    { value: '2025-06-21', config: 1, issue: { key: 'dateBeforeMin', params: { min: '2025-06-22' } } },
    { value: '2026-13-45 午前', issue: { key: 'invalidDate' } },
    { value: '2025-07-01', issue: { key: 'dateSessionMissing' } },
    { value: '2025-07-01 夕方', issue: { key: 'invalidDate' } },
    { value: '2025-02-30 午前', issue: { key: 'invalidDate' } },
    { value: ' 午後', issue: { key: 'invalidDate' } },
    { value: ['2025-07-01 午前'], issue: { key: 'invalidValue' } },
  ],
  normalized: [
    { raw: '2025/7/1 午前', expected: '2025-07-01 午前' },
    { raw: '20250701午後', expected: '2025-07-01 午後' },
    { raw: '2025/7/1', expected: '2025-07-01' },
    { raw: 'H3.2.1 午前', expected: '1991-02-01 午前', config: 1 },
    { raw: '２０２５ー７ー１ 午前', expected: '2025-07-01 午前', desktop: false },
    { raw: '2026-13-45 午前', expected: '2026-12-31 午前' },
    { raw: '午前', expected: ' 午前' },
    { raw: 'null', expected: '' },
  ],
};
