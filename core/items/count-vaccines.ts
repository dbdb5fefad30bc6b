/**
 * Count of vaccines (接種回数, spec 02 §5): which dose this booking is for, chosen from 1 to 99.
 * With 1 the previous-vaccine items are removed (core/rules/vaccination.ts); from 2 on the
 * booking must come after the previous dose (the same rule, run on the whole form).
 */
import { COUNT_VACCINES_MAX, COUNT_VACCINES_OPTIONS } from '../rules/vaccination';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export const countVaccinesItem = defineItem({
  type: 'countVaccines',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'requiredItem',
  validate(value) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    return COUNT_VACCINES_OPTIONS.includes(s) ? [] : [issue('optionNotInList')];
  },
});

export const countVaccinesSamples: SamplesOf<typeof countVaccinesItem> = {
  configs: [{}],
  valid: ['1', '2', String(COUNT_VACCINES_MAX)],
  invalid: [
    { value: '0', issue: { key: 'optionNotInList' } },
    { value: '100', issue: { key: 'optionNotInList' } },
    { value: '02', issue: { key: 'optionNotInList' } },
    { value: '２', issue: { key: 'optionNotInList' } },
    { value: ['2'], issue: { key: 'invalidValue' } },
  ],
};
