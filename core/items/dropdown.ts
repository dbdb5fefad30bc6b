/**
 * Dropdown / select (プルダウン): the value is one of `options`. Required message 必須項目: spec
 * 01 §5 gives dropdown and suggest "必須項目 / 必須"; 必須項目 is taken because it reads as a
 * message under the field, while 必須 alone is the badge beside the title (kept for select bed).
 */
import * as z from 'zod/mini';
import { checkOption } from './checks';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';

export const dropdownItem = defineItem({
  type: 'dropdown',
  configShape: () => ({ options: z.array(z.string()).check(z.minLength(1)) }),
  valueKind: 'single',
  requiredKey: 'requiredItem',
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const bad = checkOption(s, item.options);
    return bad ? [bad] : [];
  },
});

export const dropdownSamples: SamplesOf<typeof dropdownItem> = {
  configs: [{ options: ['会社員', '自営業', '学生'] }],
  valid: ['会社員', '学生'],
  invalid: [
    { value: '無職', issue: { key: 'optionNotInList' } },
    { value: ['学生'], issue: { key: 'invalidValue' } },
  ],
};
