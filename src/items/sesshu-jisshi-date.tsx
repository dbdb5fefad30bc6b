/** Implementation date (spec 02 §3 sesshuJisshiDate): typed like the date item. */
import { DateItem } from './date';
import { dateDisplay } from './parts';
import type { ItemProps, ItemUi } from './types';

export function SesshuJisshiDateItem(p: ItemProps<'sesshuJisshiDate'>) {
  return <DateItem {...(p as unknown as ItemProps<'date'>)} />;
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'sesshuJisshiDate'> = { Component: SesshuJisshiDateItem, display: dateDisplay };
