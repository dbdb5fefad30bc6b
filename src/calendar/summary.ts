/**
 * A chosen reservation as one line of plain text, M月D日（曜）: the form's text of the value (the
 * confirmation shows the full lines instead, src/calendar/reservation-lines.tsx). Tiny on purpose:
 * the form engine reads it without loading the calendar code.
 */
import { parseReservationValue } from '@core/rules/reservation-value';
import { ja } from '../messages/ja';
import { formatMonthDayWeekday } from './dates';

export const reservationSummaryOf = (value: string): string => {
  const parsed = parseReservationValue(value);
  // Never the raw value: a value without a readable date says so.
  return parsed ? formatMonthDayWeekday(parsed.date) : ja.display.noReservationDate;
};
