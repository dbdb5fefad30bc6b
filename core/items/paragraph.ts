/** Static text (title, description, image): holds no answer. */
import { defineItem } from './define';

export const paragraphItem = defineItem({
  type: 'paragraph',
  configShape: {},
  valueKind: 'none',
  requiredKey: 'required',
  validate: () => [],
  samples: { configs: [{}, { attributes: { note: 'any' } }], valid: [], invalid: [] },
});
