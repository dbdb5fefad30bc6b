/**
 * The console's reads of a ward (issue 57): every ward, and one ward's stays and bed claims over a
 * run of nights, whoever's they are. Unlike store/beds.ts, whose reads of stays always name the
 * resident, these answer many people's stays: only a staff route that checked the ward's team
 * (server/routes/staff-bed-wards.ts) calls them.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import type { Bed, StayRow } from './beds';

type Db = Kysely<Database> | Transaction<Database>;

export const listWards = async (db: Db): Promise<{ surveyId: string; beds: Bed[] }[]> => {
  const rows = await db.selectFrom('bed_wards').select(['survey_id', 'beds_json']).orderBy('survey_id').execute();
  return rows.map((r) => ({ surveyId: r.survey_id, beds: JSON.parse(r.beds_json) as Bed[] }));
};

/**
 * The ward's stays sleeping there on a night from `from` to `to` (ISO days, both included), in any
 * status: a stay's nights are admission … discharge − 1, so it ends after `from` and starts by `to`.
 */
export const staysOverNights = async (db: Db, surveyId: string, from: string, to: string): Promise<StayRow[]> =>
  db
    .selectFrom('bed_stays')
    .selectAll()
    .where('survey_id', '=', surveyId)
    .where('end_date', '>', from)
    .where('start_date', '<=', to)
    .orderBy('start_date')
    .orderBy('created_at')
    .orderBy('partition_key')
    .execute();

/** The beds these stays hold on the nights from `from` to `to`. */
export const claimsOfStays = async (db: Db, surveyId: string, partitionKeys: readonly string[], from: string, to: string) =>
  partitionKeys.length === 0
    ? []
    : db
        .selectFrom('bed_claims')
        .select(['bed_id', 'night', 'partition_key'])
        .where('survey_id', '=', surveyId)
        .where('partition_key', 'in', [...partitionKeys])
        .where('night', '>=', from)
        .where('night', '<=', to)
        .execute();

/** One stay of the ward by its partition key, whoever's it is; null when the ward has none such. */
export const findWardStay = async (db: Db, surveyId: string, partitionKey: string): Promise<StayRow | null> =>
  (await db.selectFrom('bed_stays').selectAll().where('survey_id', '=', surveyId).where('partition_key', '=', partitionKey).executeTakeFirst()) ?? null;
