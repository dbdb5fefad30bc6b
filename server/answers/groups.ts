/**
 * Result groups (spec 01 §3; core/contract/result-groups.ts): the rows gathered by answer, each
 * with its reservation's calendar and category. The grouping is pure; the calendar and category of
 * a reservation come through `resolve` (store/calendars.ts resolveCalendar), read once per id.
 */
import type { Calendar } from '@core/contract/calendars';
import type { ResultGroup, ResultRow } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { reservationOfRows } from '@core/rules/reservation-value';
import { answerStatusOf } from '@core/rules/status';

/** What a reservation value's first id leads to; category null when it is a calendar id. */
export interface ReservationPlace {
  calendar: Calendar;
  category: { category_id: string; tag1: string; tag2: string | null; tag3: string | null } | null;
}

/** The answers of `rows` in their order of first appearance. */
export const groupRows = (
  config: Pick<ServedSurveyConfig, 'surveySchema'>,
  rows: readonly ResultRow[],
  placeOf: (id: string) => ReservationPlace | null,
): ResultGroup[] => {
  const byPartition = new Map<string, ResultRow[]>();
  for (const row of rows) byPartition.set(row.partitionKey, [...(byPartition.get(row.partitionKey) ?? []), row]);
  return [...byPartition].map(([partitionKey, list]) => {
    const reservation = reservationOfRows(config, list);
    const place = reservation ? placeOf(reservation.categoryId) : null;
    return {
      partitionKey,
      answerCode: list.find((r) => r.answerCode)?.answerCode ?? null,
      check: answerStatusOf(list.map((r) => r.check)),
      fields: list.map((r) => ({ itemKey: r.itemKey, value: r.value })),
      calendarInfo: place ? { reservationCancelLimit: place.calendar.reservationCancelLimit, comaList: place.calendar.comaList } : null,
      categoryInfo: place?.category
        ? { sortKey: place.category.category_id, tag1: place.category.tag1, tag2: place.category.tag2, tag3: place.category.tag3 }
        : null,
    };
  });
};

/** groupRows with each reservation's place read through `resolve`, once per id. */
export const resultGroupsOf = async (
  config: Pick<ServedSurveyConfig, 'surveySchema'>,
  rows: readonly ResultRow[],
  resolve: (id: string) => Promise<ReservationPlace | null>,
): Promise<ResultGroup[]> => {
  const places = new Map<string, ReservationPlace | null>();
  for (const row of rows) {
    const reservation = reservationOfRows(config, [row]);
    if (reservation && !places.has(reservation.categoryId)) places.set(reservation.categoryId, await resolve(reservation.categoryId));
  }
  return groupRows(config, rows, (id) => places.get(id) ?? null);
};
