/** Administered vaccine maker (spec 02 §3): a dropdown over the configured makers. */
import { DropdownItem } from './dropdown';
import type { ItemProps } from './types';

export function SesshuVaccineMakerItem(p: ItemProps<'sesshuVaccineMaker'>) {
  return <DropdownItem {...(p as unknown as ItemProps<'dropdown'>)} />;
}
