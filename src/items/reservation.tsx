/**
 * Reservation (予約): the three-level category pick, the reservation item, then the calendar
 * (src/calendar/reservation-picker.tsx). The picker, its calendar and their queries are loaded
 * only when a form has this item, so the survey form's first render does not carry them.
 */
import { Input, Loader } from '@mantine/core';
import type { FormValue } from '@core/items/define';
import { reservationSummaryOf } from '../calendar/summary';
import { laterComponent } from '../lib/later-component';
import type { ItemProps, ItemUi } from './types';

const Picker = laterComponent(() => import('../calendar/reservation-picker').then((m) => m.ReservationPicker));

export function ReservationItem(p: ItemProps<'reservation'>) {
  return (
    <Picker
      {...p}
      fallback={
        <Input.Wrapper label={p.label} description={p.description} error={p.error}>
          <Loader size="sm" mt={4} />
        </Input.Wrapper>
      }
    />
  );
}

/** The plain text of a chosen reservation (its date); the confirmation shows its full lines. */
export const reservationDisplay = (value: FormValue): string =>
  typeof value === 'string' ? reservationSummaryOf(value) : value.join('、');

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'reservation'> = { Component: ReservationItem, showErrorOnChange: true, display: reservationDisplay };
