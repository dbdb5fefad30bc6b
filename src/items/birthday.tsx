/** Birthday (生年月日): yyyy-mm-dd or an era form with dots (H3.2.1), stored YYYY-MM-DD after blur. */
import { TextInput } from '@mantine/core';
import { ja } from '../messages/ja';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps } from './types';

export function BirthdayItem(p: ItemProps<'birthday'>) {
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      placeholder={ja.items.birthdayPlaceholder}
      autoComplete="bday"
    />
  );
}
