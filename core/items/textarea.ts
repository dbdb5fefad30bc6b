/** Paragraph answer (記述式・長文): `length` {min, max} in code points, shown with a counter; no hard limit. */
import { checkLength } from './checks';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';

export const textareaItem = defineItem({
  type: 'textarea',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const length = checkLength(s, item.length);
    return length ? [length] : [];
  },
});

export const textareaSamples: SamplesOf<typeof textareaItem> = {
  configs: [{}, { length: { max: 400 } }, { length: { min: 5, max: 1000 } }],
  valid: ['ごみの出し方について\n質問があります。', 'あいうえお', 'x'.repeat(400)],
  validFor: [{ value: 'あ'.repeat(1000), config: 0 }],
  invalid: [
    { value: 'あ'.repeat(401), config: 1, issue: { key: 'lengthMax', params: { max: 400 } } },
    { value: 'あいう', config: 2, issue: { key: 'lengthMin', params: { min: 5 } } },
    { value: ['a', 'b'], issue: { key: 'invalidValue' } },
  ],
};
