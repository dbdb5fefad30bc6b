/**
 * The walk-in link of a slot: the resident form in admin mode (spec 01 §6, ?admin=1) with the
 * reservation filled in through the URL parameter its reservation item declares (queryParam1–3,
 * spec 01 §2), as "{categoryId}_{itemId}|{date}|{slot}". A form whose item declares none opens
 * without it, and the receptionist picks the slot there.
 */
import type { WalkIn } from '@core/contract/staff-day-sheet';
import { formatReservationValue } from '@core/rules/reservation-value';

export const walkInHref = (w: WalkIn, date: string, slot: string): string => {
  const search = new URLSearchParams({ admin: '1' });
  if (w.param) search.set(w.param, formatReservationValue({ categoryId: w.categoryId, itemId: w.itemId, date, slot }));
  return `/survey/${encodeURIComponent(w.surveyId)}?${search.toString()}`;
};
