/**
 * Slot claims and the live reservations table. Every function takes the answer's transaction:
 * a slot is claimed by one conditional UPDATE, never by reading the count and then writing, so two
 * residents racing for the last place cannot both get it — on SQLite the write lock serialises
 * them, on PostgreSQL the second UPDATE waits for the first's row lock and then re-evaluates its
 * WHERE against the committed count.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SlotCount } from '@core/rules/slot-room';
import type { Database, ReservationTable } from './schema';
import { compiled } from './compiled';
import { slotOrder, type SlotRef } from './slot-order';

export type { SlotRef };

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes `cost` places of a slot (or gives them back, when negative) in the one statement that also
 * decides. Its WHERE is core/rules/slot-room.ts roomOf in SQL — the rule's only other statement;
 * tests/server/slot-room.test.ts holds the two together. false when it changed nothing
 * (readSlotState tells why).
 */
export const claimSlot = async (trx: Transaction<Database>, ref: SlotRef, cost: number): Promise<boolean> =>
  (await slotClaim.run(trx, { ...ref, cost })).length > 0;

const slotClaim = compiled((db: Kysely<Database>, a: SlotRef & { cost: number }) =>
  db
    .updateTable('slots')
    .set({ reserved: sql<number>`reserved + ${a.cost}` })
    .where('calendar_id', '=', a.calendarId)
    .where('day', '=', a.day)
    .where('slot', '=', a.slot)
    .where(sql<boolean>`reserved + ${a.cost} <= quota`)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('day_offs').select('day').where('day_offs.calendar_id', '=', a.calendarId).where('day_offs.day', '=', a.day))),
    )
    .returning('slot'),
);

/** A slot's quota and places held, as it is now (a plain read, no lock); null when it has no row. */
export const readSlotCount = async (db: Db, ref: SlotRef): Promise<SlotCount | null> => {
  const r = await db
    .selectFrom('slots')
    .select(['quota', 'reserved'])
    .where('calendar_id', '=', ref.calendarId)
    .where('day', '=', ref.day)
    .where('slot', '=', ref.slot)
    .executeTakeFirst();
  return r ? { quota: Number(r.quota), reserved: Number(r.reserved) } : null;
};

/** What roomOf decides a claim by: whether the day is a day off, and the slot's row. */
export const readSlotState = async (db: Db, ref: SlotRef): Promise<{ dayOff: boolean; slot: SlotCount | null }> => {
  const off = await db.selectFrom('day_offs').select('day').where('calendar_id', '=', ref.calendarId).where('day', '=', ref.day).executeTakeFirst();
  return { dayOff: off !== undefined, slot: await readSlotCount(db, ref) };
};

const slotRelease = compiled((db: Kysely<Database>, a: SlotRef & { cost: number }) =>
  db
    .updateTable('slots')
    .set({ reserved: sql<number>`reserved - ${a.cost}` })
    .where('calendar_id', '=', a.calendarId)
    .where('day', '=', a.day)
    .where('slot', '=', a.slot),
);

/** Writes an answer's live reservations, in one statement. */
export const insertReservations = async (trx: Transaction<Database>, rows: readonly ReservationTable[]): Promise<void> => {
  if (rows.length > 0) await trx.insertInto('reservations').values([...rows]).execute();
};

const RESERVATION_COLUMNS = [
  'partition_key',
  'item_key',
  'survey_id',
  'user_id',
  'calendar_id',
  'category_id',
  'item_id',
  'day',
  'slot',
  'cost',
  'created_at',
] as const satisfies readonly (keyof ReservationTable)[];

export const refOf = (r: Pick<ReservationTable, 'calendar_id' | 'day' | 'slot'>): SlotRef => ({ calendarId: r.calendar_id, day: r.day, slot: r.slot });

export const heldBy = async (db: Db, partitionKey: string): Promise<ReservationTable[]> =>
  db.selectFrom('reservations').select(RESERVATION_COLUMNS).where('partition_key', '=', partitionKey).execute();

/** Gives `cost` places of a slot back, now. */
export const releaseSlot = async (trx: Transaction<Database>, ref: SlotRef, cost: number): Promise<void> => {
  await slotRelease.run(trx, { ...ref, cost });
};

export const deleteReservations = async (trx: Transaction<Database>, partitionKey: string): Promise<void> => {
  await trx.deleteFrom('reservations').where('partition_key', '=', partitionKey).execute();
};

/**
 * Ends the live reservations of an answer and gives their places back (in slot order), in the
 * caller's transaction. Answers what was released.
 */
export const releasePartition = async (trx: Transaction<Database>, partitionKey: string): Promise<ReservationTable[]> => {
  const held = await heldBy(trx, partitionKey);
  for (const r of [...held].sort((a, b) => slotOrder(refOf(a), refOf(b)))) await releaseSlot(trx, refOf(r), r.cost);
  if (held.length > 0) await deleteReservations(trx, partitionKey);
  return held;
};

/**
 * A user's live reservations of a survey on one day and over a range (inclusive; null: no range
 * counted), in one query, as the two per-user limits read them. `excludePartition`: the answer
 * being written or amended, which does not count against itself.
 */
export const countUserReservations = async (
  db: Db,
  q: { surveyId: string; userId: string; day: string; range: { from: string; to: string } | null; excludePartition: string | null },
): Promise<{ onDay: number; inRange: number }> => {
  let query = db
    .selectFrom('reservations')
    .select([
      sql<number>`coalesce(sum(case when day = ${q.day} then 1 else 0 end), 0)`.as('on_day'),
      (q.range
        ? sql<number>`coalesce(sum(case when day >= ${q.range.from} and day <= ${q.range.to} then 1 else 0 end), 0)`
        : sql<number>`0`
      ).as('in_range'),
    ])
    .where('survey_id', '=', q.surveyId)
    .where('user_id', '=', q.userId);
  if (q.excludePartition) query = query.where('partition_key', '<>', q.excludePartition);
  const r = await query.executeTakeFirstOrThrow();
  return { onDay: Number(r.on_day), inRange: Number(r.in_range) };
};
