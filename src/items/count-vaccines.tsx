/** Count of vaccines (spec 02 §5): the dropdown over 1–99 (core/rules/vaccination.ts). */
import { COUNT_VACCINES_OPTIONS } from '@core/rules/vaccination';
import { DropdownItem } from './dropdown';
import type { ItemProps, ItemUi } from './types';

export function CountVaccinesItem(p: ItemProps<'countVaccines'>) {
  const item = { ...p.item, type: 'dropdown', options: [...COUNT_VACCINES_OPTIONS] } as unknown as ItemProps<'dropdown'>['item'];
  return <DropdownItem {...p} item={item} />;
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'countVaccines'> = { Component: CountVaccinesItem, showErrorOnChange: true };
