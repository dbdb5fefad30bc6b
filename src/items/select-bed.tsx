/**
 * Select bed (ベッド選択): a native select over the ward's beds, by name; the value is the bedId
 * (core/items/select-bed.ts). A native select: a ward has a handful of beds, and the phone's own
 * picker is the easiest to use. A stored bed the ward no longer lists stays shown by its id.
 */
import { Alert, Input, NativeSelect } from '@mantine/core';
import { useContext } from 'react';
import { ja } from '../messages/ja';
import { jaScreens } from '../messages/ja-screens';
import { BedChoicesContext } from './bed-choices';
import { textOf, wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';

export function SelectBedItem(p: ItemProps<'selectBed'>) {
  const beds = useContext(BedChoicesContext);
  const value = textOf(p.value);
  if (!beds || beds.length === 0) {
    return (
      <Input.Wrapper {...wrapperProps(p)}>
        <Alert color="red" variant="light" data-testid="select-bed-unavailable">
          {jaScreens.bed.unknownError}
        </Alert>
      </Input.Wrapper>
    );
  }
  const known = beds.some((b) => b.bedId === value);
  const data = [
    { value: '', label: ja.items.selectPlaceholder },
    ...beds.map((b) => ({ value: b.bedId, label: b.bedName })),
    ...(value && !known ? [{ value, label: value }] : []),
  ];
  return (
    <NativeSelect
      {...wrapperProps(p)}
      data-testid="select-bed"
      data={data}
      value={value}
      disabled={p.readOnly}
      onChange={(e) => p.onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
      onBlur={p.onBlur}
    />
  );
}

export const ui: ItemUi<'selectBed'> = { Component: SelectBedItem, showErrorOnChange: true };
