/**
 * Date (日付): typed text, read on blur by the core normaliser (20150401, S50.8.21, h3/2/1,
 * full-width digits → YYYY-MM-DD), placeholder YYYY-MM-DD, at most 10 characters (spec 01 §5).
 */
import { TextInput } from '@mantine/core';
import { DATE_INPUT_MAX_LENGTH } from '@core/ja/date-input';
import { ja } from '../messages/ja';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps } from './types';

export function DateItem(p: ItemProps<'date'>) {
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      placeholder={ja.items.datePlaceholder}
      maxLength={DATE_INPUT_MAX_LENGTH}
      autoComplete="off"
    />
  );
}
