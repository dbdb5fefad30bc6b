/**
 * The answer's reservations inside its write (spec 02 §4, §5): what the amended answer held is
 * given back and the new places claimed in one step, so moving a reservation is atomic — the old
 * place is given back and the new one taken, or neither.
 *
 * What the server decides here, whatever the PWA showed: what the values name can be booked
 * (wanted.ts), the slot has room for the item's cost (the claim in finish.ts), and the resident's
 * own limits (reservationMaxCount over the range, reservationMaxCountOfDay) hold — counted in the
 * same transaction, after the claim on the resident's counter row (claim.ts), so two of one
 * resident's racing submissions are counted together.
 */
import type { Transaction } from 'kysely';
import type { Temporal } from 'temporal-polyfill';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { limitRangeOf } from '@core/rules/reservation-window';
import { limitRefusal } from '@core/rules/reservation-limits';
import { refuse } from '@core/refusals';
import { countUserReservations, deleteReservations, heldBy, refOf } from '../../store/reservations';
import type { Database, ReservationTable } from '../../store/schema';
import { planSlotOps, type SlotOp } from './slot-ops';
import { readWanted, refuseFull, refuseHidden, type ReservationRow, type Wanted } from './wanted';

/** An answer's reservation rows and its slot operations, for the write's last step (finish.ts). */
export interface ReservationsToWrite {
  reservations: ReservationTable[];
  slotOps: SlotOp[];
  /** The replaced answer held a booking (its LINE reminders go void, server/line/outbox.ts). */
  hadBooking: boolean;
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
 * come back (rows, and slot operations from slot-ops.ts) for the write's last step
 * (finish.ts), whose slot claims lock the rows other residents' writes wait for. A refusal
 * throws, and the transaction rolls back.
 */
export const replaceReservations = async (trx: Transaction<Database>, input: ReplaceInput): Promise<ReservationsToWrite> => {
  const wanted = input.wanted ?? (await readWanted(trx, input));
  const held = input.replaces ? await heldBy(trx, input.replaces) : [];
  if (held.length === 0 && wanted.length === 0) return { reservations: [], slotOps: [], hadBooking: false };
  await refuseFull(trx, wanted, held.map(refOf));
  refuseHidden(wanted, held);

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
    if (refused) throw refuse('reservation_limit', { per: refused.per }, { checkDetail: refused.checkDetail });
  }
  const slotOps = planSlotOps(
    held.map((h) => ({ ref: refOf(h), cost: h.cost })),
    wanted.map((w) => ({ ref: w.ref, cost: w.t.cost })),
  );
  return { reservations: rowsToWrite, slotOps, hadBooking: held.length > 0 };
};
