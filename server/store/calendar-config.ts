/**
 * The writes of a console save of a calendar's own settings (server/calendars/save-settings.ts),
 * in the save's transaction, and what its comas hold from a day on. The slots of removed comas are
 * locked first (an update that changes nothing, RETURNING what each holds), so a resident's booking
 * cannot slip in between the check and the delete on PostgreSQL.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Calendar } from '@core/contract/calendars';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Places held from `fromDay` on, by coma (only comas holding some). */
export const heldFrom = async (db: Db, calendarId: string, fromDay: string): Promise<Record<string, number>> => {
  const rows = await db
    .selectFrom('slots')
    .select(['slot', (eb) => eb.fn.sum<number | string>('reserved').as('held')])
    .where('calendar_id', '=', calendarId)
    .where('day', '>=', fromDay)
    .where('reserved', '>', 0)
    .groupBy('slot')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.slot, Number(r.held)]));
};

/** The days from `fromDay` on on which these comas hold places, at most `limit`, in order. */
export const heldDays = async (db: Db, calendarId: string, slots: readonly string[], fromDay: string, limit: number): Promise<string[]> => {
  if (slots.length === 0) return [];
  const rows = await db
    .selectFrom('slots')
    .select('day')
    .distinct()
    .where('calendar_id', '=', calendarId)
    .where('slot', 'in', [...slots])
    .where('day', '>=', fromDay)
    .where('reserved', '>', 0)
    .orderBy('day')
    .limit(limit)
    .execute();
  return rows.map((r) => r.day);
};

/**
 * Removes the slots of comas taken out of the calendar, from `fromDay` on, when none holds a place;
 * answers the ones holding places (then nothing is removed and the caller refuses the save).
 */
export const dropComaSlots = async (trx: Transaction<Database>, calendarId: string, slots: readonly string[], fromDay: string): Promise<{ day: string; slot: string }[]> => {
  if (slots.length === 0) return [];
  const locked = await trx
    .updateTable('slots')
    .set((eb) => ({ reserved: eb.ref('reserved') }))
    .where('calendar_id', '=', calendarId)
    .where('slot', 'in', [...slots])
    .where('day', '>=', fromDay)
    .returning(['day', 'slot', 'reserved'])
    .execute();
  const held = locked.filter((r) => Number(r.reserved) > 0).map((r) => ({ day: r.day, slot: r.slot }));
  if (held.length > 0) return held;
  await trx.deleteFrom('slots').where('calendar_id', '=', calendarId).where('slot', 'in', [...slots]).where('day', '>=', fromDay).where('reserved', '=', 0).execute();
  return [];
};

/** The calendar's settings as stored: the JSON every reservation reads (store/calendars.ts). */
export const writeCalendarConfig = async (trx: Transaction<Database>, calendar: Calendar, now: string): Promise<void> => {
  await trx.updateTable('calendars').set({ config_json: JSON.stringify(calendar), updated_at: now }).where('calendar_id', '=', calendar.sortKey).execute();
};
