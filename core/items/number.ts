/**
 * Number (数値): half-width digits only (no sign, no decimal point: the spec's range input blocks
 * e, E, +, - and .), within `range` {min, max} when set.
 *
 * Full-width digits become half-width on every device, not only on desktop as spec 01 §5 writes:
 * a phone's Japanese keyboard types １２, which a resident cannot tell from 12, and a number has
 * no width to keep (unlike a text item's character type).
 */
import { toHalfWidthAscii } from '../ja/width';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

const num = (n: number | null | undefined): number | undefined => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

export const numberItem = defineItem({
  type: 'number',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    if (!/^[0-9]+$/.test(s)) return [issue('numberDigitsOnly')];
    const n = Number(s);
    const min = num(item.range?.min);
    const max = num(item.range?.max);
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
      return [issue('numberRange', { min: min ?? '', max: max ?? '' })];
    }
    return [];
  },
  normalize: (value) => toHalfWidthAscii(value).trim(),
});

export const numberSamples: SamplesOf<typeof numberItem> = {
  configs: [{}, { range: { min: 1, max: 10 } }, { range: { min: null, max: 20 } }],
  valid: ['1', '5', '10', '007'],
  validFor: [
    { value: '12345678901234567890', config: 0 },
    { value: '0', config: 2 },
  ],
  invalid: [
    { value: '-1', issue: { key: 'numberDigitsOnly' } },
    { value: '1.5', issue: { key: 'numberDigitsOnly' } },
    { value: '1e3', issue: { key: 'numberDigitsOnly' } },
    { value: '１２', issue: { key: 'numberDigitsOnly' } },
    { value: '0', config: 1, issue: { key: 'numberRange', params: { min: 1, max: 10 } } },
    { value: '11', config: 1, issue: { key: 'numberRange', params: { min: 1, max: 10 } } },
    { value: '21', config: 2, issue: { key: 'numberRange', params: { min: '', max: 20 } } },
    { value: ['1'], issue: { key: 'invalidValue' } },
  ],
  normalized: [
    { raw: '１２', expected: '12' },
    { raw: '１２', expected: '12', desktop: false },
    { raw: ' ３０ ', expected: '30', desktop: false },
  ],
};
