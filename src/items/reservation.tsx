/**
 * Reservation (予約): the three-level category pick, the reservation item, then the calendar.
 * The calendar feature builds the full picker; this shows the chosen value meanwhile.
 */
import { TextInput } from '@mantine/core';
import { textOf, wrapperProps } from './parts';
import type { ItemProps } from './types';

export function ReservationItem(p: ItemProps<'reservation'>) {
  return <TextInput {...wrapperProps(p)} value={textOf(p.value)} readOnly />;
}
