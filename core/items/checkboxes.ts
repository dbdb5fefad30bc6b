/**
 * Checkboxes (複数選択): a list of `options`, stored one row per value (sortKey itemKey#value).
 * `selection` {min, max}: min defaults to 0, max to unlimited; a min of 1 or more makes an answer
 * necessary even when isRequired is off (the empty form then shows the required message).
 */
import * as z from 'zod/mini';
import { INVALID_VALUE, defineItem, issue, list, type SamplesOf } from './define';

const bound = (n: number | null | undefined): number | undefined => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

export const selectionBounds = (item: { selection?: { min?: number | null | undefined; max?: number | null | undefined } | undefined }) => ({
  min: bound(item.selection?.min) ?? 0,
  max: bound(item.selection?.max) ?? Number.POSITIVE_INFINITY,
});

export const checkboxesItem = defineItem({
  type: 'checkboxes',
  configShape: () => ({ options: z.array(z.string()).check(z.minLength(1)) }),
  valueKind: 'multi',
  requiredKey: 'required',
  requiredByConfig: (item) => selectionBounds(item).min >= 1,
  validate(value, item) {
    const values = list(value);
    if (values.some((v) => !item.options.includes(v))) return [issue('optionNotInList')];
    if (new Set(values).size !== values.length) return [INVALID_VALUE];
    const { min, max } = selectionBounds(item);
    if (values.length < min) return [issue('selectionMin', { min })];
    if (values.length > max) return [issue('selectionMax', { max })];
    return [];
  },
});

export const checkboxesSamples: SamplesOf<typeof checkboxesItem> = {
  configs: [
    { options: ['子育て', '福祉', '防災', '観光'] },
    { options: ['子育て', '福祉', '防災', '観光'], selection: { min: 1, max: 2 } },
    { options: ['子育て', '福祉', '防災', '観光'], selection: { min: null, max: null } },
    { options: ['子育て', '福祉', '防災', '観光'], selection: { min: 2 } },
  ],
  valid: [['福祉', '防災'], ['観光', '子育て']],
  validFor: [
    { value: ['子育て', '福祉', '防災', '観光'], config: 0 },
    { value: ['子育て'], config: 1 },
    // A legacy row without #value reads as one string: a list of one.
    { value: '観光', config: 2 },
  ],
  invalid: [
    { value: ['子育て', '環境'], issue: { key: 'optionNotInList' } },
    { value: ['子育て', '子育て'], issue: { key: 'invalidValue' } },
    { value: ['子育て', '福祉', '防災'], config: 1, issue: { key: 'selectionMax', params: { max: 2 } } },
    { value: ['子育て'], config: 3, issue: { key: 'selectionMin', params: { min: 2 } } },
  ],
};
