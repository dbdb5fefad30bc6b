/**
 * Date picker (カレンダー入力). @mantine/dates and dayjs are loaded with the first date picker the
 * form shows, not with the first screen; until then a read-only box with the same label holds the
 * place so the layout does not jump.
 */
import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ja } from '../messages/ja';
import { textOf, wrapperProps } from './parts';
import type { ItemProps } from './types';

const DatepickerInput = lazy(() => import('./datepicker-input').then((m) => ({ default: m.DatepickerInput })));

export function DatepickerItem(p: ItemProps<'datepicker'>) {
  return (
    <Suspense
      fallback={<TextInput {...wrapperProps(p)} readOnly value={textOf(p.value)} placeholder={ja.items.datepickerPlaceholder} />}
    >
      <DatepickerInput {...p} />
    </Suspense>
  );
}
