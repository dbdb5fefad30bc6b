/**
 * The day sheet's server state: the calendars within reach, one calendar's day (read again every
 * 15 seconds while the page is open and visible, so bookings made meanwhile appear), and the
 * arrival mark, after which the day is read again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffArrivalMark, staffCalendars, staffDaySheet, type ArrivalMark } from '@core/contract/staff-day-sheet';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;
const LIVE_MS = 15_000;

export const useStaffCalendars = (enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'calendars'], queryFn: async () => unwrap(await call(staffCalendars, {}, once)).calendars, enabled });

const sheetKey = (calendarId: string, date: string) => ['staff', 'day-sheet', calendarId, date] as const;

export const useDaySheet = (calendarId: string, date: string, enabled: boolean) =>
  useQuery({
    queryKey: sheetKey(calendarId, date),
    queryFn: async () => unwrap(await call(staffDaySheet, { params: { calendarId }, query: { date } }, once)),
    enabled,
    refetchInterval: LIVE_MS,
    // A hidden tab polls nothing (and is read afresh when it is shown again).
    refetchIntervalInBackground: false,
    placeholderData: (previous) => (previous?.calendarId === calendarId ? previous : undefined),
  });

export const useArrivalMark = (calendarId: string, date: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { partitionKey: string; itemKey: string; mark: ArrivalMark | null }) =>
      unwrap(await call(staffArrivalMark, { params: { calendarId }, body: v }, once)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sheetKey(calendarId, date) }),
  });
};
