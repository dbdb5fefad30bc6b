/** Radio buttons (単一選択). */
import type { SchemaItemOf } from '@core/items/registry';
import { ChoiceList, asChoices } from './choice-list';
import { textOf } from './parts';
import type { ItemProps } from './types';

export function RadioItem<T extends 'radio' | 'choiceGroupHeader'>(p: ItemProps<T>) {
  const options = (p.item as SchemaItemOf<'radio' | 'choiceGroupHeader'>).options;
  const value = textOf(p.value);
  return <ChoiceList p={p} kind="radio" choices={asChoices(options)} selected={value ? [value] : []} onToggle={(v) => p.onChange(v)} />;
}
