/**
 * Birthday (生年月日): yyyy-mm-dd or an era form with dots (H3.2.1), stored YYYY-MM-DD (core/ja/
 * birthday.ts). A birthday after today is refused too (未来の日付は入力できません。): the spec
 * is silent, and no one answering is born tomorrow.
 */
import { Temporal } from 'temporal-polyfill';
import { normalizeBirthday, parseBirthday } from '../ja/birthday';
import { isNullDate } from './checks';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export const birthdayItem = defineItem({
  type: 'birthday',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  isEmpty: isNullDate,
  validate(value, _item, ctx) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const d = parseBirthday(s);
    if (!d) return [issue('birthdayFormat')];
    return Temporal.PlainDate.compare(d, ctx.today) > 0 ? [issue('dateFuture')] : [];
  },
  normalize: (value) => (isNullDate(value) ? '' : normalizeBirthday(value)),
});

export const birthdaySamples: SamplesOf<typeof birthdayItem> = {
  configs: [{}],
  valid: ['1991-02-01', '1975-08-21', 'H3.2.1', 's50.8.21', '令和元.5.1'],
  invalid: [
    { value: '1991/02/01', issue: { key: 'birthdayFormat' } },
    { value: '19910201', issue: { key: 'birthdayFormat' } },
    { value: 'H0.1.1', issue: { key: 'birthdayFormat' } },
    { value: 'H.2.1', issue: { key: 'birthdayFormat' } },
    { value: 'X3.2.1', issue: { key: 'birthdayFormat' } },
    { value: 'H3.2.30', issue: { key: 'birthdayFormat' } },
    { value: 'H3/2/1', issue: { key: 'birthdayFormat' } },
    { value: '2025-06-16', issue: { key: 'dateFuture' } },
    { value: ['1991-02-01'], issue: { key: 'invalidValue' } },
  ],
  normalized: [
    { raw: 'H3.2.1', expected: '1991-02-01' },
    { raw: 'Ｓ５０．８．２１', expected: '1975-08-21', desktop: false },
    { raw: '1991-2-1', expected: '1991-02-01' },
    { raw: ' H3/2/1 ', expected: 'H3/2/1' },
  ],
};
