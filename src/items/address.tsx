/** Address (住所): free text; the postcode item before it fills it from its lookup. */
import { TextInput } from '@mantine/core';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps } from './types';

export function AddressItem(p: ItemProps<'address'>) {
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      autoComplete="street-address"
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  );
}
