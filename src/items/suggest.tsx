/**
 * Suggest (候補付き入力): Mantine Autocomplete offering the options as the resident types, mounted
 * when the box first takes the focus (see on-demand.ts); until then it is a plain text box with
 * the same label and value, which the Autocomplete replaces keeping the focus and the caret.
 */
import { TextInput } from '@mantine/core';
import { ja } from '../messages/ja';
import { useOnDemandCombobox } from './on-demand';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps } from './types';

export function SuggestItem(p: ItemProps<'suggest'>) {
  const { inputs, activate } = useOnDemandCombobox();
  if (inputs) return <inputs.SuggestAutocomplete {...p} />;
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      onFocus={activate}
      placeholder={ja.items.suggestPlaceholder}
    />
  );
}
