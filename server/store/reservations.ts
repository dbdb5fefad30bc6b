/**
 * Slot claims and the live reservations table. Every function takes the answer's transaction:
 * a slot is claimed by one conditional UPDATE (reserved + cost <= quota), never by reading the
 * count and then writing, so two residents racing for the last place cannot both get it — on
 * SQLite the write lock serialises them, on PostgreSQL the second UPDATE waits for the first's row
 * lock and then re-evaluates its WHERE against the committed count.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ReservationTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface SlotRef {
  calendarId: string;
  day: string;
  slot: string;
}

export type ClaimResult = 'claimed' | 'full' | 'noSlot';

export const claimSlot = async (trx: Transaction<Database>, ref: SlotRef, cost: number): Promise<ClaimResult> => {
  const r = await trx
    .updateTable('slots')
    .set({ reserved: sql<number>`reserved + ${cost}` })
    .where('calendar_id', '=', ref.calendarId)
    .where('day', '=', ref.day)
    .where('slot', '=', ref.slot)
    .where(sql<boolean>`reserved + ${cost} <= quota`)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return 'claimed';
  const exists = await trx
    .selectFrom('slots')
    .select('quota')
    .where('calendar_id', '=', ref.calendarId)
    .where('day', '=', ref.day)
    .where('slot', '=', ref.slot)
    .executeTakeFirst();
  return exists ? 'full' : 'noSlot';
};

export const insertReservation = async (trx: Transaction<Database>, row: ReservationTable): Promise<void> => {
  await trx.insertInto('reservations').values(row).execute();
};

/**
 * Ends the live reservations of an answer and gives their places back, in the caller's
 * transaction. Answers what was released.
 */
export const releasePartition = async (trx: Transaction<Database>, partitionKey: string): Promise<ReservationTable[]> => {
  const held = await trx.selectFrom('reservations').selectAll().where('partition_key', '=', partitionKey).execute();
  for (const r of held) {
    await trx
      .updateTable('slots')
      .set({ reserved: sql<number>`reserved - ${r.cost}` })
      .where('calendar_id', '=', r.calendar_id)
      .where('day', '=', r.day)
      .where('slot', '=', r.slot)
      .execute();
  }
  if (held.length > 0) await trx.deleteFrom('reservations').where('partition_key', '=', partitionKey).execute();
  return held;
};

/** A user's live reservations of a survey on one day, or over a range (inclusive). */
export const countUserReservations = async (
  db: Db,
  q: { surveyId: string; userId: string; from: string; to: string; excludePartition?: string | null | undefined },
): Promise<number> => {
  let query = db
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('survey_id', '=', q.surveyId)
    .where('user_id', '=', q.userId)
    .where('day', '>=', q.from)
    .where('day', '<=', q.to);
  if (q.excludePartition) query = query.where('partition_key', '<>', q.excludePartition);
  const r = await query.executeTakeFirstOrThrow();
  return Number(r.n);
};

export const listPartitionReservations = async (db: Db, partitionKey: string): Promise<ReservationTable[]> =>
  db.selectFrom('reservations').selectAll().where('partition_key', '=', partitionKey).execute();
