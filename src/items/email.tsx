/** Email (メールアドレス). */
import { TextInput } from '@mantine/core';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps } from './types';

export function EmailItem(p: ItemProps<'email'>) {
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="off"
      spellCheck={false}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  );
}
