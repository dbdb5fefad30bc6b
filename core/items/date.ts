/**
 * Date (日付・テキスト入力): typed as 20150401, S50.8.21, h3/2/1, ２０１５／４／１… and stored
 * YYYY-MM-DD (core/ja/date-input.ts). No future dates: the normaliser here reads a future date
 * like any other, so the validator can say why it is refused (未来の日付は入力できません。)
 * instead of the field silently going blank; anything unreadable is kept as typed for the same
 * reason. "null" is no answer.
 */
import { Temporal } from 'temporal-polyfill';
import { normalizeDateInput, parseIsoDate } from '../ja/date-input';
import { isNullDate } from './checks';
import { INVALID_VALUE, defineItem, issue, single, type ValidationIssue } from './define';

/** A typed date in canonical form, or the text as typed (trimmed) when it is no date; "null" → ''. */
export const normalizeTypedDate = (value: string, today: Temporal.PlainDate): string => {
  const date = normalizeDateInput(value, today, { allowFuture: true });
  if (date) return date;
  const typed = value.trim();
  return typed.toLowerCase() === 'null' ? '' : typed;
};

/** A stored YYYY-MM-DD that is a real date and not after today. */
export const checkPastDate = (s: string, today: Temporal.PlainDate): ValidationIssue | undefined => {
  const d = parseIsoDate(s);
  if (!d) return issue('invalidDate');
  return Temporal.PlainDate.compare(d, today) > 0 ? issue('dateFuture') : undefined;
};

export const dateItem = defineItem({
  type: 'date',
  configShape: {},
  valueKind: 'single',
  requiredKey: 'required',
  isEmpty: isNullDate,
  validate(value, _item, ctx) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const bad = checkPastDate(s, ctx.today);
    return bad ? [bad] : [];
  },
  normalize: (value, _item, ctx) => normalizeTypedDate(value, ctx.today),
  samples: {
    configs: [{}],
    valid: ['2015-04-01', '1975-08-21', '2025-06-15', '1900-01-01'],
    invalid: [
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
      { raw: '2015-13-01', expected: '2015-12-01' },
      { raw: 'null', expected: '' },
      { raw: '2030/1/1', expected: '2030-01-01' },
      { raw: 'きのう', expected: 'きのう' },
    ],
  },
});
