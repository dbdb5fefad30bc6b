/**
 * Postcode (郵便番号): 7 digits. Full-width digits, 〒 and hyphens are normalised away on every
 * device (core/ja/postcode.ts). The address lookup and its "住所が見つかりません。" message
 * (key postcodeNotFound) belong to the screen, which knows whether the lookup found anything.
 */
import { isPostcode, normalizePostcode } from '../ja/postcode';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export const postcodeItem = defineItem({
  type: 'postcode',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    return isPostcode(s) ? [] : [issue('postcode')];
  },
  normalize: (value) => normalizePostcode(value),
});

export const postcodeSamples: SamplesOf<typeof postcodeItem> = {
  configs: [{}],
  valid: ['1000001', '0600000'],
  invalid: [
    { value: '100-0001', issue: { key: 'postcode' } },
    { value: '100000', issue: { key: 'postcode' } },
    { value: '10000011', issue: { key: 'postcode' } },
    { value: '１０００００１', issue: { key: 'postcode' } },
  ],
  normalized: [
    { raw: '〒１００－０００１', expected: '1000001' },
    { raw: '100ー0001', expected: '1000001', desktop: false },
  ],
};
