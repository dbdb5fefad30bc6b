/**
 * What the renderer works out once per config: each item's parsed config, requiredness and
 * read-only state, the sections group headers open, and for every item the few answers its
 * visibility depends on. With those, a field re-renders for its own value only, and a display
 * condition re-evaluates only when one of its own dependencies changes.
 *
 * Visibility follows core/form/visibility.ts rule for rule (tests/client/form-plan.test.ts
 * compares the two); it is recomputed here per item, walking only that item's chain, because
 * visibleItemKeys walks the whole form and would cost O(items) per condition per keystroke.
 */
import type { ItemType } from '@core/form/item-types';
import type { FormValue, Mode } from '@core/items/define';
import { itemDefOf, type SchemaItem } from '@core/items/registry';
import { isAnswerRequired } from '@core/form/validate';
import { itemSections, sectionGates, visibilityOf, visibleItemKeys, type CategoryLookup, type FormShape } from '@core/form/visibility';
import { countVaccinesKey, isPreviousVaccineItem } from '@core/rules/vaccination';

export interface PlannedItem {
  key: string;
  type: ItemType;
  item: SchemaItem;
  required: boolean;
  readOnly: boolean;
  /** Holds an answer (not static text, headers or link buttons). */
  hasValue: boolean;
  /** The answers this item's visibility reads (transitively); empty: decided by the config alone. */
  visibilityDeps: readonly string[];
  /** Always hidden in this mode (admin items in user mode). */
  neverShown: boolean;
}

export interface PlannedSection {
  /** The group header's itemKey; '' for the items before the first header. */
  key: string;
  header: PlannedItem | undefined;
  items: PlannedItem[];
  expandedByDefault: boolean;
  /** The form-order index of the section's first item (its header's, when it has one). */
  start: number;
}

export interface FormPlan {
  surveyId: string;
  mode: Mode;
  /** Parsed items in form order (the shape core/form functions take). */
  shape: { surveyId: string; surveySchema: SchemaItem[]; vaccinationIntervalType?: FormShape['vaccinationIntervalType']; categoryOf: CategoryLookup };
  items: PlannedItem[];
  byKey: ReadonlyMap<string, PlannedItem>;
  sections: PlannedSection[];
  /** The section (group header key) each item is in. */
  sectionOf: ReadonlyMap<string, string>;
  isVisible: (key: string, get: (key: string) => FormValue | undefined) => boolean;
  /** The reservation items whose category bunruiKey conditions read (empty: the tree is not needed). */
  categoryQuestions: readonly string[];
  /** The category tree arrived (src/calendar/category-watch.tsx): bunruiKey conditions read it from now on. */
  setCategoryLookup: (lookup: CategoryLookup) => void;
}

/**
 * `config` is the served config as the contract parsed it, each item through its type's schema
 * (defaults applied: scale 0–10, datepicker bounds…), so the plan reads items as they come.
 */
export const buildPlan = (
  config: { surveyId: string; surveySchema: readonly SchemaItem[]; vaccinationIntervalType?: FormShape['vaccinationIntervalType'] },
  mode: Mode,
): FormPlan => {
  const parsed = [...config.surveySchema];
  const byItemKey = new Map(parsed.map((i) => [i.itemKey, i]));

  const sectionOf = itemSections({ surveySchema: parsed });

  const gates = sectionGates({ surveySchema: parsed });
  const countKey = countVaccinesKey({ surveySchema: parsed });

  // The keys whose answers an item's visibility reads, following conditions, gates and headers.
  const depsMemo = new Map<string, string[]>();
  // Items whose chain loops back on itself (a config error core tolerates, see isVisible).
  const cyclic = new Set<string>();
  const depsOf = (key: string, walking: Set<string>): string[] => {
    const known = depsMemo.get(key);
    if (known) return known;
    const item = byItemKey.get(key);
    if (!item) return [];
    if (walking.has(key)) {
      for (const k of walking) cyclic.add(k);
      return [];
    }
    walking.add(key);
    const out = new Set<string>();
    const read = (q: string) => {
      out.add(q);
      for (const d of depsOf(q, walking)) out.add(d);
    };
    if (item.displayCondition) read(item.displayCondition.questionId);
    for (const g of gates.get(key) ?? []) read(g.chooser);
    if (countKey !== undefined && isPreviousVaccineItem(item)) read(countKey);
    const h = sectionOf.get(key);
    if (h !== undefined) for (const d of depsOf(h, walking)) out.add(d);
    walking.delete(key);
    const list = [...out];
    // Only memoise outside a cycle, where the walk is complete.
    if (walking.size === 0) depsMemo.set(key, list);
    return list;
  };

  // Stable for the shape, answering from whatever lookup was set last (none until the tree loads).
  let lookup: CategoryLookup = () => null;
  const shape = {
    surveyId: config.surveyId,
    surveySchema: parsed,
    ...(config.vaccinationIntervalType ? { vaccinationIntervalType: config.vaccinationIntervalType } : {}),
    categoryOf: (id: string) => lookup(id),
  };
  const categoryQuestions = [
    ...new Set(parsed.flatMap((i) => (i.displayCondition?.bunruiKey !== undefined ? [i.displayCondition.questionId] : []))),
  ];

  const isVisible = (key: string, get: (key: string) => FormValue | undefined): boolean => {
    // In a condition cycle, core's answer depends on the order it walks the whole form in; ask it,
    // with the answers the cycle reads (only broken configs pay this O(items) walk).
    const deps = depsOf(key, new Set());
    if (cyclic.has(key) || deps.some((d) => cyclic.has(d))) {
      const values = Object.fromEntries(deps.map((k) => [k, get(k)]));
      return visibleItemKeys(shape, values, mode).has(key);
    }
    return visibilityOf(shape, mode, get, { byKey: byItemKey, sections: sectionOf, gates })(key);
  };

  const items: PlannedItem[] = parsed.map((item) => ({
    key: item.itemKey,
    type: item.type,
    item,
    required: isAnswerRequired(item, mode),
    // Spec 01 §4: not-editable items are read-only for residents; disabled ones for everyone.
    readOnly: item.disabled === true || (mode === 'user' && item.isNotEditable === true),
    hasValue: itemDefOf(item.type).valueKind !== 'none',
    visibilityDeps: depsOf(item.itemKey, new Set()),
    neverShown: mode === 'user' && item.isAdminItem === true,
  }));
  const byKey = new Map(items.map((p) => [p.key, p]));

  const sections: PlannedSection[] = [];
  let current: PlannedSection = { key: '', header: undefined, items: [], expandedByDefault: true, start: 0 };
  for (const [index, p] of items.entries()) {
    // The same rule as core's itemSections: a group header starts a section.
    if (p.type === 'groupHeader') {
      if (current.header || current.items.length > 0) sections.push(current);
      const expanded = (p.item as { expanded?: boolean }).expanded;
      current = { key: p.key, header: p, items: [], expandedByDefault: expanded !== false, start: index };
    } else {
      current.items.push(p);
    }
  }
  if (current.header || current.items.length > 0) sections.push(current);

  return {
    surveyId: config.surveyId,
    mode,
    shape,
    items,
    byKey,
    sections,
    sectionOf,
    isVisible,
    categoryQuestions,
    setCategoryLookup: (next) => {
      lookup = next;
    },
  };
};
