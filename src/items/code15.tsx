/** 15-character code (15桁コード): a counter toward exactly 15 characters. */
import { TextInput } from '@mantine/core';
import { CODE15_LENGTH } from '@core/items/code15';
import { Counter, textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';

export function Code15Item(p: ItemProps<'code15'>) {
  const value = textOf(p.value);
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      value={value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      maxLength={CODE15_LENGTH}
      autoCapitalize="off"
      autoComplete="off"
      spellCheck={false}
      inputContainer={(input) => (
        <>
          {input}
          <Counter value={value} max={CODE15_LENGTH} />
        </>
      )}
    />
  );
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'code15'> = { Component: Code15Item };
