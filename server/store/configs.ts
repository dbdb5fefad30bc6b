/**
 * Reads of stored survey configs. The stored JSON is the config as surveyConfigSchema produced it
 * at import (defaults applied), so serving it only adds the version.
 */
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { servedSurveyConfigSchema } from '@core/form/survey-config';
import type { Database, SurveyConfigTable } from './schema';

/** Every column of a stored config, as reads list them. */
const CONFIG_COLUMNS = [
  'survey_id',
  'version',
  'config_hash',
  'config_json',
  'title',
  'status',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof SurveyConfigTable)[];

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Parsed configs by content hash and version. Parsing a large form (hundreds of items) on every
 * read and every submission costs milliseconds; a stored row never changes under the same hash and
 * version, so the parse is kept. Bounded so a long-running server cannot grow it without limit.
 */
const parsed = new Map<string, ServedSurveyConfig>();

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
};
const PARSED_MAX = 500;

const toServed = (row: Selectable<SurveyConfigTable>): ServedSurveyConfig => {
  const key = `${row.survey_id}\u0000${row.version}\u0000${row.config_hash}`;
  const hit = parsed.get(key);
  if (hit) return hit;
  // Parsed again so a row written by an older import cannot serve a shape the contract refuses.
  const cfg = servedSurveyConfigSchema.parse({ ...(JSON.parse(row.config_json) as object), version: row.version });
  if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value as string);
  // Every request shares this object: frozen, so a handler that changed it would fail loudly
  // instead of changing the form for everyone after it.
  parsed.set(key, deepFreeze(cfg));
  return cfg;
};

/** The config whatever its status (cancelling and reading old answers of a closed form still work). */
export const findSurveyConfig = async (db: Db, surveyId: string): Promise<ServedSurveyConfig | null> => {
  const row = await db.selectFrom('survey_configs').select(CONFIG_COLUMNS).where('survey_id', '=', surveyId).executeTakeFirst();
  return row ? toServed(row) : null;
};

/** The config residents may answer: unknown and disabled forms are both absent. */
export const findEnabledSurveyConfig = async (db: Db, surveyId: string): Promise<ServedSurveyConfig | null> => {
  const cfg = await findSurveyConfig(db, surveyId);
  return cfg && cfg.surveyStatus === 'enabled' ? cfg : null;
};

export const listEnabledSurveyConfigs = async (db: Db, surveyIds?: readonly string[]): Promise<ServedSurveyConfig[]> => {
  if (surveyIds && surveyIds.length === 0) return [];
  let q = db.selectFrom('survey_configs').select(CONFIG_COLUMNS).where('status', '=', 'enabled');
  if (surveyIds) q = q.where('survey_id', 'in', [...surveyIds]);
  const rows = await q.orderBy('survey_id').execute();
  return rows.map(toServed);
};

/** Every form's id, title and status, without parsing their configs (the console's lists). */
export const listSurveyTitles = async (db: Db): Promise<{ surveyId: string; title: string; status: string }[]> => {
  const rows = await db.selectFrom('survey_configs').select(['survey_id', 'title', 'status']).orderBy('survey_id').execute();
  return rows.map((r) => ({ surveyId: r.survey_id, title: r.title, status: r.status }));
};

export const countSurveyConfigs = async (db: Db): Promise<number> => {
  const r = await db
    .selectFrom('survey_configs')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
};

/**
 * What tells one stored config from another: an import that changes a config bumps its version
 * and changes its hash (server/forms/import.ts; the status is part of the hashed config), and a
 * config removed and imported again starts at version 1 with, as a rule, another hash.
 */
const stampOfRow = (row: Pick<SurveyConfigTable, 'version' | 'config_hash'>): string => `${Number(row.version)}:${row.config_hash}`;

/**
 * The stamp of a survey's stored config as a scalar subquery (null when there is none), for a
 * write to read with a statement it makes anyway (results.ts claimCounter): the config a write
 * was checked against is confirmed inside its transaction at no extra round trip.
 */
export const configStampSql = (surveyId: string): RawBuilder<string | null> =>
  sql<string | null>`(select cast(version as text) || ':' || config_hash from survey_configs where survey_id = ${surveyId})`;

export interface StampedConfig {
  config: ServedSurveyConfig;
  stamp: string;
}

/**
 * The latest config of each survey as this process last read it, for putItem: on PostgreSQL a
 * config read is a round trip of its own before the write, and the server's one event loop pays
 * for every round trip (issue 6's benchmark). Nothing invalidates an entry: the write reads the
 * stored stamp with its first statement (configStampSql) and, when it differs, reads the config
 * again in its transaction (`refresh`), so what the write is checked against is never older than
 * the transaction, as it was when the config was read before it. One per app, since each app has
 * its own database.
 */
/** The configs this process last read, by survey, each with its stamp. */
export type ConfigCache = ReturnType<typeof createConfigCache>;

export const createConfigCache = () => {
  const latest = new Map<string, StampedConfig>();
  const read = async (db: Db, surveyId: string): Promise<StampedConfig | null> => {
    const row = await db.selectFrom('survey_configs').select(CONFIG_COLUMNS).where('survey_id', '=', surveyId).executeTakeFirst();
    if (!row) {
      latest.delete(surveyId);
      return null;
    }
    const entry = { config: toServed(row), stamp: stampOfRow(row) };
    if (!latest.has(surveyId) && latest.size >= PARSED_MAX) latest.delete(latest.keys().next().value as string);
    latest.set(surveyId, entry);
    return entry;
  };
  return {
    /** The survey's config as last read, read now when this process has none. Status not checked. */
    get: async (db: Db, surveyId: string): Promise<StampedConfig | null> => latest.get(surveyId) ?? read(db, surveyId),
    /** Reads the survey's config again (inside a write: under its transaction). */
    refresh: read,
  };
};
