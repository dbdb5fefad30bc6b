/** Paragraph answer (記述式・長文): a counter and the configured max length (spec 01 §5). */
import { Textarea } from '@mantine/core';
import { Counter, lengthBounds, textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps } from './types';

export function TextareaItem(p: ItemProps<'textarea'>) {
  const value = textOf(p.value);
  const { max } = lengthBounds(p.item.length);
  return (
    <Textarea
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      value={value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      maxLength={max}
      // Fixed rows, not autosize: autosize measures a hidden copy on every keystroke.
      rows={4}
      inputContainer={(input) => (
        <>
          {input}
          {max !== undefined ? <Counter value={value} max={max} /> : null}
        </>
      )}
    />
  );
}
