/** A calendar's own settings as the console reads them, and their save. Memory only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCalendarSettings, staffCalendarSettingsSave, type CalendarSettings } from '@core/contract/staff-calendars';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;

export const useCalendarSettings = (calendarId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['staff', 'calendar-settings', calendarId],
    queryFn: async () => unwrap(await call(staffCalendarSettings, { params: { calendarId } }, once)),
    enabled,
  });

export const useCalendarSettingsSave = (calendarId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (r: { version: number; settings: CalendarSettings }) => unwrap(await call(staffCalendarSettingsSave, { params: { calendarId }, body: r }, once)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff', 'calendar-settings', calendarId] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'slots', calendarId] }),
      ]),
  });
};
