/**
 * The answers a form opens with: each item's configured `default`, then the URL query parameters
 * its queryParam1/2/3 name (spec 01 §2). A one-value item takes the first of its parameters
 * present; a multi-value item (checkboxes) takes each present parameter as one chosen value.
 * Admin items in user mode take URL parameters only (spec 01 §6).
 */
import type { FormValue } from '@core/items/define';
import type { FormPlan, PlannedItem } from './plan';

const QUERY_PARAM_FIELDS = ['queryParam1', 'queryParam2', 'queryParam3'] as const;

const asValue = (v: unknown, multi: boolean): FormValue | undefined => {
  if (typeof v === 'string') return multi ? [v] : v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return multi ? v : v[0];
  return undefined;
};

export const prefillValues = (
  plan: FormPlan,
  search: Readonly<Record<string, string>>,
  normalize: (p: PlannedItem, value: FormValue) => FormValue | undefined,
): Record<string, FormValue> => {
  const values: Record<string, FormValue> = {};
  for (const p of plan.items) {
    if (!p.hasValue) continue;
    const multi = Array.isArray(p.item.default) || p.type === 'checkboxes';
    const names = QUERY_PARAM_FIELDS.map((f) => p.item[f]).filter((n): n is string => typeof n === 'string' && n !== '');
    const given = names.map((n) => search[n]).filter((v): v is string => v !== undefined && v !== '');
    let value: FormValue | undefined;
    if (given.length > 0) {
      value = multi ? given : given[0];
    } else if (!p.neverShown) {
      value = asValue(p.item.default, multi);
    }
    if (value === undefined) continue;
    const canonical = normalize(p, value);
    if (canonical !== undefined) values[p.key] = canonical;
  }
  return values;
};
