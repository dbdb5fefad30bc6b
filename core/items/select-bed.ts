/**
 * Select bed (ベッド選択: spec 01 §2, §5; spec 02 §3 "Bed: bedId, bedName"). The resident picks one
 * bed of the ward of the form the item is in; the stored value is the bed's bedId (at most 8
 * characters, core/rules/bed-stay.ts), shown as its bedName. Required message 必須項目 with the 必須
 * badge, as dropdown's (spec 01 §5 "必須項目 / 必須 (dropdown, suggest, select bed)").
 *
 * Which bedIds exist is the ward's, so this validator checks the shape only; the bed calls check
 * the bed belongs to the form's ward and claim it night by night (server/beds/).
 */
import { isBedIdShape } from '../rules/bed-stay';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';

export const selectBedItem = defineItem({
  type: 'selectBed',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'requiredItem',
  validate(value) {
    const s = single(value);
    return s !== undefined && isBedIdShape(s) ? [] : [INVALID_VALUE];
  },
});

export const selectBedSamples: SamplesOf<typeof selectBedItem> = {
  configs: [{}],
  valid: ['b1', '301-1', '12345678'],
  invalid: [
    { value: '123456789', issue: { key: 'invalidValue' } },
    { value: '301 1', issue: { key: 'invalidValue' } },
    { value: ['b1'], issue: { key: 'invalidValue' } },
  ],
};
