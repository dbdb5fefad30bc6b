/**
 * An answer's value as residents read it, wherever it is shown again (confirmation, lookup,
 * member list): through its type's own display when it has one (products, pay type, files,
 * places…), else its values joined. The type's module must be loaded (loadItemUis).
 */
import type { ItemType } from '@core/form/item-types';
import type { FormValue } from '@core/items/define';
import { VALUE_SEPARATOR } from '@core/form/answer-fields';
import { itemUiOf } from './registry';

export const displayOf = ({ type, formValue }: { type?: ItemType | undefined; formValue: FormValue }): string => {
  const show = type ? itemUiOf(type).display : undefined;
  if (show) return show(formValue);
  return typeof formValue === 'string' ? formValue : formValue.join(VALUE_SEPARATOR);
};
