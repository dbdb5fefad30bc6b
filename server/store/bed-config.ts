/**
 * The writes of a console save of a bed ward (server/beds/save-config.ts), in the save's
 * transaction. The nights set are locked first (an update that changes nothing, RETURNING what
 * each holds), so a resident's stay cannot slip in between the check and the commit on PostgreSQL.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

export const wardVersion = async (db: Db, surveyId: string): Promise<number | null> => {
  const row = await db.selectFrom('bed_wards').select('version').where('survey_id', '=', surveyId).executeTakeFirst();
  return row ? Number(row.version) : null;
};

/** Takes the ward from `version` to the next one; false when another save got there first. */
export const bumpWardVersion = async (trx: Trx, surveyId: string, version: number): Promise<boolean> => {
  const r = await trx.updateTable('bed_wards').set({ version: sql<number>`version + 1` }).where('survey_id', '=', surveyId).where('version', '=', version).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** What each of these nights holds, its row locked. */
export const lockNights = async (trx: Trx, surveyId: string, nights: readonly string[]): Promise<Map<string, number>> => {
  const held = new Map<string, number>();
  for (let i = 0; i < nights.length; i += 200) {
    const rows = await trx
      .updateTable('bed_nights')
      .set((eb) => ({ reserved: eb.ref('reserved') }))
      .where('survey_id', '=', surveyId)
      .where('night', 'in', nights.slice(i, i + 200))
      .returning(['night', 'reserved'])
      .execute();
    for (const r of rows) held.set(r.night, Number(r.reserved));
  }
  return held;
};

/** Sets nights' bed counts, below what stays hold too (the save confirmed it): those nights show full. */
export const setNightBeds = async (trx: Trx, surveyId: string, nights: ReadonlyMap<string, number>): Promise<void> => {
  const rows = [...nights].map(([night, capacity]) => ({ survey_id: surveyId, night, capacity, reserved: 0 }));
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('bed_nights')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['survey_id', 'night']).doUpdateSet((eb) => ({ capacity: eb.ref('excluded.capacity') })))
      .execute();
  }
};

export const setWardRules = async (trx: Trx, surveyId: string, rules: { reservationPossibleStart: number; reservationCancelLimit: number }): Promise<void> => {
  await trx
    .updateTable('bed_wards')
    .set({ reservation_possible_start: rules.reservationPossibleStart, reservation_cancel_limit: rules.reservationCancelLimit })
    .where('survey_id', '=', surveyId)
    .execute();
};

/** The first of these beds a stay holds on a night from `from` on, or null. */
export const claimedBed = async (db: Db, surveyId: string, bedIds: readonly string[], from: string): Promise<string | null> => {
  if (bedIds.length === 0) return null;
  const row = await db
    .selectFrom('bed_claims')
    .select('bed_id')
    .where('survey_id', '=', surveyId)
    .where('bed_id', 'in', [...bedIds])
    .where('night', '>=', from)
    .orderBy('night')
    .limit(1)
    .executeTakeFirst();
  return row?.bed_id ?? null;
};

export const setWardBeds = async (trx: Trx, surveyId: string, beds: readonly { bedId: string; bedName: string }[]): Promise<void> => {
  const list = beds.map((b) => ({ bedId: b.bedId, bedName: b.bedName }));
  await trx.updateTable('bed_wards').set({ beds_json: JSON.stringify(list) }).where('survey_id', '=', surveyId).execute();
};
