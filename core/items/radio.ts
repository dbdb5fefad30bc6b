/** Radio buttons (単一選択): the value is one of `options`. */
import * as z from 'zod/mini';
import { checkOption } from './checks';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';

export const radioItem = defineItem({
  type: 'radio',
  configShape: () => ({ options: z.array(z.string()).check(z.minLength(1)) }),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const bad = checkOption(s, item.options);
    return bad ? [bad] : [];
  },
});

export const radioSamples: SamplesOf<typeof radioItem> = {
  configs: [{ options: ['10代', '20代', '30代'] }, { options: ['10代', '20代', '30代', 'その他'] }],
  valid: ['10代', '30代'],
  invalid: [
    { value: '40代', issue: { key: 'optionNotInList' } },
    { value: '10', issue: { key: 'optionNotInList' } },
    { value: ['10代'], issue: { key: 'invalidValue' } },
  ],
};
