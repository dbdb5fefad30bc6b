/**
 * Previous vaccine date (前回の接種日, spec 02 §3): typed like the date item (20150401, R8.1.5 …
 * → YYYY-MM-DD). Reading chosen: unlike the date item it may lie in the future — a resident who
 * has booked the first dose for next week books the second now, and the interval rule
 * (core/rules/vaccination.ts) counts from that day; `minDate`/`maxDate` narrow it when set.
 */
import { isNullDate } from './checks';
import { checkTypedDate, normalizeTypedDate } from './date';
import { dateRangeShape } from './date-range';
import { DATEPICKER_MAX_DATE } from './datepicker';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';

export const previousVaccineDateItem = defineItem({
  type: 'previousVaccineDate',
  configShape: dateRangeShape,
  valueKind: 'single',
  requiredKey: 'required',
  isEmpty: isNullDate,
  validate(value, item, ctx) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const bad = checkTypedDate(s, { minDate: item.minDate, maxDate: item.maxDate ?? DATEPICKER_MAX_DATE }, ctx.today);
    return bad ? [bad] : [];
  },
  normalize: (value, _item, ctx) => normalizeTypedDate(value, ctx.today),
});

export const previousVaccineDateSamples: SamplesOf<typeof previousVaccineDateItem> = {
  configs: [{}],
  valid: ['2025-06-01', '2025-06-15', '2025-07-01'],
  invalid: [
    { value: '2025-02-30', issue: { key: 'invalidDate' } },
    { value: '2100-01-01', issue: { key: 'dateAfterMax', params: { max: '2099-12-31' } } },
    { value: ['2025-06-01'], issue: { key: 'invalidValue' } },
  ],
  normalized: [
    { raw: '20250601', expected: '2025-06-01' },
    { raw: '令和７年７月１日', expected: '2025-07-01', desktop: false },
  ],
};
