/**
 * The held counts recomputed from the reservations themselves (issue 58), in statements that are
 * the same on both engines: which slot and bed night counters differ from what
 * core/rules/held-counts.ts makes them, and the repair that sets them right.
 *
 * The repair runs in the caller's one transaction and takes the write path's locks in its order
 * (server/store/README.md): slot rows in slot order, then each ward's nights in date order, each
 * locked (a no-op UPDATE, which waits for any write holding it to commit) before it is counted
 * again and set. A write changes a counter only while it holds the counter's row, so once the row
 * is locked its count is final: a write still to come adds its change to the value set here, and
 * one that came before has committed, its rows seen by the count (on PostgreSQL each statement
 * reads what is committed when it starts). No booking made meanwhile is lost.
 *
 * Only a staff status change over several answers takes both kinds of row in one transaction (an
 * answer's slots, a stay's nights, by partition key); against it PostgreSQL may find a deadlock and
 * end one of the two, which then changed nothing.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CountDifference } from '@core/contract/staff-counts';
import { NIGHT_HOLDING_STATUSES } from '@core/rules/held-counts';
import type { Database } from './schema';
import { slotOrder, type SlotRef } from './slot-order';

type Db = Kysely<Database> | Transaction<Database>;
type SlotDifference = Extract<CountDifference, { kind: 'slot' }>;
type NightDifference = Extract<CountDifference, { kind: 'bedNight' }>;

const slotDifferences = async (db: Db): Promise<SlotDifference[]> => {
  const actual = sql<number>`coalesce(sum(r.cost), 0)`;
  const rows = await db
    .selectFrom('slots as s')
    .leftJoin('reservations as r', (j) => j.onRef('r.calendar_id', '=', 's.calendar_id').onRef('r.day', '=', 's.day').onRef('r.slot', '=', 's.slot'))
    .select(['s.calendar_id', 's.day', 's.slot', 's.reserved', actual.as('actual')])
    .groupBy(['s.calendar_id', 's.day', 's.slot', 's.reserved'])
    .having(sql<boolean>`s.reserved <> ${actual}`)
    .execute();
  return rows
    .map((r) => ({ kind: 'slot' as const, calendarId: r.calendar_id, day: r.day, slot: r.slot, stored: Number(r.reserved), actual: Number(r.actual) }))
    .sort(slotOrder);
};

const nightDifferences = async (db: Db): Promise<NightDifference[]> => {
  const actual = sql<number>`count(st.partition_key)`;
  const rows = await db
    .selectFrom('bed_nights as n')
    .leftJoin('bed_stays as st', (j) =>
      j
        .onRef('st.survey_id', '=', 'n.survey_id')
        .onRef('st.start_date', '<=', 'n.night')
        .onRef('st.end_date', '>', 'n.night')
        .on('st.check_status', 'in', [...NIGHT_HOLDING_STATUSES]),
    )
    .select(['n.survey_id', 'n.night', 'n.reserved', actual.as('actual')])
    .groupBy(['n.survey_id', 'n.night', 'n.reserved'])
    .having(sql<boolean>`n.reserved <> ${actual}`)
    .execute();
  return rows
    .map((r) => ({ kind: 'bedNight' as const, surveyId: r.survey_id, night: r.night, stored: Number(r.reserved), actual: Number(r.actual) }))
    .sort(nightOrder);
};

const nightOrder = (a: NightDifference, b: NightDifference): number =>
  a.surveyId < b.surveyId ? -1 : a.surveyId > b.surveyId ? 1 : a.night < b.night ? -1 : a.night > b.night ? 1 : 0;

/** Every counter that differs: slots in slot order, then bed nights by ward and night. A plain read. */
export const checkCounts = async (db: Db): Promise<CountDifference[]> => [...(await slotDifferences(db)), ...(await nightDifferences(db))];

/** The slot's row locked until the commit; its stored count, or null when it has no row. */
const lockSlot = async (trx: Transaction<Database>, ref: SlotRef): Promise<number | null> => {
  const r = await trx
    .updateTable('slots')
    .set((eb) => ({ reserved: eb.ref('reserved') }))
    .where('calendar_id', '=', ref.calendarId)
    .where('day', '=', ref.day)
    .where('slot', '=', ref.slot)
    .returning('reserved')
    .executeTakeFirst();
  return r ? Number(r.reserved) : null;
};

const countSlot = async (trx: Transaction<Database>, ref: SlotRef): Promise<number> => {
  const r = await trx
    .selectFrom('reservations')
    .select(sql<number>`coalesce(sum(cost), 0)`.as('held'))
    .where('calendar_id', '=', ref.calendarId)
    .where('day', '=', ref.day)
    .where('slot', '=', ref.slot)
    .executeTakeFirstOrThrow();
  return Number(r.held);
};

const setSlot = async (trx: Transaction<Database>, ref: SlotRef, reserved: number): Promise<void> => {
  await trx.updateTable('slots').set({ reserved }).where('calendar_id', '=', ref.calendarId).where('day', '=', ref.day).where('slot', '=', ref.slot).execute();
};

const lockNight = async (trx: Transaction<Database>, surveyId: string, night: string): Promise<number | null> => {
  const r = await trx
    .updateTable('bed_nights')
    .set((eb) => ({ reserved: eb.ref('reserved') }))
    .where('survey_id', '=', surveyId)
    .where('night', '=', night)
    .returning('reserved')
    .executeTakeFirst();
  return r ? Number(r.reserved) : null;
};

const countNight = async (trx: Transaction<Database>, surveyId: string, night: string): Promise<number> => {
  const r = await trx
    .selectFrom('bed_stays')
    .select(sql<number>`count(*)`.as('held'))
    .where('survey_id', '=', surveyId)
    .where('start_date', '<=', night)
    .where('end_date', '>', night)
    .where('check_status', 'in', [...NIGHT_HOLDING_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(r.held);
};

const setNight = async (trx: Transaction<Database>, surveyId: string, night: string, reserved: number): Promise<void> => {
  await trx.updateTable('bed_nights').set({ reserved }).where('survey_id', '=', surveyId).where('night', '=', night).execute();
};

/**
 * Sets the counters `found` by checkCounts to their counts, in `trx`, under the locks above;
 * answers what it changed (stored: the value it found under the lock). A counter that came right
 * meanwhile is left alone and not answered. The check runs before the transaction, so on SQLite
 * the write lock is held for the few rows that differ, not for a scan of every counter.
 */
export const repairCounts = async (trx: Transaction<Database>, found: readonly CountDifference[]): Promise<CountDifference[]> => {
  const repaired: CountDifference[] = [];
  // Slots in lock order first, then nights in theirs, as checkCounts answers them.
  const slots = found.filter((d): d is SlotDifference => d.kind === 'slot').sort(slotOrder);
  const nights = found.filter((d): d is NightDifference => d.kind === 'bedNight').sort(nightOrder);
  for (const d of [...slots, ...nights]) {
    if (d.kind === 'slot') {
      const stored = await lockSlot(trx, d);
      const actual = await countSlot(trx, d);
      if (stored === null || stored === actual) continue;
      await setSlot(trx, d, actual);
      repaired.push({ ...d, stored, actual });
    } else {
      const stored = await lockNight(trx, d.surveyId, d.night);
      const actual = await countNight(trx, d.surveyId, d.night);
      if (stored === null || stored === actual) continue;
      await setNight(trx, d.surveyId, d.night, actual);
      repaired.push({ ...d, stored, actual });
    }
  }
  return repaired;
};
