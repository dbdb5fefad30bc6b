/**
 * Members' data (spec 02 §3): member form configs, member records (result rows with the number
 * they were stored with, original_value) and the member numbers given. Every read of records
 * takes the user id, as results.ts does: no query here hands one resident another's record.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { memberConfigSchema, type MemberConfig, type MemberResultRow } from '@core/contract/member';
import type { CheckStatus } from '@core/contract/survey';
import { ENDED_STATUSES } from '@core/rules/status';
import { rowsMatching, toResultRow, type SearchKeyOf } from './results';
import type { Database, MemberResultTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

const CONFIG_COLUMNS = ['survey_id', 'version', 'config_hash', 'config_json', 'status'] as const;

/** Parsed configs by id, version and hash: a stored row never changes under the same three. */
const parsed = new Map<string, MemberConfig>();
const toConfig = (row: { survey_id: string; version: number; config_hash: string; config_json: string }): MemberConfig => {
  const key = `${row.survey_id}\u0000${row.version}\u0000${row.config_hash}`;
  const hit = parsed.get(key);
  if (hit) return hit;
  const cfg = memberConfigSchema.parse({ ...(JSON.parse(row.config_json) as object), version: Number(row.version) });
  if (parsed.size >= 200) parsed.delete(parsed.keys().next().value as string);
  parsed.set(key, cfg);
  return cfg;
};

/** The member form residents may use: unknown and disabled ones are both absent. */
export const findEnabledMemberConfig = async (db: Db, surveyId: string): Promise<MemberConfig | null> => {
  const row = await db.selectFrom('member_configs').select(CONFIG_COLUMNS).where('survey_id', '=', surveyId).executeTakeFirst();
  return row && row.status === 'enabled' ? toConfig(row) : null;
};

/** Any member form, whatever its status (records of a closed member form stay readable and cancellable). */
export const findMemberConfig = async (db: Db, surveyId: string): Promise<MemberConfig | null> => {
  const row = await db.selectFrom('member_configs').select(CONFIG_COLUMNS).where('survey_id', '=', surveyId).executeTakeFirst();
  return row ? toConfig(row) : null;
};

export const listEnabledMemberConfigs = async (db: Db): Promise<MemberConfig[]> =>
  (await db.selectFrom('member_configs').select(CONFIG_COLUMNS).where('status', '=', 'enabled').orderBy('survey_id').execute()).map(toConfig);

export const listMemberConfigIds = async (db: Db): Promise<string[]> =>
  (await db.selectFrom('member_configs').select('survey_id').execute()).map((r) => r.survey_id);

const MEMBER_COLUMNS = [
  'partition_key',
  'sort_key',
  'survey_id',
  'user_id',
  'item_key',
  'value',
  'title',
  'type',
  'check_status',
  'user_search_key',
  'is_liff_mode',
  'registrant_name',
  'user_name',
  'clinic_attributes',
  'answer_code',
  'is_appending',
  'status',
  'original_value',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof MemberResultTable)[];

export const toMemberRow = (r: Selectable<MemberResultTable>): MemberResultRow => ({ ...toResultRow(r), originalValue: r.original_value });

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The resident's member rows of one member form (a partition when given), oldest record first. */
export const listMemberRows = async (db: Db, surveyId: string, userId: string, partitionKey?: string): Promise<MemberResultRow[]> => {
  let q = db.selectFrom('member_results').select(MEMBER_COLUMNS).where('survey_id', '=', surveyId).where('user_id', '=', userId);
  if (partitionKey !== undefined) q = q.where('partition_key', '=', partitionKey);
  return (await q.execute())
    .map(toMemberRow)
    .sort((a, b) => byCodeUnits(a.createdAt, b.createdAt) || byCodeUnits(a.partitionKey, b.partitionKey) || byCodeUnits(a.sortKey, b.sortKey));
};

/** The resident's records in which every condition matches (results.ts rowsMatching: folded values). */
export const filterMemberRows = async (db: Db, surveyId: string, userId: string, conditions: Readonly<Record<string, string>>, keyOf?: SearchKeyOf) =>
  rowsMatching(await listMemberRows(db, surveyId, userId), conditions, keyOf);

