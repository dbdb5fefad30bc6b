/**
 * Phone (電話番号): stored as 10–11 half-width digits (spec 01 §5, 半角数字10桁-11桁で入力してください。).
 * The resident may type it as they write it — 090-1234-5678, ０９０ １２３４ ５６７８, with any
 * dash an IME gives — on every device: the normaliser (core/ja/phone.ts) reduces it to the digits
 * as typed: the box drops spaces and dashes at once and holds at most 11 characters (spec 01 §5),
 * so 090-1234-5678 typed or pasted fits whole (phoneBoxValue). The normaliser runs again on blur
 * and before sending.
 *
 * Where the rule lives: the client sends the normalised value (src/form/submit.ts normalises every
 * item before validating), and the server re-validates the stored form strictly, so a stored phone
 * is always digits only. A leading +81 is not read as 0 here; that reading is the search's.
 */
import { normalizePhoneInput } from '../ja/phone';
import { PHONE_MAX_LENGTH, isPhone } from './checks';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export { PHONE_MAX_LENGTH };
/** Spec 01 §5: the phone box takes at most 11 characters. */
export const PHONE_INPUT_MAX_LENGTH = PHONE_MAX_LENGTH;

/**
 * What the phone box holds after a keystroke or a paste: spaces and dashes dropped, then cut to 11.
 * Cut here rather than by the input's maxlength, which would cut a pasted 090-1234-5678 before its
 * hyphens are gone.
 */
export const phoneBoxValue = (typed: string): string => normalizePhoneInput(typed).slice(0, PHONE_INPUT_MAX_LENGTH);

export const phoneItem = defineItem({
  type: 'phone',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    return isPhone(s) ? [] : [issue('phone')];
  },
  normalize: (value) => normalizePhoneInput(value),
});

export const phoneSamples: SamplesOf<typeof phoneItem> = {
  configs: [{}],
  valid: ['0312345678', '09012345678'],
  invalid: [
    { value: '031234567', issue: { key: 'phone' } },
    { value: '090123456789', issue: { key: 'phone' } },
    { value: '090-1234-5678', issue: { key: 'phone' } },
    { value: '０９０１２３４５６７８', issue: { key: 'phone' } },
    { value: '+819012345678', issue: { key: 'phone' } },
  ],
  normalized: [
    { raw: '０９０１２３４５６７８', expected: '09012345678' },
    { raw: '090-1234-5678', expected: '09012345678', desktop: false },
    { raw: '０９０－１２３４－５６７８', expected: '09012345678', desktop: false },
    { raw: '090ー1234ー5678', expected: '09012345678', desktop: false },
    { raw: ' 03 1234 5678 ', expected: '0312345678' },
    { raw: '+81-90-1234-5678', expected: '+819012345678' },
  ],
};
