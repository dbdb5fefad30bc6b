/** Small pieces the item components share: value coercion, the Mantine wrapper props, the counter. */
import { Text } from '@mantine/core';
import { charLength } from '@core/ja/chars';
import type { ItemType } from '@core/form/item-types';
import { readDateText } from '../lib/ja-dates';
import type { FormValue } from '@core/items/define';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import type { ItemProps } from './types';

/** A one-value item's text ('' for no answer, or for a list where a string belongs). */
export const textOf = (v: FormValue | undefined): string => (typeof v === 'string' ? v : '');

/** A date item's answer as it is read again (confirmation, lookup): YYYY年M月D日（曜）, src/lib/ja-dates.ts. */
export const dateDisplay = (v: FormValue): string => readDateText(textOf(v));

/** A multi-value item's list. */
export const listOf = (v: FormValue | undefined): string[] =>
  v === undefined ? [] : typeof v === 'string' ? (v === '' ? [] : [v]) : v;

/**
 * The props every Mantine input wrapper takes the same way: the label tied to the input by id,
 * the description and error linked through aria-describedby (Mantine does the linking), and
 * `required` for aria without Mantine's asterisk (the 必須 badge is in the label).
 */
export const wrapperProps = <T extends ItemType>(p: ItemProps<T>) => ({
  id: p.id,
  label: p.label,
  description: p.description,
  error: p.error,
  required: p.required,
  withAsterisk: false,
});

/** An input's own attributes for a typed field: read-only state and the blur handler. */
export const typedInputProps = <T extends ItemType>(p: ItemProps<T>) => ({
  readOnly: p.readOnly,
  onBlur: p.onBlur,
});

const bound = (n: number | null | undefined): number | undefined => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

/** The configured length bounds, with a hard limit on max when the type has one. */
export const lengthBounds = (length: { min?: number | null | undefined; max?: number | null | undefined } | undefined, hardMax?: number) => {
  const min = bound(length?.min);
  const configured = bound(length?.max);
  const max = configured === undefined ? hardMax : hardMax === undefined ? configured : Math.min(configured, hardMax);
  return { min, max, fixed: min !== undefined && max !== undefined && min === max };
};

/** "12/15文字", under the input; counted in code points as the validator counts. */
export function Counter({ value, max, id }: { value: string; max: number; id?: string }) {
  const count = charLength(value);
  return (
    <Text id={id} size="xs" c={count > max ? 'red.7' : 'dimmed'} ta="right" mt={4} data-testid="char-counter">
      {fill(ja.items.counter, { count, max })}
    </Text>
  );
}
