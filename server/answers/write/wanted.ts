/**
 * What an answer's reservation values name, read and checked with no lock (spec 02 §3, §5): the
 * category (or calendar) and item exist, the calendar takes reservations, the day is bookable
 * (core/rules/reservation-window.ts, not a day off), the slot has not started, and, for a slot the
 * answer does not hold yet, it has room (core/rules/slot-room.ts). Read inside the write's
 * transaction, or for a new answer before it (read-before.ts: a refusal then never waits for a lock).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Temporal } from 'temporal-polyfill';
import type { Calendar } from '@core/contract/calendars';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { isReservationItem, parseReservationValue, type ReservationValue } from '@core/rules/reservation-value';
import { bookableWindow, hasSlotStarted, isBookableDay, nowInTokyo } from '@core/rules/reservation-window';
import { hasRoom, type SlotCount } from '@core/rules/slot-room';
import { refuse } from '@core/refusals';
import { findCalendar, findCalendarItemCost, findCategoryTarget } from '../../store/calendars';
import { readSlotCount } from '../../store/reservations';
import { slotOrder, type SlotRef } from '../../store/slot-order';
import type { Database } from '../../store/schema';

type Db = Kysely<Database> | Transaction<Database>;

const unknownReservation = (itemKey: string) => refuse('reservation_unknown', undefined, { issues: [{ path: itemKey, message: 'reservationUnknown' }] });

export interface ReservationRow {
  itemKey: string;
  value: string;
}

/** The reservation items of the form with a readable value, in form order. */
export const reservationsOf = (config: Pick<ServedSurveyConfig, 'surveySchema'>, rows: readonly ReservationRow[]) =>
  config.surveySchema.filter(isReservationItem).flatMap((item) => {
    const row = rows.find((r) => r.itemKey === item.itemKey);
    const parsed = row ? parseReservationValue(row.value) : null;
    return parsed ? [{ itemKey: item.itemKey, value: parsed }] : [];
  });

export interface Target {
  calendar: Calendar;
  categoryId: string;
  itemId: string;
  cost: number;
  /** Whether the slot had no room for `cost` when the target was read; undefined: not read yet. */
  full?: boolean;
  /** A hidden category or item (staff no longer offer it): only an answer already holding it keeps it. */
  hidden?: true;
}

/**
 * The calendar and item a value names; the first id may be a category or a calendar (spec 02 §3).
 */
const targetOf = async (db: Db, itemKey: string, v: ReservationValue): Promise<Target> => {
  let calendar: Calendar | null;
  let cost: number | null;
  let slotRow: { reserved: number; quota: number } | null | undefined;
  let hidden = false;
  const viaCategory = await findCategoryTarget(db, v.categoryId, v.itemId, { day: v.date.toString(), slot: v.slot });
  if (viaCategory) {
    ({ calendar, cost, slotRow, hidden } = viaCategory);
  } else {
    // A calendar id: the item is one of the items of the categories that use this calendar.
    calendar = await findCalendar(db, v.categoryId);
    cost = calendar ? await findCalendarItemCost(db, calendar.sortKey, v.itemId) : null;
  }
  if (!calendar || cost === null || !(v.slot in calendar.comaList)) throw unknownReservation(itemKey);
  const full = slotRow === undefined ? undefined : isFullNow(slotRow, cost);
  return { calendar, categoryId: v.categoryId, itemId: v.itemId, cost, ...(full === undefined ? {} : { full }), ...(hidden ? { hidden: true as const } : {}) };
};

/** A slot with no room for the cost; one with no row is not "full": the claim refuses it as no slot. */
const isFullNow = (slot: SlotCount | null, cost: number): boolean => slot !== null && !hasRoom(slot, cost);

/** A reservation value of the answer, with what it names and the slot it wants. */
export interface Wanted {
  itemKey: string;
  value: ReservationValue;
  t: Target;
  ref: SlotRef;
}

/** Reads what each reservation value names and checks it can be booked now; the first refusal throws. */
export const readWanted = async (
  db: Db,
  input: {
    config: Pick<ServedSurveyConfig, 'surveySchema'>;
    rows: readonly ReservationRow[];
    today: Temporal.PlainDate;
    wallClock?: { date: Temporal.PlainDate; time: Temporal.PlainTime } | undefined;
  },
): Promise<Wanted[]> => {
  const wanted: Wanted[] = [];
  for (const { itemKey, value } of reservationsOf(input.config, input.rows)) {
    const t = await targetOf(db, itemKey, value);
    if (t.calendar.calendarOff === 1) throw refuse('calendar_off');
    if (!isBookableDay(bookableWindow(t.calendar, input.today), value.date)) throw refuse('slot_unavailable');
    if (hasSlotStarted(value.date, t.calendar.comaList[value.slot]?.start, input.wallClock ?? nowInTokyo())) {
      throw refuse('slot_unavailable');
    }
    wanted.push({ itemKey, value, t, ref: { calendarId: t.calendar.sortKey, day: value.date.toString(), slot: value.slot } });
  }
  return wanted;
};

/**
 * Refuses a wanted slot that is already full, with one plain read at most (a value naming a
 * category had its slot read with it). A slot in `held` is left to the claim: moving within it
 * needs its own places. No lock: a slot with room now may still be full at the claim, which decides.
 */
export const refuseFull = async (db: Db, wanted: readonly Wanted[], held: readonly SlotRef[]): Promise<void> => {
  for (const w of wanted) {
    if (held.some((h) => slotOrder(h, w.ref) === 0)) continue;
    if (w.t.full ?? isFullNow(await readSlotCount(db, w.ref), w.t.cost)) throw refuse('quota_exceeded');
  }
};

/** Refuses a hidden category or item unless the answer being replaced already holds that very one. */
export const refuseHidden = (wanted: readonly Wanted[], held: readonly { category_id: string; item_id: string }[]): void => {
  for (const w of wanted) {
    if (w.t.hidden && !held.some((h) => h.category_id === w.t.categoryId && h.item_id === w.t.itemId)) throw unknownReservation(w.itemKey);
  }
};
