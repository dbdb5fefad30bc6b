/**
 * The items of a form the console lists and exports (those holding a value), and the columns shown
 * when staff choose some or none: the searchable items, else the form's first few.
 */
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { itemDefOf } from '@core/items/registry';

const FIRST_COLUMNS = 4;

export interface ListItem {
  itemKey: string;
  title: string;
  type: string;
  isSearchable: boolean;
  isAdminItem: boolean;
}

export const listItemsOf = (cfg: Pick<ServedSurveyConfig, 'surveySchema'>): ListItem[] =>
  cfg.surveySchema
    .filter((i) => itemDefOf(i.type).valueKind !== 'none')
    .map((i) => ({ itemKey: i.itemKey, title: i.title || i.itemKey, type: i.type, isSearchable: i.isSearchable?.value === true, isAdminItem: i.isAdminItem === true }));

/** The chosen columns the form knows, in the order chosen; the default when none are chosen. */
export const columnsOf = (items: readonly ListItem[], col: string | string[] | undefined): string[] => {
  const chosen = col === undefined ? [] : Array.isArray(col) ? col : [col];
  const known = new Set(items.map((i) => i.itemKey));
  const searchable = items.filter((i) => i.isSearchable).map((i) => i.itemKey);
  if (chosen.length > 0) return chosen.filter((k) => known.has(k));
  return searchable.length > 0 ? searchable : items.slice(0, FIRST_COLUMNS).map((i) => i.itemKey);
};
