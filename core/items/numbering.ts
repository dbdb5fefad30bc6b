/**
 * Numbering (採番, spec 01 §2, §3). With isAutomaticNumbering the server gives the number when it
 * stores a new answer, by the same mechanism as member numbers (11 digits: the survey's 4-digit
 * surveySubId, then 7 digits past lastResultNumber); a changed answer keeps its number. Without
 * it the item takes a typed number like a manual member number.
 */
import { toHalfWidthAscii } from '../ja/width';
import { defineItem, type SamplesOf } from './define';
import { numberItemShape, validateTypedNumber } from './member-number';

export const numberingItem = defineItem({
  type: 'numbering',
  configShape: numberItemShape,
  valueKind: 'single',
  requiredKey: 'required',
  validate: (value) => validateTypedNumber(value),
  normalize: (value) => toHalfWidthAscii(value).trim(),
  serverAssigned: (item) => item.isAutomaticNumbering === true,
});

export const numberingSamples: SamplesOf<typeof numberingItem> = {
  configs: [{}],
  valid: ['1', '9999999', 'A1'],
  invalid: [
    { value: '99999999', issue: { key: 'memberNumberFormat' } },
    { value: 'a b', issue: { key: 'memberNumberFormat' } },
  ],
  normalized: [{ raw: '０１２', expected: '012' }],
};
