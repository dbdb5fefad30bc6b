/**
 * What the lookup screens show of an answer's reservation (spec 01 §2 Confirm list, Details): the
 * date M月D日（曜）, the time HH:mm〜HH:mm from the calendar's comaList (/calendars/info), the
 * category lines (the survey's level labels with the category's names) and the reservation item's
 * name, built by src/calendar/reservation-lines.tsx (shared with the form, queue and completion).
 */
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { isReservationItem, parseReservationValue, type ReservationValue } from '@core/rules/reservation-value';
import type { ReservationItemConfig } from '../../calendar/categories';
import { useReservationValueLines, type ReservationLines } from '../../calendar/reservation-lines';
import type { LookupAnswer } from './answers';

export type { ReservationLines };

export interface AnswerReservation {
  item: ReservationItemConfig & { itemKey: string };
  /** The stored value; '' when the answer has none. */
  raw: string;
  value: ReservationValue | null;
}

/** The answer's first reservation item and its value. */
export const reservationOf = (config: ServedSurveyConfig, answer: LookupAnswer): AnswerReservation | null => {
  const items = config.surveySchema.filter(isReservationItem);
  for (const item of items) {
    const row = answer.rows.find((r) => r.itemKey === item.itemKey && r.value !== '');
    if (row) return { item: item as AnswerReservation['item'], raw: row.value, value: parseReservationValue(row.value) };
  }
  const first = items[0];
  return first ? { item: first as AnswerReservation['item'], raw: '', value: null } : null;
};

export const useReservationLines = (config: ServedSurveyConfig, answer: LookupAnswer): ReservationLines => {
  const reservation = reservationOf(config, answer);
  return useReservationValueLines(reservation?.item, reservation?.raw ?? '');
};