/** Whether the resident holds a record of this member form that is not cancelled (or otherwise ended). */
export const isMember = async (db: Db, surveyId: string, userId: string): Promise<boolean> =>
  (await db
    .selectFrom('member_results')
    .select('sort_key')
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .where('check_status', 'not in', [...ENDED_STATUSES])
    .limit(1)
    .executeTakeFirst()) !== undefined;

export const insertMemberRows = async (trx: Transaction<Database>, rows: readonly Selectable<MemberResultTable>[]): Promise<void> => {
  for (let i = 0; i < rows.length; i += 200) await trx.insertInto('member_results').values(rows.slice(i, i + 200)).execute();
};

export const deleteMemberPartition = async (trx: Transaction<Database>, surveyId: string, userId: string, partitionKey: string): Promise<number> =>
  Number(
    (
      await trx
        .deleteFrom('member_results')
        .where('survey_id', '=', surveyId)
        .where('user_id', '=', userId)
        .where('partition_key', '=', partitionKey)
        .executeTakeFirst()
    ).numDeletedRows,
  );

export const setMemberCheck = async (
  trx: Transaction<Database>,
  q: { surveyId: string; userId: string; partitionKey: string },
  check: CheckStatus,
  now: string,
): Promise<number> =>
  Number(
    (
      await trx
        .updateTable('member_results')
        .set({ check_status: check, updated_at: now })
        .where('survey_id', '=', q.surveyId)
        .where('user_id', '=', q.userId)
        .where('partition_key', '=', q.partitionKey)
        .executeTakeFirst()
    ).numUpdatedRows,
  );

/**
 * Claims a member number for a record in one statement (the primary key decides, never a read
 * before): 'claimed' when it was free, 'own' when this record holds it already, 'taken' otherwise.
 */
export const claimMemberNumber = async (
  trx: Transaction<Database>,
  a: { surveyId: string; saiban: string; partitionKey: string; now: string },
): Promise<'claimed' | 'own' | 'taken'> => {
  const inserted = await trx
    .insertInto('member_numbers')
    .values({ survey_id: a.surveyId, saiban: a.saiban, partition_key: a.partitionKey, created_at: a.now })
    .onConflict((oc) => oc.columns(['survey_id', 'saiban']).doNothing())
    .returning('saiban')
    .executeTakeFirst();
  if (inserted) return 'claimed';
  return (await numberHolder(trx, a.surveyId, a.saiban)) === a.partitionKey ? 'own' : 'taken';
};

/** A record's hand-typed number it no longer uses, given back (a member changing their own number). */
export const releaseMemberNumber = async (trx: Transaction<Database>, a: { surveyId: string; saiban: string; partitionKey: string }) => {
  await trx
    .deleteFrom('member_numbers')
    .where('survey_id', '=', a.surveyId)
    .where('saiban', '=', a.saiban)
    .where('partition_key', '=', a.partitionKey)
    .execute();
};

/** The record holding a number, or null when it was never given. */
export const numberHolder = async (db: Db, surveyId: string, saiban: string): Promise<string | null> =>
  (await db.selectFrom('member_numbers').select('partition_key').where('survey_id', '=', surveyId).where('saiban', '=', saiban).executeTakeFirst())
    ?.partition_key ?? null;

/** A member form's stored config as saved (its JSON text) and its version, bumped by every change. */
export const memberConfigRow = async (db: Db, surveyId: string): Promise<{ configJson: string; version: number; title: string } | null> => {
  const row = await db.selectFrom('member_configs').select(['config_json', 'version', 'title']).where('survey_id', '=', surveyId).executeTakeFirst();
  return row ? { configJson: row.config_json, version: Number(row.version), title: row.title } : null;
};

/** The value of a counter row (the last number claimed), null when none was claimed yet. */
export const counterValue = async (db: Db, scope: string, name: string): Promise<number | null> => {
  const row = await db.selectFrom('counters').select('value').where('scope', '=', scope).where('name', '=', name).executeTakeFirst();
  return row ? Number(row.value) : null;
};
