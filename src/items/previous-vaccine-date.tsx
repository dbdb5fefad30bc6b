/** Previous vaccine date (spec 02 §3): typed like the date item, read on blur by the core normaliser. */
import { DateItem } from './date';
import { dateDisplay } from './parts';
import type { ItemProps, ItemUi } from './types';

export function PreviousVaccineDateItem(p: ItemProps<'previousVaccineDate'>) {
  return <DateItem {...(p as unknown as ItemProps<'date'>)} />;
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'previousVaccineDate'> = { Component: PreviousVaccineDateItem, display: dateDisplay };
