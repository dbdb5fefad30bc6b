/**
 * The cancel deadline as the PWA reads it (spec 01 §4, spec 02 §9): the same rule the server
 * applies before it writes (core/rules/cancel-deadline.ts: the calendar's reservationCancelLimit,
 * days off from today up to the day before moving it earlier), so the lookup list offers no
 * change or cancel the server would refuse, and the picker warns before a slot that could not be
 * changed or cancelled once booked.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Temporal } from 'temporal-polyfill';
import { calendarsDayOffCount, type Calendar } from '@core/contract/calendars';
import { cancelDeadlineDate, dayOffWindow, isCancelDeadlinePassed } from '@core/rules/cancel-deadline';
import { parseReservationValue } from '@core/rules/reservation-value';
import { call, unwrap } from '../lib/api';
import { calendarInfoQuery } from './queries';

/** Days marked off (1) in a schedule's dayOff map within the rule's window. */
export const daysOffIn = (dayOff: Readonly<Record<string, 0 | 1>>, today: Temporal.PlainDate, reservationDate: Temporal.PlainDate): number => {
  const window = dayOffWindow(today, reservationDate);
  if (!window) return 0;
  const from = window.from.toString();
  const to = window.to.toString();
  // ISO dates compare as text.
  return Object.entries(dayOff).filter(([day, off]) => off === 1 && day >= from && day <= to).length;
};

/** Whether booking `date` now would give a reservation already past its cancel deadline. */
export const bookedPastDeadline = (
  calendar: Pick<Calendar, 'reservationCancelLimit'>,
  dayOff: Readonly<Record<string, 0 | 1>>,
  date: Temporal.PlainDate,
  today: Temporal.PlainDate,
): boolean =>
  isCancelDeadlinePassed({ reservationDate: date, cancelLimit: calendar.reservationCancelLimit, dayOffCount: daysOffIn(dayOff, today, date), today });

const dayOffCountQuery = (id: string, window: { from: Temporal.PlainDate; to: Temporal.PlainDate } | null) => ({
  queryKey: ['calendar', 'day-off-count', id, window?.from.toString(), window?.to.toString()] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    unwrap(
      await call(calendarsDayOffCount, { query: { categoryId: id, fromDate: window?.from.toString() ?? '', toDate: window?.to.toString() ?? '' } }, { signal }),
    ).count,
  staleTime: 60_000,
});

/**
 * The same answer read once, outside React (the edit page loads this module only for an answer
 * with a reservation): undefined when the calendar cannot be read.
 */
export const fetchDeadlinePassed = async (queryClient: QueryClient, raw: string, today: Temporal.PlainDate): Promise<boolean | undefined> => {
  const value = parseReservationValue(raw);
  if (!value) return false;
  try {
    const calendar = (await queryClient.fetchQuery(calendarInfoQuery(value.categoryId))).data;
    const window = dayOffWindow(today, value.date);
    const dayOffCount = window ? await queryClient.fetchQuery(dayOffCountQuery(value.categoryId, window)) : 0;
    return isCancelDeadlinePassed({ reservationDate: value.date, cancelLimit: calendar.reservationCancelLimit, dayOffCount, today });
  } catch (e) {
    console.warn('cancel deadline unknown: the server decides on the write', e);
    return undefined;
  }
};

/**
 * Whether a stored reservation's cancel deadline has passed: true or false once the calendar and
 * its days off are read, undefined until then (or when they cannot be read: the server decides).
 */
export const useDeadlinePassed = (raw: string, today: Temporal.PlainDate, enabled = true): boolean | undefined =>
  useCancelDeadline(raw, today, enabled).passed;

export interface CancelDeadline {
  passed: boolean | undefined;
  /**
   * The last day a change or cancel is accepted (the day before the rule's deadline day); null
   * when there is none (no reservation, limit 0); undefined until the calendar and days off are read.
   */
  lastDay: Temporal.PlainDate | null | undefined;
}

/** useDeadlinePassed, with the last day it allows (the lookup card says it). */
export const useCancelDeadline = (raw: string, today: Temporal.PlainDate, enabled = true): CancelDeadline => {
  const value = raw ? parseReservationValue(raw) : null;
  const id = value?.categoryId ?? '';
  const info = useQuery({ ...calendarInfoQuery(id), enabled: enabled && id !== '' });
  const window = value ? dayOffWindow(today, value.date) : null;
  const daysOff = useQuery({ ...dayOffCountQuery(id, window), enabled: enabled && id !== '' && window !== null });
  if (!enabled || !value) return { passed: false, lastDay: null };
  const calendar = info.data?.data;
  if (!calendar) return { passed: undefined, lastDay: undefined };
  const dayOffCount = window === null ? 0 : daysOff.data;
  if (dayOffCount === undefined) {
    // Without the days off the deadline can only be later: passed already means passed.
    const passed = isCancelDeadlinePassed({ reservationDate: value.date, cancelLimit: calendar.reservationCancelLimit, today });
    return { passed: passed ? true : undefined, lastDay: undefined };
  }
  const input = { reservationDate: value.date, cancelLimit: calendar.reservationCancelLimit, dayOffCount };
  const deadline = cancelDeadlineDate(input);
  return { passed: isCancelDeadlinePassed({ ...input, today }), lastDay: deadline === null ? null : deadline.subtract({ days: 1 }) };
};
