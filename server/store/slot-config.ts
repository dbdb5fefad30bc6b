/**
 * The writes of a console save of a calendar's slots (server/slots/save-slots.ts), all in the
 * save's transaction. Each statement that reads what a slot holds also locks its row (an upsert,
 * or an update that sets nothing new, RETURNING it), so a resident's booking cannot slip in
 * between the check and the commit on PostgreSQL; SQLite's write transactions are serial anyway.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export const calendarVersion = async (db: Db, calendarId: string): Promise<number | null> => {
  const row = await db.selectFrom('calendars').select('version').where('calendar_id', '=', calendarId).executeTakeFirst();
  return row ? Number(row.version) : null;
};

/** Takes the calendar from `version` to the next one; false when another save got there first. */
export const bumpVersion = async (trx: Transaction<Database>, calendarId: string, version: number, now: string): Promise<boolean> => {
  const r = await trx
    .updateTable('calendars')
    .set({ version: sql<number>`version + 1`, updated_at: now })
    .where('calendar_id', '=', calendarId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** Sets quotas (a new slot holds nothing); answers what each slot holds, locked. */
export const setQuotas = async (trx: Transaction<Database>, calendarId: string, rows: readonly { day: string; slot: string; quota: number }[]) => {
  const held: { day: string; slot: string; reserved: number }[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const part = await trx
      .insertInto('slots')
      .values(rows.slice(i, i + 200).map((r) => ({ calendar_id: calendarId, day: r.day, slot: r.slot, quota: r.quota, reserved: 0 })))
      .onConflict((oc) => oc.columns(['calendar_id', 'day', 'slot']).doUpdateSet((eb) => ({ quota: eb.ref('excluded.quota') })))
      .returning(['day', 'slot', 'reserved'])
      .execute();
    held.push(...part.map((p) => ({ day: p.day, slot: p.slot, reserved: Number(p.reserved) })));
  }
  return held;
};

/** Removes slots that hold nothing; answers the ones left because they hold bookings. */
export const removeSlots = async (trx: Transaction<Database>, calendarId: string, refs: readonly { day: string; slot: string }[]) => {
  const kept: { day: string; slot: string }[] = [];
  for (const r of refs) {
    await trx.deleteFrom('slots').where('calendar_id', '=', calendarId).where('day', '=', r.day).where('slot', '=', r.slot).where('reserved', '=', 0).execute();
    const left = await trx.selectFrom('slots').select('slot').where('calendar_id', '=', calendarId).where('day', '=', r.day).where('slot', '=', r.slot).executeTakeFirst();
    if (left) kept.push(r);
  }
  return kept;
};

/** What each slot of these days holds, its rows locked (an update that changes nothing). */
export const lockDays = async (trx: Transaction<Database>, calendarId: string, days: readonly string[]) => {
  if (days.length === 0) return [];
  const rows = await trx
    .updateTable('slots')
    .set((eb) => ({ reserved: eb.ref('reserved') }))
    .where('calendar_id', '=', calendarId)
    .where('day', 'in', [...days])
    .returning(['day', 'slot', 'reserved'])
    .execute();
  return rows.map((r) => ({ day: r.day, slot: r.slot, reserved: Number(r.reserved) }));
};

export const removeDayOffs = async (trx: Transaction<Database>, calendarId: string, days: readonly string[]): Promise<void> => {
  if (days.length === 0) return;
  await trx.deleteFrom('day_offs').where('calendar_id', '=', calendarId).where('day', 'in', [...days]).execute();
};
