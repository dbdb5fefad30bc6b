/**
 * Builds the form engine (see engine-context.ts): per-item handlers that validate one item only.
 * A field paints its error only once the resident changed it, or after a submit attempt, so
 * tabbing through empty fields paints nothing.
 */
import type { Temporal } from 'temporal-polyfill';
import { validateItem } from '@core/form/validate';
import type { FormValue, NormalizeContext, ValidateContext, ValidationIssue } from '@core/items/define';
import { itemDefOf } from '@core/items/registry';
import { formatMessage } from '../messages/format';
import { itemUiOf } from '../items/registry';
import type { FieldHandlers, FormEngine } from './engine-context';
import type { FormStore } from './form-store';
import type { FormPlan, PlannedItem } from './plan';

export const messageOf = (issues: readonly ValidationIssue[]): string | undefined =>
  issues[0] ? formatMessage(issues[0]) : undefined;


export const createEngine = (
  store: FormStore,
  plan: FormPlan,
  options: { today: Temporal.PlainDate; desktop: boolean },
): FormEngine => {
  const validateContext: ValidateContext = { mode: plan.mode, today: options.today };
  const normalizeContext: NormalizeContext = { today: options.today, desktop: options.desktop };

  const normalized = (p: PlannedItem, value: FormValue | undefined): FormValue | undefined => {
    const normalize = itemDefOf(p.type).normalize;
    return typeof value === 'string' && normalize ? normalize(value, p.item, normalizeContext) : value;
  };

  const check = (p: PlannedItem, value: FormValue | undefined) => messageOf(validateItem(p.item, value, validateContext));

  /** Fields whose value the resident changed; checked on blur from then on. */
  const changed = new Set<string>();
  let attempted = false;

  const validate = (key: string): string | undefined => {
    const p = plan.byKey.get(key);
    if (!p) return undefined;
    const message = check(p, store.getValue(key));
    store.setError(key, message);
    return message;
  };

  const cache = new Map<string, FieldHandlers>();
  const handlersOf = (key: string): FieldHandlers => {
    const known = cache.get(key);
    if (known) return known;
    const p = plan.byKey.get(key);
    if (!p) throw new Error(`no item ${key}`);
    const showOnChange = itemUiOf(p.type).showErrorOnChange === true;
    const handlers: FieldHandlers = {
      onChange: (value) => {
        if (store.getValue(key) !== value) changed.add(key);
        store.setValue(key, value);
        // Validation on change checks this one item, as it will read once normalised.
        const message = check(p, normalized(p, value));
        if (message === undefined || showOnChange || store.getError(key) !== undefined) store.setError(key, message);
      },
      onBlur: () => {
        const value = store.getValue(key);
        const canonical = normalized(p, value);
        if (canonical !== value) store.setValue(key, canonical);
        // Passing through (focus and blur, no change) is not a reason to tell the resident off.
        if (attempted || changed.has(key) || store.getError(key) !== undefined) store.setError(key, check(p, canonical));
      },
    };
    cache.set(key, handlers);
    return handlers;
  };

  return {
    store,
    plan,
    validateContext,
    normalizeContext,
    handlersOf,
    normalized,
    validate,
    markAttempted: () => {
      attempted = true;
    },
    fill: (key, value) => {
      const p = plan.byKey.get(key);
      if (!p) return;
      store.setValue(key, value);
      store.setError(key, check(p, value));
    },
    setError: (key, message) => store.setError(key, message),
  };
};
