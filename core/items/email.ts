/** Email (メールアドレス): see checks.ts isEmail for the carriers' dotted local parts. */
import { toHalfWidthAscii } from '../ja/width';
import { isEmail } from './checks';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export const emailItem = defineItem({
  type: 'email',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    return isEmail(s) ? [] : [issue('email')];
  },
  normalize: (value, _item, ctx) => (ctx.desktop ? toHalfWidthAscii(value) : value).trim(),
});

export const emailSamples: SamplesOf<typeof emailItem> = {
  configs: [{}],
  valid: ['taro@example.jp', 'taro.yamada+form@mail.city.example.lg.jp', 'taro..x.@docomo.ne.jp'],
  invalid: [
    { value: 'taro', issue: { key: 'email' } },
    { value: 'taro@example', issue: { key: 'email' } },
    { value: 'taro@@example.jp', issue: { key: 'email' } },
    { value: 'たろう@example.jp', issue: { key: 'email' } },
    { value: 'taro @example.jp', issue: { key: 'email' } },
  ],
  normalized: [{ raw: ' ｔａｒｏ＠example.jp', expected: 'taro@example.jp' }],
};
