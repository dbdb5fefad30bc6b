/**
 * Phone (電話番号): numeric keyboard; 11 digits are stored (spec 01 §5), but the box takes a
 * hyphenated or spaced number too (090-1234-5678), reduced to its digits on blur (core/items/phone.ts).
 */
import { TextInput } from '@mantine/core';
import { PHONE_INPUT_MAX_LENGTH } from '@core/items/phone';
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
      maxLength={PHONE_INPUT_MAX_LENGTH}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  );
}
