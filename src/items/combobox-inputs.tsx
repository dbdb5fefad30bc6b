/**
 * Mantine's Select and Autocomplete, loaded and mounted on demand (see on-demand.ts). They mount
 * in answer to the resident's tap or key, so they open (Select) or take the focus (Autocomplete)
 * as they appear.
 */
import { Autocomplete, Select } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ja } from '../messages/ja';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps } from './types';

export function DropdownSelect(p: ItemProps<'dropdown'>) {
  // Opened once the select is on screen: it replaces the stand-in the resident just tapped, and
  // a dropdown opened in the same commit as its target mounts does not stay open.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const id = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(id);
  }, []);
  return (
    <Select
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      {...wrapperProps(p)}
      data={p.item.options}
      value={textOf(p.value) || null}
      onChange={(v) => p.onChange(v ?? '')}
      onBlur={p.onBlur}
      readOnly={p.readOnly}
      placeholder={ja.items.selectPlaceholder}
      allowDeselect
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      autoFocus
    />
  );
}

export function SuggestAutocomplete(p: ItemProps<'suggest'>) {
  const ref = useRef<HTMLInputElement>(null);
  // The stand-in had the focus and a caret at the end of what was typed; keep both.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  return (
    <Autocomplete
      ref={ref}
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      data={p.item.options}
      value={textOf(p.value)}
      onChange={(v) => p.onChange(v)}
      placeholder={ja.items.suggestPlaceholder}
      limit={20}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
