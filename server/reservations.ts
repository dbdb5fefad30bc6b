/**
 * Reservations outside an answer's write (spec 02 §4, §5): whether an answer's cancel deadline has
 * passed, and the lapsed bookings of a vaccination form cancelled. The write's own steps (checked,
 * moved, claimed) are server/answers/write/.
 */
import type { Transaction } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { dayOffWindow, isCancelDeadlinePassed } from '@core/rules/cancel-deadline';
import { dayOffsBetween, resolveCalendar } from './store/calendars';
import { releasePartition } from './store/reservations';
import { reservationsOf, type ReservationRow } from './answers/write/wanted';
import { CANCELLED_RESERVATION_STATUS, ENDED_STATUSES } from '@core/rules/status';
import { implementationDateKey } from '@core/rules/vaccination';
import type { Database } from './store/schema';

/**
 * Whether the cancel deadline of the answer's reservation has passed (core/rules/cancel-deadline.ts,
 * reading (a)), with the calendar's reservationCancelLimit and its days off from today up to the
 * day before the reservation (a closed desk cannot take the notice, so each day off moves the
 * deadline one day earlier). A reservation whose calendar is gone keeps the default limit.
 */
export const reservationDeadlinePassed = async (
  trx: Transaction<Database>,
  config: Pick<ServedSurveyConfig, 'surveySchema'>,
  rows: readonly ReservationRow[],
  today: Temporal.PlainDate,
): Promise<boolean> => {
  const first = reservationsOf(config, rows)[0];
  if (!first) return false;
  const found = await resolveCalendar(trx, first.value.categoryId);
  const reservationDate = first.value.date;
  let dayOffCount = 0;
  const window = dayOffWindow(today, reservationDate);
  if (found && window) {
    dayOffCount = (await dayOffsBetween(trx, found.calendar.sortKey, window.from.toString(), window.to.toString())).length;
  }
  return isCancelDeadlinePassed({ reservationDate, cancelLimit: found?.calendar.reservationCancelLimit ?? null, dayOffCount, today });
};

const ENDED: ReadonlySet<string> = ENDED_STATUSES;

/** Spec 01 §3: surveyType "corona" marks a vaccination form. */
export const CORONA_SURVEY_TYPE = 'corona';
/**
 * Corona-type surveys (spec 01 §4, spec 02 §4): a reservation whose following day has passed with
 * no implementation date was not taken up; it is cancelled (キャンセル, its slot given back) when the
 * resident's list loads, in one transaction, so the list shows it cancelled. "The day after has
 * passed" is read as: today is later than the reservation date + 1 day. The implementation date
 * is the form's own sesshuJisshiDate item, whatever its key; a form without one has no way to
 * record a dose, so its lapsed bookings are cancelled.
 * Answers the partition keys cancelled.
 */
export const cancelLapsedReservations = async (
  trx: Transaction<Database>,
  config: Pick<ServedSurveyConfig, 'surveySchema' | 'surveyType' | 'surveyId'>,
  userId: string,
  today: Temporal.PlainDate,
  now: string,
): Promise<string[]> => {
  if (config.surveyType !== CORONA_SURVEY_TYPE) return [];
  const implementedKey = implementationDateKey(config);
  const rows = await trx
    .selectFrom('survey_results')
    .select(['partition_key', 'item_key', 'value', 'check_status'])
    .where('survey_id', '=', config.surveyId)
    .where('user_id', '=', userId)
    .execute();
  const byPartition = new Map<string, { itemKey: string; value: string; check: string }[]>();
  for (const r of rows) {
    const list = byPartition.get(r.partition_key) ?? [];
    list.push({ itemKey: r.item_key, value: r.value, check: r.check_status });
    byPartition.set(r.partition_key, list);
  }
  const cancelled: string[] = [];
  for (const [partitionKey, list] of byPartition) {
    if (list.some((r) => ENDED.has(r.check))) continue;
    const first = reservationsOf(config, list)[0];
    if (!first) continue;
    if (Temporal.PlainDate.compare(today, first.value.date.add({ days: 1 })) <= 0) continue;
    if (list.some((r) => r.itemKey === implementedKey && r.value.trim() !== '')) continue;
    await trx
      .updateTable('survey_results')
      .set({ check_status: CANCELLED_RESERVATION_STATUS, updated_at: now })
      .where('survey_id', '=', config.surveyId)
      .where('user_id', '=', userId)
      .where('partition_key', '=', partitionKey)
      .execute();
    await releasePartition(trx, partitionKey);
    cancelled.push(partitionKey);
  }
  return cancelled;
};
