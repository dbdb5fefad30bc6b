/** Checkboxes (複数選択): once `selection.max` are chosen, the other options are disabled (spec 01 §5). */
import { selectionBounds } from '@core/items/checkboxes';
import { ChoiceList, asChoices } from './choice-list';
import { listOf } from './parts';
import type { ItemProps } from './types';

export function CheckboxesItem(p: ItemProps<'checkboxes'>) {
  const chosen = listOf(p.value);
  const { max } = selectionBounds(p.item);
  const full = chosen.length >= max;
  // Keep the options' order, whatever order they were ticked in.
  const toggle = (value: string, checked: boolean) =>
    p.onChange(p.item.options.filter((o) => (o === value ? checked : chosen.includes(o))));
  return (
    <ChoiceList
      p={p}
      kind="checkbox"
      choices={asChoices(p.item.options)}
      selected={chosen}
      onToggle={toggle}
      isDisabled={(o) => full && !chosen.includes(o)}
    />
  );
}
