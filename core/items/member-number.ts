/**
 * Member number (会員番号, spec 02 §5, §9). With isAutomaticNumbering the server gives the number
 * when it stores the registration (11 digits: the member form's 4-digit sub id, then 7 digits);
 * otherwise the resident types one: up to 7 half-width alphanumerics, checked on blur against the
 * numbers already given (the check itself is the form's, src/items/member-number.tsx).
 */
import * as z from 'zod/mini';
import { isManualMemberNumber, MANUAL_NUMBER_MAX_LENGTH } from '../rules/member-number';
import { toHalfWidthAscii } from '../ja/width';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export const MEMBER_NUMBER_MAX_LENGTH = MANUAL_NUMBER_MAX_LENGTH;

/** Shared with the numbering item: the same two kinds of number. */
export const numberItemShape = () => ({ isAutomaticNumbering: z.optional(z.boolean()) });

export const validateTypedNumber = (value: string | string[]) => {
  const s = single(value);
  if (s === undefined) return [INVALID_VALUE];
  return isManualMemberNumber(s) ? [] : [issue('memberNumberFormat')];
};

export const memberNumberItem = defineItem({
  type: 'memberNumber',
  configShape: numberItemShape,
  valueKind: 'single',
  requiredKey: 'required',
  validate: (value) => validateTypedNumber(value),
  // Spec 02 §5: full-width input converted to ASCII whatever the device.
  normalize: (value) => toHalfWidthAscii(value).trim(),
  serverAssigned: (item) => item.isAutomaticNumbering === true,
});

export const memberNumberSamples: SamplesOf<typeof memberNumberItem> = {
  configs: [{}, { isAutomaticNumbering: false }],
  valid: ['1', '1234567', 'AB12cd', '0000001'],
  invalid: [
    { value: '12345678', issue: { key: 'memberNumberFormat' } },
    { value: '12-34', issue: { key: 'memberNumberFormat' } },
    { value: '１２３', issue: { key: 'memberNumberFormat' } },
    { value: 'あいう', issue: { key: 'memberNumberFormat' } },
  ],
  normalized: [
    { raw: '１２３ ', expected: '123' },
    { raw: 'ＡＢ１', expected: 'AB1', desktop: false },
  ],
};
