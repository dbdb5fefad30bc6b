/** Numbering (採番): an automatic number is shown, never typed; otherwise a typed number. */
import { TextInput } from '@mantine/core';
import { MEMBER_NUMBER_MAX_LENGTH } from '@core/items/member-number';
import { ja } from '../messages/ja';
import { AutomaticNumber, displayNumber } from './member-number';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';

export function NumberingItem(p: ItemProps<'numbering'>) {
  if (p.item.isAutomaticNumbering === true) return <AutomaticNumber {...p} />;
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      maxLength={MEMBER_NUMBER_MAX_LENGTH}
      placeholder={ja.items.memberNumberPlaceholder}
      autoComplete="off"
    />
  );
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'numbering'> = { Component: NumberingItem, display: displayNumber };
