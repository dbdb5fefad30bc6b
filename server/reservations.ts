/**
 * Reservations inside the answer's transaction (spec 02 §4, §5; ARCHITECTURE "limited things are
 * claimed inside the write's transaction"). putItem calls `replaceReservations`, which gives back
 * what the amended answer held and claims the new places in one step, so moving a reservation is atomic: the old
 * place is given back and the new one taken, or neither. cancelItem and deleteItem release.
 *
 * What the server decides here, whatever the PWA showed: what the values name can be booked
 * (reservation-targets.ts), the slot has room for the item's cost (conditional update in the
 * write's last step), and the resident's own limits (reservationMaxCount over the range,
 * reservationMaxCountOfDay) hold — counted in the same transaction, after the claim on the
 * resident's counter row, which serialises two of one resident's racing submissions on PostgreSQL
 * so they are counted together.
 */
import type { Transaction } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { dayOffWindow, isCancelDeadlinePassed } from '@core/rules/cancel-deadline';
import { limitRangeOf } from '@core/rules/reservation-window';
import { NO_SLOT_MESSAGE, limitRefusal } from '@core/rules/reservation-limits';
import { ApiError } from './http';
import { dayOffsBetween, resolveCalendar } from './store/calendars';
import { countUserReservations, deleteReservations, heldBy, refOf, releasePartition, unclaimedReason } from './store/reservations';
import { planSlotOps, type SlotOp } from './reservation-plan';
import { QUOTA_EXCEEDED_TEXT, readWanted, refuseFull, reservationsOf, type ReservationRow, type Wanted } from './reservation-targets';

export { QUOTA_EXCEEDED_TEXT, UNKNOWN_RESERVATION_TEXT, reservationsOf } from './reservation-targets';
import { CANCELLED_RESERVATION_STATUS, ENDED_STATUSES } from '@core/rules/status';
import { implementationDateKey } from '@core/rules/vaccination';
import type { Database, ReservationTable } from './store/schema';

/** An answer's reservation rows and its slot operations, for the write's last step (store/finish.ts). */
export interface ReservationsToWrite {
  reservations: ReservationTable[];
  slotOps: SlotOp[];
}

export interface ReplaceInput {
  config: ServedSurveyConfig;
  userId: string;
  /** The answer being written. */
  partitionKey: string;
  rows: readonly ReservationRow[];
  /** The answer it replaces (amendment, or a single answer given again), whose places go back. */
  replaces: string | null;
  today: Temporal.PlainDate;
  now: string;
  /** The Asia/Tokyo wall clock for today's started slots (default: now). */
  wallClock?: { date: Temporal.PlainDate; time: Temporal.PlainTime };
  /** What the values name, read and checked before the transaction for these config and rows. */
  wanted?: readonly Wanted[] | undefined;
}

/**
 * Moves the answer's reservations: checks every value it holds, deletes the rows of the answer it
 * replaces and counts the resident's limits. Its own rows and the places are not written yet: they
 * come back (rows, and slot operations from reservation-plan.ts) for the write's last step
 * (store/finish.ts), whose slot claims lock the rows other residents' writes wait for. A refusal
 * throws, and the transaction rolls back.
 */
export const replaceReservations = async (trx: Transaction<Database>, input: ReplaceInput): Promise<ReservationsToWrite> => {
  const wanted = input.wanted ?? (await readWanted(trx, input));
  const held = input.replaces ? await heldBy(trx, input.replaces) : [];
  if (held.length === 0 && wanted.length === 0) return { reservations: [], slotOps: [] };
  await refuseFull(trx, wanted, held.map(refOf));

  if (input.replaces && held.length > 0) await deleteReservations(trx, input.replaces);
  const rowsToWrite: ReservationTable[] = wanted.map((w) => ({
    partition_key: input.partitionKey,
    item_key: w.itemKey,
    survey_id: input.config.surveyId,
    user_id: input.userId,
    calendar_id: w.ref.calendarId,
    category_id: w.t.categoryId,
    item_id: w.t.itemId,
    day: w.ref.day,
    slot: w.ref.slot,
    cost: w.t.cost,
    created_at: input.now,
  }));

  // The resident's own limits: the reservations they hold besides this answer's (the replaced
  // answer's are gone by now, so they do not count either, and this one's are written last); the resident's counter row, claimed
  // first, keeps their own writes from racing this count. A calendar with no limits needs no count.
  for (const w of wanted) {
    const { reservationMaxCount: maxCount, reservationMaxCountOfDay: maxCountOfDay } = w.t.calendar;
    if (!maxCount && !maxCountOfDay) continue;
    const range = limitRangeOf(w.t.calendar, input.today);
    const counts = await countUserReservations(trx, {
      surveyId: input.config.surveyId,
      userId: input.userId,
      day: w.ref.day,
      range: range.from && range.to ? { from: range.from.toString(), to: range.to.toString() } : null,
      excludePartition: input.partitionKey,
    });
    const refused = limitRefusal({ maxCount, maxCountOfDay, countInRange: counts.inRange, countOnDay: counts.onDay, dayCheckOnly: range.dayCheckOnly });
    if (refused) throw new ApiError(409, refused.code, refused.errorMessage, { checkDetail: refused.checkDetail });
  }
  const slotOps = planSlotOps(
    held.map((h) => ({ ref: refOf(h), cost: h.cost })),
    wanted.map((w) => ({ ref: w.ref, cost: w.t.cost })),
  );
  return { reservations: rowsToWrite, slotOps };
};

/**
 * The refusal of a slot operation that found no place (store/finish.ts): why, read in the same
 * transaction (no room, a day off since, no slot), for the caller to throw.
 */
export const slotRefusal = async (trx: Transaction<Database>, op: SlotOp): Promise<ApiError> =>
  (await unclaimedReason(trx, op.ref)) === 'full'
    ? new ApiError(409, 'quota_exceeded', QUOTA_EXCEEDED_TEXT)
    : new ApiError(409, 'slot_unavailable', NO_SLOT_MESSAGE);

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
