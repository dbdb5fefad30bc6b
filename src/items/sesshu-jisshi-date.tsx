/** Implementation date (spec 02 §3 sesshuJisshiDate): typed like the date item. */
import { DateItem } from './date';
import type { ItemProps } from './types';

export function SesshuJisshiDateItem(p: ItemProps<'sesshuJisshiDate'>) {
  return <DateItem {...(p as unknown as ItemProps<'date'>)} />;
}
