/**
 * Phone (電話番号): 10–11 half-width digits, input max 11 characters (spec 01 §5). The resident
 * types digits only; hyphens are refused rather than removed, since the spec's hyphen-dropping
 * normaliser (core/ja/phone.ts) belongs to facility and member search.
 */
import { toHalfWidthAscii } from '../ja/width';
import { PHONE_MAX_LENGTH, isPhone } from './checks';
import { INVALID_VALUE, defineItem, issue, single } from './define';

export { PHONE_MAX_LENGTH };

export const phoneItem = defineItem({
  type: 'phone',
  configShape: {},
  valueKind: 'single',
  requiredKey: 'required',
  validate(value) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    return isPhone(s) ? [] : [issue('phone')];
  },
  normalize: (value, _item, ctx) => (ctx.desktop ? toHalfWidthAscii(value) : value).trim(),
  samples: {
    configs: [{}],
    valid: ['0312345678', '09012345678'],
    invalid: [
      { value: '031234567', issue: { key: 'phone' } },
      { value: '090123456789', issue: { key: 'phone' } },
      { value: '090-1234-5678', issue: { key: 'phone' } },
      { value: '０９０１２３４５６７８', issue: { key: 'phone' } },
      { value: '+819012345678', issue: { key: 'phone' } },
    ],
    normalized: [{ raw: '０９０１２３４５６７８', expected: '09012345678' }],
  },
});
