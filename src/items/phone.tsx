/** Phone (電話番号): numeric keyboard, at most 11 characters (spec 01 §5). */
import { TextInput } from '@mantine/core';
import { PHONE_MAX_LENGTH } from '@core/items/phone';
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
      maxLength={PHONE_MAX_LENGTH}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  );
}
