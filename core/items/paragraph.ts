/** Static text (title, description, image): holds no answer. */
import { defineItem, type SamplesOf } from './define';

export const paragraphItem = defineItem({
  type: 'paragraph',
  configShape: () => ({}),
  valueKind: 'none',
  requiredKey: 'required',
  validate: () => [],
});

export const paragraphSamples: SamplesOf<typeof paragraphItem> = { configs: [{}, { attributes: { note: 'any' } }], valid: [], invalid: [] };
