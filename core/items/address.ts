/** Address (住所): free text, filled by the postcode lookup or typed; `length` {min, max} when set. */
import { checkLength } from './checks';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';

export const addressItem = defineItem({
  type: 'address',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const length = checkLength(s, item.length);
    return length ? [length] : [];
  },
});

export const addressSamples: SamplesOf<typeof addressItem> = {
  configs: [{}, { length: { max: 100 } }],
  valid: ['東京都千代田区千代田1-1', 'さくら市中央1丁目2番3号 さくらマンション101号室'],
  invalid: [
    { value: 'あ'.repeat(101), config: 1, issue: { key: 'lengthMax', params: { max: 100 } } },
    { value: ['東京都'], issue: { key: 'invalidValue' } },
  ],
};
