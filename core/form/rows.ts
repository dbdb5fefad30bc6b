/**
 * Form values ↔ result rows (spec 01 §3): one row per item, sortKey itemKey; checkboxes one row
 * per chosen value, sortKey itemKey#value. itemKeys cannot hold '#', so a sortKey that continues
 * past its itemKey with '#' always marks a value row.
 */
import type { AnswerRowInput } from '../contract/survey';
import type { FormValue, FormValues } from '../items/define';
import { isBlankAnswer, itemDefOf } from '../items/registry';
import type { FormShape } from './visibility';

export interface RowLike {
  itemKey: string;
  sortKey?: string | undefined;
  value: string;
}

/** The values a stored answer holds, for prefilling the form when it is edited. */
export const valuesFromRows = (rows: readonly RowLike[]): Record<string, FormValue> => {
  const out: Record<string, FormValue> = {};
  for (const row of rows) {
    if (row.sortKey?.startsWith(`${row.itemKey}#`)) {
      const held = out[row.itemKey];
      out[row.itemKey] = held === undefined ? [row.value] : [...(typeof held === 'string' ? [held] : held), row.value];
    } else {
      out[row.itemKey] = row.value;
    }
  }
  return out;
};

/**
 * The putItem rows for values, in form order, with each item's title. Pass `answerValues(…)`:
 * this only converts (unknown keys, no-value items and blanks are skipped), it does not decide
 * what is shown.
 */
export const rowsFromValues = (config: FormShape & { surveyId: string }, values: FormValues): AnswerRowInput[] =>
  config.surveySchema.flatMap((item): AnswerRowInput[] => {
    const def = itemDefOf(item.type);
    const value = values[item.itemKey];
    if (def.valueKind === 'none' || value === undefined || isBlankAnswer(item.type, value)) return [];
    const base = { surveyId: config.surveyId, itemKey: item.itemKey, title: item.title };
    if (def.valueKind === 'multi') {
      const list = typeof value === 'string' ? [value] : value;
      return list.filter((v) => v.trim() !== '').map((v) => ({ ...base, value: v, sortKey: `${item.itemKey}#${v}` }));
    }
    return typeof value === 'string' ? [{ ...base, value, sortKey: item.itemKey }] : [];
  });
