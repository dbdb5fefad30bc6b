/**
 * Short answer (記述式・短文). Width conversion (half/full katakana, ASCII) happens on blur through
 * the core normaliser, on desktop only: converting on each keystroke would fight the IME's
 * composition, and phones keep what their keyboard gives (spec 01 §5).
 */
import { TextInput } from '@mantine/core';
import { TEXT_HARD_LIMIT } from '@core/items/text';
import { Counter, lengthBounds, textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps } from './types';

const INPUT_MODES = { any: undefined, email: 'email', phone: 'tel', postcode: 'numeric' } as const;
const AUTOCOMPLETE = { any: undefined, email: 'email', phone: 'tel', postcode: 'postal-code' } as const;

export function TextItem(p: ItemProps<'text'>) {
  const value = textOf(p.value);
  const { max, fixed } = lengthBounds(p.item.length, TEXT_HARD_LIMIT);
  const format = p.item.format ?? 'any';
  const counterId = `${p.id}-counter`;
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      value={value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      maxLength={max}
      inputMode={INPUT_MODES[format]}
      autoComplete={AUTOCOMPLETE[format]}
      // Spec 01 §5: a fixed-length answer shows a counter.
      inputContainer={fixed && max !== undefined ? (input) => (
        <>
          {input}
          <Counter value={value} max={max} id={counterId} />
        </>
      ) : undefined}
    />
  );
}
