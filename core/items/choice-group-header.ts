/**
 * Choice group header (選択式グループ見出し): a radio whose options open group header sections.
 * `sectionOptions` pairs an option with the group header it opens (by the header's itemKey, or
 * else its title); core/form/visibility.ts shows only the chosen option's section.
 */
import * as z from 'zod/mini';
import { sectionOptionSchema } from '../form/item-base';
import { checkOption } from './checks';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';

export const choiceGroupHeaderItem = defineItem({
  type: 'choiceGroupHeader',
  configShape: () => ({ options: z.array(z.string()).check(z.minLength(1)), sectionOptions: z._default(z.array(sectionOptionSchema), []) }),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const bad = checkOption(s, item.options);
    return bad ? [bad] : [];
  },
});

export const choiceGroupHeaderSamples: SamplesOf<typeof choiceGroupHeaderItem> = {
  configs: [
    {
      options: ['個人', '団体'],
      sectionOptions: [
        { option: '個人', groupheader: '個人でのお申込み' },
        { option: '団体', groupheader: '団体でのお申込み' },
      ],
    },
    { options: ['個人', '団体'] },
  ],
  valid: ['個人', '団体'],
  invalid: [
    { value: '法人', issue: { key: 'optionNotInList' } },
    { value: ['個人'], issue: { key: 'invalidValue' } },
  ],
};
