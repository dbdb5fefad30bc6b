/**
 * Per-user reservation limits of a calendar (spec 02 §3, §5): reservationMaxCountOfDay on the
 * reservation day, and reservationMaxCount over the control range (control types 1 and 2 only).
 * The pre-submit check (POST /survey-results/checkReservation) and the answer's write both refuse
 * with these texts, so a resident sees the same words whichever refuses.
 *
 * The spec gives no wording for these refusals; the texts below are ours. The client shows
 * "{errorMessage}（{checkDetail}）" (§8).
 *
 * Readings chosen:
 * - Counts are of the user's reservations that already hold a slot, without the one being made
 *   (and without the answer being amended): one more is refused when count + 1 would exceed the
 *   limit, i.e. when count >= limit.
 * - null and 0 both mean "no limit": the spec's other operator limits use 0 for unlimited
 *   (purchaseLimit, reservationCancelLimit), and a calendar that takes no reservations at all says
 *   so with calendarOff, not with a limit of 0.
 * - When both limits are reached, the per-day refusal is given (it is the narrower one to fix:
 *   another day may do).
 */
import { refusalText } from '../refusals';

export const RESERVATION_LIMIT_CODE = 'reservation_limit';

export const MAX_COUNT_OF_DAY_MESSAGE = refusalText('reservation_limit', { per: 'day' });
export const MAX_COUNT_MESSAGE = refusalText('reservation_limit', { per: 'range' });

export const maxCountOfDayDetail = (limit: number, count: number): string => `1日${limit}件まで・予約済み${count}件`;
export const maxCountDetail = (limit: number, count: number): string => `期間内${limit}件まで・予約済み${count}件`;

export interface LimitRefusal {
  code: typeof RESERVATION_LIMIT_CODE;
  /** Which limit: its text is the catalogue's reservation_limit for it (core/refusals.ts). */
  per: 'day' | 'range';
  errorMessage: string;
  checkDetail: string;
}

export interface LimitInput {
  maxCount?: number | null | undefined;
  maxCountOfDay?: number | null | undefined;
  /** The user's reservations in the control range (ignored with dayCheckOnly). */
  countInRange: number;
  /** The user's reservations on the reservation day. */
  countOnDay: number;
  /** Control type 0: only the per-day limit applies. */
  dayCheckOnly: boolean;
}

const isLimit = (n: number | null | undefined): n is number => typeof n === 'number' && n > 0;

/** null when one more reservation fits both limits; otherwise the refusal to show. */
export const limitRefusal = (i: LimitInput): LimitRefusal | null => {
  if (isLimit(i.maxCountOfDay) && i.countOnDay >= i.maxCountOfDay) {
    return { code: RESERVATION_LIMIT_CODE, per: 'day', errorMessage: MAX_COUNT_OF_DAY_MESSAGE, checkDetail: maxCountOfDayDetail(i.maxCountOfDay, i.countOnDay) };
  }
  if (!i.dayCheckOnly && isLimit(i.maxCount) && i.countInRange >= i.maxCount) {
    return { code: RESERVATION_LIMIT_CODE, per: 'range', errorMessage: MAX_COUNT_MESSAGE, checkDetail: maxCountDetail(i.maxCount, i.countInRange) };
  }
  return null;
};
