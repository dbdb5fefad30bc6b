/**
 * Number (数値): digits only. A text input with the numeric keyboard rather than type=number, which
 * empties itself on full-width digits the IME produces; e E + - . are blocked as on the range
 * inputs of the spec, and full-width digits become half-width on blur, on phones too (core normaliser).
 */
import { TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps } from './types';

/** Keys the input swallows (spec 01 §5), since type=number would accept them. */
const BLOCKED_KEYS = new Set(['e', 'E', '+', '-', '.']);

export const blockNonDigitKeys = (e: KeyboardEvent<HTMLInputElement>) => {
  if (BLOCKED_KEYS.has(e.key)) e.preventDefault();
};

export function NumberItem(p: ItemProps<'number'>) {
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      onKeyDown={blockNonDigitKeys}
      inputMode="numeric"
      autoComplete="off"
    />
  );
}
