/**
 * Email (メールアドレス): see checks.ts isEmail for the carriers' dotted local parts. Full-width
 * letters and symbols (ｔａｒｏ＠…) become half-width on every device: an address has no width to
 * keep, and a phone's Japanese keyboard may type them (spec 01 §5 converts only on desktop, for
 * text items whose width is part of the answer).
 */
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
  normalize: (value) => toHalfWidthAscii(value).trim(),
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
  normalized: [
    { raw: ' ｔａｒｏ＠example.jp', expected: 'taro@example.jp' },
    { raw: 'ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ', expected: 'taro@example.jp', desktop: false },
  ],
};
