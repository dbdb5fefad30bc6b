/**
 * What the day sheet page holds besides the server's answer: the day (from the URL, today in
 * Asia/Tokyo without one), the walk-in form chosen, and the mark being sent.
 */
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { todayInTokyo } from '@core/ja/date-input';
import type { ArrivalMark, DayBooking } from '@core/contract/staff-day-sheet';
import { useStaffMe } from '../staff-queries';
import { useArrivalMark, useDaySheet } from './day-sheet-queries';

export const useDaySheetPage = () => {
  const { calendarId } = useParams({ from: '/admin/calendars/$calendarId' });
  const search = useSearch({ from: '/admin/calendars/$calendarId' });
  const navigate = useNavigate();
  const today = todayInTokyo().toString();
  const date = search.date ?? today;
  const me = useStaffMe();
  const sheet = useDaySheet(calendarId, date, Boolean(me.data));
  const marking = useArrivalMark(calendarId, date);
  const [walkInIndex, setWalkInIndex] = useState(0);
  const walkIns = sheet.data?.walkIns ?? [];
  const walkIn = walkIns[walkInIndex] ?? walkIns[0] ?? null;
  const pending = marking.isPending ? marking.variables : undefined;
  return {
    calendarId,
    date,
    today,
    me,
    sheet,
    walkIn,
    walkInIndex,
    setWalkInIndex,
    markError: marking.error,
    busyKey: pending ? `${pending.partitionKey}|${pending.itemKey}` : null,
    mark: (b: DayBooking, mark: ArrivalMark | null) => marking.mutate({ partitionKey: b.partitionKey, itemKey: b.itemKey, mark }),
    goTo: (d: string) => void navigate({ to: '/admin/calendars/$calendarId', params: { calendarId }, search: d === today ? {} : { date: d } }),
  };
};
