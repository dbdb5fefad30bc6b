/**
 * A stored answer's rows as residents read them back (the lookup's and the member list's fields):
 * the form's non-admin items that hold a value, in the form's order, each with its type and its
 * value as the form holds it, so the type's own display can show it (products, pay type, files…).
 * Reservation items are left out: their date and time lines show them.
 */
import type { ResultRow } from '../contract/survey';
import type { FormValue } from '../items/define';
import { itemDefOf } from '../items/registry';
import { isReservationItem } from '../rules/reservation-value';
import type { ItemType } from './item-types';
import type { ServedSurveyConfig } from './survey-config';

export interface AnswerField {
  itemKey: string;
  title: string;
  /** The stored values joined, as the rows hold them. */
  value: string;
  /** The form's item type; undefined for an item the form no longer has. */
  type?: ItemType;
  /** The value as the item holds it in a form (a list for multi-value items). */
  formValue: FormValue;
}

export const VALUE_SEPARATOR = '、';

export const formFieldsOf = (
  config: Pick<ServedSurveyConfig, 'surveySchema'>,
  rows: readonly Pick<ResultRow, 'itemKey' | 'value' | 'title'>[],
): AnswerField[] =>
  config.surveySchema.flatMap((item) => {
    const kind = itemDefOf(item.type).valueKind;
    if (item.isAdminItem === true || kind === 'none' || isReservationItem(item)) return [];
    const values = rows.filter((r) => r.itemKey === item.itemKey && r.value !== '').map((r) => r.value);
    if (values.length === 0) return [];
    return [
      {
        itemKey: item.itemKey,
        title: item.title || (rows.find((r) => r.itemKey === item.itemKey)?.title ?? '') || item.itemKey,
        value: values.join(VALUE_SEPARATOR),
        type: item.type,
        formValue: kind === 'multi' ? values : (values[0] as string),
      },
    ];
  });
