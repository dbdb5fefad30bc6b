/**
 * The day sheet's reads and the arrival marks (issue 57). A day's bookings are read in one query
 * from the live reservations (a cancel or an amendment deletes their rows, so what is read is what
 * holds a slot), each joined to its answer's reservation row (status, 受付番号, registrant), its
 * category and item, and its mark; the names come in a second query, by the name items of the
 * forms a first small query finds booked.
 */
import type { Kysely, Transaction } from 'kysely';
import type { ArrivalTable, Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface BookingRow {
  partition_key: string;
  item_key: string;
  survey_id: string;
  category_id: string;
  item_id: string;
  slot: string;
  created_at: string;
  check_status: string;
  /** survey_results.status: 'temporary' while a payment is pending. */
  row_status: string | null;
  answer_code: string | null;
  registrant_name: string;
  tag1: string | null;
  tag2: string | null;
  tag3: string | null;
  item_name: string | null;
  mark: string | null;
  marked_at: string | null;
  staff_name: string | null;
}

/** Every live booking of the calendar on the day, with what the sheet shows of it. */
export const dayBookings = async (db: Db, calendarId: string, day: string): Promise<BookingRow[]> =>
  db
    .selectFrom('reservations as r')
    // A reservation item is one-valued: its row's sort key is its item key (the primary key's second part).
    .innerJoin('survey_results as sr', (j) => j.onRef('sr.partition_key', '=', 'r.partition_key').onRef('sr.sort_key', '=', 'r.item_key'))
    .leftJoin('categories as c', 'c.category_id', 'r.category_id')
    .leftJoin('reservation_items as ri', (j) => j.onRef('ri.category_id', '=', 'r.category_id').onRef('ri.item_id', '=', 'r.item_id'))
    .leftJoin('arrivals as a', (j) =>
      j.onRef('a.partition_key', '=', 'r.partition_key').onRef('a.item_key', '=', 'r.item_key').onRef('a.day', '=', 'r.day').onRef('a.slot', '=', 'r.slot'),
    )
    .leftJoin('staff as st', 'st.id', 'a.staff_id')
    .select([
      'r.partition_key',
      'r.item_key',
      'r.survey_id',
      'r.category_id',
      'r.item_id',
      'r.slot',
      'r.created_at',
      'sr.check_status',
      'sr.status as row_status',
      'sr.answer_code',
      'sr.registrant_name',
      'c.tag1',
      'c.tag2',
      'c.tag3',
      'ri.item_name',
      'a.mark',
      'a.marked_at',
      'st.name as staff_name',
    ])
    .where('r.calendar_id', '=', calendarId)
    .where('r.day', '=', day)
    .execute();

/** The forms with a live booking of the calendar on the day. */
export const daySurveyIds = async (db: Db, calendarId: string, day: string): Promise<string[]> =>
  (await db.selectFrom('reservations').select('survey_id').distinct().where('calendar_id', '=', calendarId).where('day', '=', day).execute()).map((r) => r.survey_id);

/** The values of the given name items (text items: sort key = item key) of the day's bookings. */
export const dayBookingNames = async (db: Db, calendarId: string, day: string, itemKeys: readonly string[]) => {
  if (itemKeys.length === 0) return [];
  return db
    .selectFrom('reservations as r')
    .innerJoin('survey_results as sr', (j) => j.onRef('sr.partition_key', '=', 'r.partition_key').on('sr.sort_key', 'in', [...itemKeys]))
    .select(['r.partition_key', 'sr.item_key', 'sr.value'])
    .where('r.calendar_id', '=', calendarId)
    .where('r.day', '=', day)
    .execute();
};

/** The categories hanging at calendars (all of them, or one calendar's). */
export const calendarCategories = async (db: Db, calendarId?: string) => {
  let q = db.selectFrom('categories').select(['category_id', 'calendar_id', 'tag1', 'tag2', 'tag3', 'sort_order', 'level']).where('calendar_id', 'is not', null);
  if (calendarId !== undefined) q = q.where('calendar_id', '=', calendarId);
  return (await q.orderBy('level').orderBy('sort_order').execute()) as { category_id: string; calendar_id: string; tag1: string; tag2: string | null; tag3: string | null }[];
};

/** The reservation items of these categories, in their order. */
export const itemsOfCategories = async (db: Db, categoryIds: readonly string[]) =>
  categoryIds.length === 0
    ? []
    : db
        .selectFrom('reservation_items')
        .select(['category_id', 'item_id', 'item_name'])
        .where('category_id', 'in', [...categoryIds])
        .orderBy('sort_order')
        .execute();

/** The live reservation of this answer's item on this calendar (its day and slot); null when none. */
export const liveBooking = async (db: Db, calendarId: string, partitionKey: string, itemKey: string) =>
  (await db
    .selectFrom('reservations')
    .select(['day', 'slot'])
    .where('partition_key', '=', partitionKey)
    .where('item_key', '=', itemKey)
    .where('calendar_id', '=', calendarId)
    .executeTakeFirst()) ?? null;

export const findArrival = async (db: Db, partitionKey: string, itemKey: string) =>
  (await db.selectFrom('arrivals').select(['mark', 'day', 'slot']).where('partition_key', '=', partitionKey).where('item_key', '=', itemKey).executeTakeFirst()) ?? null;

/** Sets the booking's mark (one row per booking: a new mark replaces the old). */
export const putArrival = async (trx: Transaction<Database>, row: ArrivalTable): Promise<void> => {
  await trx
    .insertInto('arrivals')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['partition_key', 'item_key']).doUpdateSet({
        calendar_id: row.calendar_id,
        day: row.day,
        slot: row.slot,
        mark: row.mark,
        marked_at: row.marked_at,
        staff_id: row.staff_id,
      }),
    )
    .execute();
};

export const deleteArrival = async (trx: Transaction<Database>, partitionKey: string, itemKey: string): Promise<void> => {
  await trx.deleteFrom('arrivals').where('partition_key', '=', partitionKey).where('item_key', '=', itemKey).execute();
};
