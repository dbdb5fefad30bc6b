/**
 * Date picker (カレンダー入力). @mantine/dates and dayjs are loaded with the first date picker the
 * form shows, not with the first screen; until then a read-only box with the same label holds the
 * place so the layout does not jump.
 */
import { TextInput } from '@mantine/core';
import { laterComponent } from '../lib/later-component';
import { ja } from '../messages/ja';
import { textOf, wrapperProps } from './parts';
import type { ItemProps } from './types';

const DatepickerInput = laterComponent(() => import('./datepicker-input').then((m) => m.DatepickerInput));

export function DatepickerItem(p: ItemProps<'datepicker'>) {
  return (
    <DatepickerInput
      {...p}
      fallback={<TextInput {...wrapperProps(p)} readOnly value={textOf(p.value)} placeholder={ja.items.datepickerPlaceholder} />}
    />
  );
}
