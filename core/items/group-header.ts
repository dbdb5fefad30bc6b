/**
 * Group header (グループ見出し): starts an expandable section holding the items after it, up to
 * the next group header; holds no answer. `expanded` is whether the section starts open (default
 * true: the spec does not say, and a closed section hides questions a resident must answer; on
 * submit the sections with invalid items open anyway).
 */
import * as z from 'zod/mini';
import { defineItem, type SamplesOf } from './define';

export const groupHeaderItem = defineItem({
  type: 'groupHeader',
  configShape: () => ({ expanded: z._default(z.boolean(), true) }),
  valueKind: 'none',
  requiredKey: 'required',
  validate: () => [],
});

export const groupHeaderSamples: SamplesOf<typeof groupHeaderItem> = { configs: [{}, { expanded: false }], valid: [], invalid: [] };
