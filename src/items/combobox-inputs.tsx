/**
 * Mantine's Select and Autocomplete, loaded and mounted on demand (see on-demand.ts). They mount
 * in answer to the resident's tap or key, so they open (Select) or take the focus (Autocomplete)
 * as they appear.
 */
import { Autocomplete, Select, isOptionsGroup, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { foldForMatch } from '@core/ja/fold';
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

/** Suggestions matched as the lookup matches (core/ja/fold.ts): ﾔﾏ, ＹＡＭＡ or 第 一 find what they mean. */
export const foldedFilter: OptionsFilter = ({ options, search, limit }) => {
  const needle = foldForMatch(search);
  const found: ComboboxParsedItem[] = [];
  for (const o of options) {
    if (found.length >= limit) break;
    if (isOptionsGroup(o)) {
      const items = o.items.filter((i) => foldForMatch(i.label).includes(needle));
      if (items.length > 0) found.push({ ...o, items });
    } else if (foldForMatch(o.label).includes(needle)) found.push(o);
  }
  return found;
};

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
      filter={foldedFilter}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
