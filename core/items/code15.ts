/**
 * 15-character code (15桁コード): exactly 15 of lowercase letters, digits and hyphen (spec 01 §5,
 * 02 §5). Full-width letters and digits become half-width on every device, as for email: the code
 * has no width to keep.
 */
import { charLength } from '../ja/chars';
import { toHalfWidthAscii } from '../ja/width';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export const CODE15_LENGTH = 15;

export const code15Item = defineItem({
  type: 'code15',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    if (charLength(s) !== CODE15_LENGTH) return [issue('code15Length')];
    return /^[a-z0-9-]+$/.test(s) ? [] : [issue('code15Chars')];
  },
  normalize: (value) => toHalfWidthAscii(value).trim(),
});

export const code15Samples: SamplesOf<typeof code15Item> = {
  configs: [{}],
  valid: ['abcde-12345-xyz', '123456789012345', '---------------'],
  invalid: [
    { value: 'abcde-12345-xy', issue: { key: 'code15Length' } },
    { value: 'abcde-12345-xyz0', issue: { key: 'code15Length' } },
    { value: 'ABCDE-12345-XYZ', issue: { key: 'code15Chars' } },
    { value: 'abcde_12345_xyz', issue: { key: 'code15Chars' } },
    { value: 'ａｂｃｄｅ-12345-xyz', issue: { key: 'code15Chars' } },
  ],
  normalized: [
    { raw: 'ａｂｃｄｅ－１２３４５－ｘｙｚ ', expected: 'abcde-12345-xyz' },
    { raw: 'ａｂｃｄｅ－１２３４５－ｘｙｚ', expected: 'abcde-12345-xyz', desktop: false },
  ],
};
