/**
 * Suggest (候補付き入力): a text box that offers `options` as the resident types. The value must
 * be one of them unless `allowFreeText` is true; the default is strict, because operators use
 * suggest to make long lists (schools, facilities) easy to pick from, and a misspelt free entry
 * would not match in lookups. Required message 必須項目, as for dropdown (see dropdown.ts).
 */
import * as z from 'zod/mini';
import { checkLength, checkOption } from './checks';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';
import { TEXT_HARD_LIMIT } from './text';

export const suggestItem = defineItem({
  type: 'suggest',
  configShape: () => ({ options: z.array(z.string()).check(z.minLength(1)), allowFreeText: z._default(z.boolean(), false) }),
  valueKind: 'single',
  requiredKey: 'requiredItem',
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    if (item.allowFreeText) {
      const length = checkLength(s, undefined, TEXT_HARD_LIMIT);
      return length ? [length] : [];
    }
    const bad = checkOption(s, item.options);
    return bad ? [bad] : [];
  },
});

export const suggestSamples: SamplesOf<typeof suggestItem> = {
  configs: [
    { options: ['さくら市立第一小学校', 'さくら市立第二小学校'] },
    { options: ['さくら市立第一小学校', 'さくら市立第二小学校'], allowFreeText: true },
  ],
  valid: ['さくら市立第一小学校', 'さくら市立第二小学校'],
  validFor: [{ value: '隣町立小学校', config: 1 }],
  invalid: [
    { value: 'さくら市立第三小学校', issue: { key: 'optionNotInList' } },
    { value: 'さくら市立第一', issue: { key: 'optionNotInList' } },
    { value: 'あ'.repeat(301), config: 1, issue: { key: 'lengthMax', params: { max: 300 } } },
  ],
};
