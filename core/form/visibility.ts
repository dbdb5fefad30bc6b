/**
 * Which items a form shows for the answers so far (spec 01 §2, §4, §6):
 * - admin-only items are hidden in user mode;
 * - displayCondition {type show|hide, questionId, answers}: the condition matches when the
 *   question's answer is one of `answers` (a checkbox question: when any chosen value is); a
 *   hidden question counts as unanswered, so conditions chain;
 * - displayCondition with bunruiKey (reading chosen; the spec names the field only): questionId is
 *   a reservation item, and the condition matches when the category of its answer
 *   ("{categoryId}_{itemId}|…") has, at the level bunruiKey names (large|tag1, medium|tag2,
 *   small|tag3), a name in `answers` — names, as categories_tree names its levels. The category
 *   path comes from the shape's categoryOf (the tree on the page, the category rows on the
 *   server); a value whose category is unknown (a calendar id, or no slot chosen yet) matches nothing;
 * - a groupHeader opens a section holding the items after it up to the next groupHeader; a hidden
 *   header hides its whole section;
 * - a choiceGroupHeader's sectionOptions name the header each option opens: such a header shows
 *   only while its option is chosen (headers no option names are not affected).
 * - vaccination forms: a count of vaccines of 1 removes the previous-vaccine items (spec 02 §4,
 *   core/rules/vaccination.ts), as if a display condition hid them;
 * A display-condition cycle (A on B, B on A) is broken by reading the question being decided as
 * shown, so the result is deterministic rather than an endless loop.
 */
import type { FormValue, FormValues, Mode } from '../items/define';
import type { SchemaItem } from '../items/registry';
import { parseReservationValue } from '../rules/reservation-value';
import type { BunruiKey, DisplayCondition } from './item-base';
import { countVaccinesKey, isPreviousVaccineItem, removesPreviousVaccine, type VaccinationIntervalType } from '../rules/vaccination';

export interface FormShape {
  surveySchema: readonly SchemaItem[];
  /** Vaccination forms (spec 02 §3): the unit of the makers' intervals. */
  vaccinationIntervalType?: { input: VaccinationIntervalType } | undefined;
  /** The names along a category's path, for bunruiKey conditions; absent: no category is known. */
  categoryOf?: CategoryLookup | undefined;
}

/** A category's names from the root (tag1 = large, tag2 = medium, tag3 = small), as category rows hold them. */
export interface CategoryNames {
  tag1: string;
  tag2: string | null;
  tag3: string | null;
}
export type CategoryLookup = (categoryId: string) => CategoryNames | null | undefined;

const LEVEL_TAG: Record<BunruiKey, keyof CategoryNames> = { large: 'tag1', medium: 'tag2', small: 'tag3', tag1: 'tag1', tag2: 'tag2', tag3: 'tag3' };

/** The category names at the condition's level that the question's answers chose. */
const categoryNamesAt = (level: BunruiKey, answers: readonly string[], categoryOf: CategoryLookup | undefined): string[] =>
  answers.flatMap((v) => {
    const parsed = parseReservationValue(v);
    const name = parsed ? categoryOf?.(parsed.categoryId)?.[LEVEL_TAG[level]] : null;
    return name ? [name] : [];
  });

/** What a condition compares with its `answers`: the question's values, or its categories' names. */
const comparedValues = (cond: DisplayCondition, answers: readonly string[], categoryOf: CategoryLookup | undefined): readonly string[] =>
  cond.bunruiKey === undefined ? answers : categoryNamesAt(cond.bunruiKey, answers, categoryOf);

/** The group header whose section each item is in (items before the first header are in none). */
export const itemSections = (config: FormShape): ReadonlyMap<string, string> => {
  const sections = new Map<string, string>();
  let header: string | undefined;
  for (const item of config.surveySchema) {
    if (item.type === 'groupHeader') header = item.itemKey;
    else if (header !== undefined) sections.set(item.itemKey, header);
  }
  return sections;
};

/** For each group header named by a choiceGroupHeader's sectionOptions: the (question, option) pairs opening it. */
export const sectionGates = (config: FormShape): ReadonlyMap<string, { chooser: string; option: string }[]> => {
  const headers = config.surveySchema.filter((i) => i.type === 'groupHeader');
  const headerKeyOf = (ref: string): string | undefined =>
    (headers.find((h) => h.itemKey === ref) ?? headers.find((h) => h.title === ref))?.itemKey;
  const gates = new Map<string, { chooser: string; option: string }[]>();
  for (const item of config.surveySchema) {
    if (item.type !== 'choiceGroupHeader') continue;
    for (const { option, groupheader } of item.sectionOptions) {
      const key = headerKeyOf(groupheader);
      if (key !== undefined) gates.set(key, [...(gates.get(key) ?? []), { chooser: item.itemKey, option }]);
    }
  }
  return gates;
};

const chosen = (value: FormValue | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/**
 * Visibility of single items, reading answers through `get` (the renderer passes its store, so an
 * item's visibility reads only the answers it depends on). One function = one memo: make a new one
 * when the answers change. Cycles are broken as described above, in the order of the questions asked.
 */
export const visibilityOf = (
  config: FormShape,
  mode: Mode,
  get: (key: string) => FormValue | undefined,
  /** Lookups derived from the config alone; a caller asking often passes them once built. */
  shared: {
    byKey?: ReadonlyMap<string, SchemaItem>;
    sections?: ReadonlyMap<string, string>;
    gates?: ReadonlyMap<string, { chooser: string; option: string }[]>;
  } = {},
): ((key: string) => boolean) => {
  const byKey = shared.byKey ?? new Map(config.surveySchema.map((i) => [i.itemKey, i]));
  const sections = shared.sections ?? itemSections(config);
  const gates = shared.gates ?? sectionGates(config);
  const memo = new Map<string, boolean>();
  const deciding = new Set<string>();
  const countKey = countVaccinesKey(config);

  const answerOf = (key: string): readonly string[] => (isVisible(key) ? chosen(get(key)) : []);

  const decide = (item: SchemaItem): boolean => {
    if (mode === 'user' && item.isAdminItem === true) return false;
    if (countKey !== undefined && isPreviousVaccineItem(item) && removesPreviousVaccine(answerOf(countKey)[0]?.trim())) return false;
    const cond = item.displayCondition;
    if (cond) {
      const matches = comparedValues(cond, answerOf(cond.questionId), config.categoryOf).some((v) => cond.answers.includes(v));
      if (matches !== (cond.type === 'show')) return false;
    }
    const opening = gates.get(item.itemKey);
    if (opening && !opening.some((g) => answerOf(g.chooser).includes(g.option))) return false;
    const header = sections.get(item.itemKey);
    return header === undefined || isVisible(header);
  };

  function isVisible(key: string): boolean {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const item = byKey.get(key);
    if (!item) return false;
    if (deciding.has(key)) return true;
    deciding.add(key);
    const visible = decide(item);
    deciding.delete(key);
    memo.set(key, visible);
    return visible;
  }
  return isVisible;
};

export const visibleItemKeys = (config: FormShape, values: FormValues, mode: Mode): ReadonlySet<string> => {
  const isVisible = visibilityOf(config, mode, (key) => values[key]);
  return new Set(config.surveySchema.filter((i) => isVisible(i.itemKey)).map((i) => i.itemKey));
};
