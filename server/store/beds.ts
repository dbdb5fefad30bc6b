/**
 * Bed wards, their nights and the stays (spec 02 §3). A night is claimed with one conditional
 * update (`reserved + 1 <= capacity`), never a read then a write; a write takes its nights in date
 * order (after the stay's own row when it changes one), so two writes never wait on each other in
 * a cycle. Reads of stays always name the user: no query here answers another's.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BedStayTable, Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface Bed {
  bedId: string;
  bedName: string;
}

export interface Ward {
  surveyId: string;
  beds: Bed[];
  reservationPossibleStart: number;
  reservationCancelLimit: number;
}

export type StayRow = BedStayTable;

const STAY_COLUMNS = [
  'partition_key',
  'survey_id',
  'user_id',
  'start_date',
  'end_date',
  'start_session',
  'end_session',
  'check_status',
  'fields_json',
  'created_at',
  'updated_at',
] as const;

export const upsertWard = async (trx: Transaction<Database>, w: Ward): Promise<void> => {
  await trx
    .insertInto('bed_wards')
    .values({
      survey_id: w.surveyId,
      beds_json: JSON.stringify(w.beds),
      reservation_possible_start: w.reservationPossibleStart,
      reservation_cancel_limit: w.reservationCancelLimit,
    })
    .onConflict((oc) =>
      oc.column('survey_id').doUpdateSet((eb) => ({
        beds_json: eb.ref('excluded.beds_json'),
        reservation_possible_start: eb.ref('excluded.reservation_possible_start'),
        reservation_cancel_limit: eb.ref('excluded.reservation_cancel_limit'),
        // A console save made on the ward before the import is then refused as stale.
        version: sql<number>`${sql.ref('bed_wards.version')} + 1`,
      })),
    )
    .execute();
};

/**
 * Sets nights' bed counts. A count below the beds already taken that night is not applied (the
 * stays hold them); the caller is told which nights kept their count.
 */
/** A ward's night as the import expands it (forms/bed-bundle.ts): how many beds it has. */
export interface BedNightRow {
  survey_id: string;
  night: string;
  capacity: number;
}

export const upsertNights = async (trx: Transaction<Database>, rows: readonly BedNightRow[]): Promise<string[]> => {
  const kept: string[] = [];
  for (const r of rows) {
    const out = await trx
      .insertInto('bed_nights')
      .values({ survey_id: r.survey_id, night: r.night, capacity: r.capacity, reserved: 0 })
      .onConflict((oc) =>
        oc
          .columns(['survey_id', 'night'])
          .doUpdateSet((eb) => ({ capacity: eb.ref('excluded.capacity') }))
          .where((eb) => eb('bed_nights.reserved', '<=', eb.ref('excluded.capacity'))),
      )
      .executeTakeFirst();
    if (Number(out.numInsertedOrUpdatedRows ?? 0n) === 0) kept.push(`${r.survey_id} ${r.night}`);
  }
  return kept;
};

export const readWard = async (db: Db, surveyId: string): Promise<Ward | null> => {
  const row = await db
    .selectFrom('bed_wards')
    .select(['survey_id', 'beds_json', 'reservation_possible_start', 'reservation_cancel_limit'])
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    surveyId: row.survey_id,
    beds: JSON.parse(row.beds_json) as Bed[],
    reservationPossibleStart: Number(row.reservation_possible_start),
    reservationCancelLimit: Number(row.reservation_cancel_limit),
  };
};

export interface NightCount {
  night: string;
  capacity: number;
  reserved: number;
}

export const readNights = async (db: Db, surveyId: string, from: string, to: string): Promise<NightCount[]> => {
  const rows = await db
    .selectFrom('bed_nights')
    .select(['night', 'capacity', 'reserved'])
    .where('survey_id', '=', surveyId)
    .where('night', '>=', from)
    .where('night', '<=', to)
    .orderBy('night')
    .execute();
  return rows.map((r) => ({ night: r.night, capacity: Number(r.capacity), reserved: Number(r.reserved) }));
};

/** One bed more (delta 1) or less (delta −1) on a night; false when it has none to give or take. */
export const moveNight = async (trx: Transaction<Database>, surveyId: string, night: string, delta: 1 | -1): Promise<boolean> => {
  const base = trx
    .updateTable('bed_nights')
    .set({ reserved: sql<number>`reserved + ${delta}` })
    .where('survey_id', '=', surveyId)
    .where('night', '=', night);
  const out = await (delta > 0
    ? base.where(sql<boolean>`reserved + 1 <= capacity`)
    : base.where('reserved', '>=', 1)
  ).executeTakeFirst();
  return Number(out.numUpdatedRows) === 1;
};

/**
 * Holds a bed on the given nights for a stay, in their order; false when another stay holds it on
 * one of them (the caller rolls back). ON CONFLICT DO NOTHING rather than a caught unique error: a
 * failed statement would end a PostgreSQL transaction; a concurrent claim of the same key waits
 * for the other transaction, then finds the row.
 */
export const claimBedNights = async (trx: Transaction<Database>, surveyId: string, bedId: string, nights: readonly string[], partitionKey: string): Promise<boolean> => {
  for (const night of nights) {
    const out = await trx
      .insertInto('bed_claims')
      .values({ survey_id: surveyId, bed_id: bedId, night, partition_key: partitionKey })
      .onConflict((oc) => oc.columns(['survey_id', 'bed_id', 'night']).doNothing())
      .executeTakeFirst();
    if (Number(out.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
  }
  return true;
};

/** Gives back every bed night a stay holds. */
export const releaseBedNights = async (trx: Transaction<Database>, partitionKey: string): Promise<void> => {
  await trx.deleteFrom('bed_claims').where('partition_key', '=', partitionKey).execute();
};

export const insertStay = async (trx: Transaction<Database>, row: StayRow): Promise<void> => {
  await trx.insertInto('bed_stays').values(row).execute();
};

/**
 * The user's stay, its row locked for the rest of the transaction (a no-op update: portable where
 * SELECT … FOR UPDATE is not), so two changes of one stay run one after the other.
 */
export const lockStay = async (trx: Transaction<Database>, surveyId: string, userId: string, partitionKey: string): Promise<StayRow | null> => {
  const row = await trx
    .updateTable('bed_stays')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('partition_key', '=', partitionKey)
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .returning([...STAY_COLUMNS])
    .executeTakeFirst();
  return row ?? null;
};

/** Whose stay of this ward the partition key is; null when there is none. */
export const ownerOfStay = async (db: Db, surveyId: string, partitionKey: string): Promise<string | null> =>
  (await db.selectFrom('bed_stays').select('user_id').where('survey_id', '=', surveyId).where('partition_key', '=', partitionKey).executeTakeFirst())?.user_id ?? null;

export const updateStay = async (
  trx: Transaction<Database>,
  partitionKey: string,
  set: Partial<Omit<StayRow, 'partition_key' | 'survey_id' | 'user_id' | 'created_at'>>,
): Promise<void> => {
  await trx.updateTable('bed_stays').set(set).where('partition_key', '=', partitionKey).execute();
};

export const listStays = async (db: Db, surveyId: string, userId: string): Promise<StayRow[]> =>
  db
    .selectFrom('bed_stays')
    .select([...STAY_COLUMNS])
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .orderBy('start_date', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
