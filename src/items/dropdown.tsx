/**
 * Dropdown (プルダウン): Mantine Select over the options, mounted on the first tap or key (see
 * on-demand.ts). Until then a button that looks like the closed select shows the answer; the
 * label points at it, and Enter, Space or ArrowDown open the real select as a click does.
 */
import { Input, InputBase } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { ja } from '../messages/ja';
import { ChevronIcon } from './icons';
import { useOnDemandCombobox } from './on-demand';
import { textOf, wrapperProps } from './parts';
import type { ItemProps } from './types';

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

export function DropdownItem(p: ItemProps<'dropdown'>) {
  const { inputs, activate } = useOnDemandCombobox();
  if (inputs) return <inputs.DropdownSelect {...p} />;
  const value = textOf(p.value);
  return (
    <InputBase
      {...wrapperProps(p)}
      component="button"
      type="button"
      pointer
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      disabled={p.readOnly}
      onClick={activate}
      onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        activate();
      }}
      rightSection={<ChevronIcon />}
      rightSectionPointerEvents="none"
    >
      {value || <Input.Placeholder>{ja.items.selectPlaceholder}</Input.Placeholder>}
    </InputBase>
  );
}
