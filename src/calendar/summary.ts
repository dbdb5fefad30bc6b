/**
 * The one-line text of a chosen reservation, M月D日（曜） HH:mm〜HH:mm plus the item name, as the
 * confirmation shows it. The picker remembers the text of each value it made or showed (it alone
 * has the times and item names); without one, the date alone is shown. Tiny on purpose: the form
 * engine reads it without loading the calendar code.
 */
import { parseReservationValue } from '@core/rules/reservation-value';
import { formatMonthDayWeekday } from './dates';

const summaries = new Map<string, string>();

export const rememberSummary = (value: string, text: string): void => {
  summaries.set(value, text);
};

export const reservationSummaryOf = (value: string): string => {
  const known = summaries.get(value);
  if (known) return known;
  const parsed = parseReservationValue(value);
  return parsed ? formatMonthDayWeekday(parsed.date) : value;
};

export const summaryText = (parts: { date: Parameters<typeof formatMonthDayWeekday>[0]; time: string; itemName: string | undefined }): string =>
  [formatMonthDayWeekday(parts.date), parts.time, parts.itemName ?? ''].filter((s) => s !== '').join(' ');
