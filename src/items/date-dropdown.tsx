/**
 * Date dropdown (年・月・日): three native selects, years 1900 to this year (Asia/Tokyo), the value
 * YYYY-MM-DD, or with blanks while incomplete so the validator can name the missing part. Native
 * selects: the phone's own wheel picker is the quickest way through 126 years. With includeYear
 * false, month and day only (MM-DD, core/items/date-dropdown.ts).
 */
import { Group, Input, NativeSelect, Text } from '@mantine/core';
import { useMemo } from 'react';
import { dateDropdownYears, daysInMonth, includesYear, joinDateDropdown, splitDateDropdown, type DateDropdownParts } from '@core/items/date-dropdown';
import { useFormEngine } from '../form/engine-context';
import { ja } from '../messages/ja';
import { describedBy } from './choice-list';
import { dateDisplay, textOf, wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

export function DateDropdownItem(p: ItemProps<'dateDropdown'>) {
  const { validateContext } = useFormEngine();
  const parts = splitDateDropdown(textOf(p.value));
  // Newest first: most answers (contract, move-in dates) are recent.
  const years = useMemo(() => dateDropdownYears(validateContext.today).map(String).reverse(), [validateContext.today]);
  const withYear = includesYear(p.item);
  // Without a year, a month's days in a leap year: 2月29日 is a day someone may mean.
  const year = withYear ? parts.year : '2000';
  const days = year && parts.month ? daysInMonth(Number(year), Number(parts.month)) : 31;
  const { error, ...wrapper } = wrapperProps(p);
  const set = (patch: Partial<DateDropdownParts>) => p.onChange(joinDateDropdown({ ...parts, ...patch }, withYear));
  const blank = { value: '', label: ja.items.dateDropdownBlank };
  const described = describedBy(p.id, error, p.description);
  const part = (id: string, label: string, value: string, data: string[], key: keyof DateDropdownParts) => (
    <Group gap={4} wrap="nowrap" align="center">
      <NativeSelect
        id={id}
        className={key === 'year' ? 'form-date-year' : 'form-date-part'}
        aria-label={`${p.item.title} ${label}`}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        data={[blank, ...data]}
        value={value}
        onChange={(e) => set({ [key]: e.currentTarget.value })}
        onBlur={p.onBlur}
        disabled={p.readOnly}
      />
      <Text aria-hidden>{label}</Text>
    </Group>
  );
  return (
    <Input.Wrapper {...wrapper} error={error} labelElement="div">
      <Group gap="xs" mt={4} wrap="wrap">
        {withYear && part(p.id, ja.items.dateDropdownYear, parts.year, years, 'year')}
        {part(withYear ? `${p.id}-month` : p.id, ja.items.dateDropdownMonth, parts.month, range(1, 12), 'month')}
        {part(`${p.id}-day`, ja.items.dateDropdownDay, parts.day, range(1, days), 'day')}
      </Group>
    </Input.Wrapper>
  );
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'dateDropdown'> = { Component: DateDropdownItem, display: dateDisplay };
