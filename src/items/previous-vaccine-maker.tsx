/** Previous vaccine maker (spec 02 §3): a dropdown over the configured makers. */
import { DropdownItem } from './dropdown';
import type { ItemProps, ItemUi } from './types';

export function PreviousVaccineMakerItem(p: ItemProps<'previousVaccineMaker'>) {
  return <DropdownItem {...(p as unknown as ItemProps<'dropdown'>)} />;
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'previousVaccineMaker'> = { Component: PreviousVaccineMakerItem, showErrorOnChange: true };
