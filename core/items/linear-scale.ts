/**
 * Linear scale (均等目盛): a whole number from `scale_min` to `scale_max` (default 0 and 10),
 * with optional end labels `scale_min_label` / `scale_max_label` (spec 01 §3 "with messages";
 * snake_case like the bounds they label).
 */
import * as z from 'zod/mini';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export const scalePoints = (item: { scale_min: number; scale_max: number }): number[] =>
  Array.from({ length: Math.max(0, item.scale_max - item.scale_min + 1) }, (_, i) => item.scale_min + i);

export const linearScaleItem = defineItem({
  type: 'linearScale',
  configShape: () => ({
    scale_min: z._default(z.number().check(z.int()), 0),
    scale_max: z._default(z.number().check(z.int()), 10),
    scale_min_label: z.optional(z.string()),
    scale_max_label: z.optional(z.string()),
  }),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const n = Number(s);
    const ok = /^-?\d+$/.test(s) && n >= item.scale_min && n <= item.scale_max;
    return ok ? [] : [issue('scaleRange', { min: item.scale_min, max: item.scale_max })];
  },
});

export const linearScaleSamples: SamplesOf<typeof linearScaleItem> = {
  configs: [{}, { scale_min: 1, scale_max: 5, scale_min_label: '不満', scale_max_label: '満足' }],
  valid: ['1', '3', '5'],
  validFor: [
    { value: '0', config: 0 },
    { value: '10', config: 0 },
  ],
  invalid: [
    { value: '11', issue: { key: 'scaleRange', params: { min: 0, max: 10 } } },
    { value: '-1', issue: { key: 'scaleRange', params: { min: 0, max: 10 } } },
    { value: '2.5', issue: { key: 'scaleRange', params: { min: 0, max: 10 } } },
    { value: '0', config: 1, issue: { key: 'scaleRange', params: { min: 1, max: 5 } } },
    { value: '6', config: 1, issue: { key: 'scaleRange', params: { min: 1, max: 5 } } },
  ],
};
