/**
 * Phone (電話番号): numeric keyboard; at most 11 characters, spaces and dashes dropped as typed
 * or pasted (spec 01 §5, core/items/phone.ts phoneBoxValue).
 */
import { TextInput } from '@mantine/core';
import { phoneBoxValue } from '@core/items/phone';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps } from './types';

export function PhoneItem(p: ItemProps<'phone'>) {
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      value={textOf(p.value)}
      onChange={(e) => p.onChange(phoneBoxValue(e.currentTarget.value))}
    />
  );
}
