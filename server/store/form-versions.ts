/** Saved versions of survey configs (server/forms/save-config.ts writes them; the console reads them). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export const insertFormVersion = async (
  trx: Transaction<Database>,
  row: { surveyId: string; version: number; configJson: string; savedBy: string | null; savedAt: string; note: string | null },
): Promise<void> => {
  await trx
    .insertInto('form_versions')
    .values({ survey_id: row.surveyId, version: row.version, config_json: row.configJson, saved_by: row.savedBy, saved_at: row.savedAt, note: row.note })
    .execute();
};

/** Newest first, with the saver's name (null for the import, or a staff account since removed). */
export const listFormVersions = async (db: Db, surveyId: string) => {
  const rows = await db
    .selectFrom('form_versions')
    .leftJoin('staff', 'staff.id', 'form_versions.saved_by')
    .select(['form_versions.version', 'form_versions.saved_by', 'form_versions.saved_at', 'form_versions.note', 'staff.name'])
    .where('form_versions.survey_id', '=', surveyId)
    .orderBy('form_versions.version', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({ version: Number(r.version), savedBy: r.saved_by, savedByName: r.name ?? null, savedAt: r.saved_at, note: r.note }));
};

export const findFormVersion = async (db: Db, surveyId: string, version: number) => {
  const row = await db
    .selectFrom('form_versions')
    .leftJoin('staff', 'staff.id', 'form_versions.saved_by')
    .select(['form_versions.version', 'form_versions.config_json', 'form_versions.saved_by', 'form_versions.saved_at', 'form_versions.note', 'staff.name'])
    .where('form_versions.survey_id', '=', surveyId)
    .where('form_versions.version', '=', version)
    .executeTakeFirst();
  return row
    ? { version: Number(row.version), config: JSON.parse(row.config_json) as Record<string, unknown>, savedBy: row.saved_by, savedByName: row.name ?? null, savedAt: row.saved_at, note: row.note }
    : null;
};
