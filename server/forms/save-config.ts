/**
 * The one write of a survey config, for the bundle import and the console alike: the config row
 * (its version bumped when the content changed, so clients holding the old one get needRefresh,
 * spec 01 §4) and that version's row in form_versions, in the caller's transaction, with the
 * console's audit row. A console save names the version it edited: a stale one is refused and
 * writes nothing. The config must have been checked first (./survey-check.ts, or the bundle's parse).
 */
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { canonicalJson } from '@core/rules/completion-guard';
import type { SurveyConfig } from '@core/form/survey-config';
import { refuse } from '@core/refusals';
import type { Database } from '../store/schema';
import { insertFormVersion } from '../store/form-versions';
import { recordAudit, type AuditEntry } from '../audit/record';

/** Survey configs and member configs are stored alike, each in its table. */
type ConfigTable = 'survey_configs' | 'member_configs';

const contentOf = (cfg: SurveyConfig) => {
  const configJson = canonicalJson(cfg);
  return { configJson, configHash: createHash('sha256').update(configJson).digest('hex') };
};

/** The import's upsert: the version stored after it, or null when the content was already stored. */
export const upsertConfigRow = async (trx: Transaction<Database>, cfg: SurveyConfig, now: string, table: ConfigTable): Promise<number | null> => {
  const { configJson, configHash } = contentOf(cfg);
  // One conditional statement: a new id inserts at version 1, a changed one bumps, an identical
  // one matches the WHERE of nothing and returns no row. No read-then-write to race with.
  const r = await trx
    .insertInto(table)
    .values({ survey_id: cfg.surveyId, version: 1, config_hash: configHash, config_json: configJson, title: cfg.surveyTitle, status: cfg.surveyStatus, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('survey_id')
        .doUpdateSet((eb) => ({
          version: sql<number>`${sql.ref(`${table}.version`)} + 1`,
          config_hash: eb.ref('excluded.config_hash'),
          config_json: eb.ref('excluded.config_json'),
          title: eb.ref('excluded.title'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where((eb) => eb(sql.ref(`${table}.config_hash`), '<>', eb.ref('excluded.config_hash'))),
    )
    .returning('version')
    .executeTakeFirst();
  return r ? Number(r.version) : null;
};

/** A console save: from `edited` to the next version, or nothing when someone saved since. */
const bumpEdited = async (trx: Transaction<Database>, cfg: SurveyConfig, edited: number, now: string): Promise<number | null> => {
  const { configJson, configHash } = contentOf(cfg);
  const cur = await trx.selectFrom('survey_configs').select(['version', 'config_hash']).where('survey_id', '=', cfg.surveyId).executeTakeFirst();
  if (!cur) throw refuse('survey_not_found');
  if (Number(cur.version) !== edited) throw refuse('form_stale');
  if (cur.config_hash === configHash) return null;
  // Conditional on the version, so of two saves racing from one version only the first writes.
  const r = await trx
    .updateTable('survey_configs')
    .set({ version: sql<number>`version + 1`, config_hash: configHash, config_json: configJson, title: cfg.surveyTitle, status: cfg.surveyStatus, updated_at: now })
    .where('survey_id', '=', cfg.surveyId)
    .where('version', '=', edited)
    .returning('version')
    .executeTakeFirst();
  if (!r) throw refuse('form_stale');
  return Number(r.version);
};

export type SaveSource = 'import' | 'editor' | 'rollback' | 'publish' | 'close';

export interface SaveConfigArgs {
  /** The version the editor read; absent for the import, which writes over whatever is stored. */
  edited?: number;
  source: SaveSource;
  savedBy: string | null;
  note?: string | undefined;
  now: Date;
  /** Who and from where, for the audit row of a staff save (the import is not a staff action). */
  audit?: Pick<AuditEntry, 'actor' | 'from'>;
  /** The version a rollback took its content from. */
  from?: number;
}

export type SaveOutcome = { outcome: 'created' | 'updated' | 'unchanged'; version: number };

export const saveSurveyConfig = async (trx: Transaction<Database>, cfg: SurveyConfig, a: SaveConfigArgs): Promise<SaveOutcome> => {
  const now = a.now.toISOString();
  const version = a.edited === undefined ? await upsertConfigRow(trx, cfg, now, 'survey_configs') : await bumpEdited(trx, cfg, a.edited, now);
  if (version === null) {
    const cur = await trx.selectFrom('survey_configs').select('version').where('survey_id', '=', cfg.surveyId).executeTakeFirstOrThrow();
    return { outcome: 'unchanged', version: Number(cur.version) };
  }
  const note = a.note?.trim() ? a.note.trim() : null;
  // A config removed and imported again starts at version 1 again: its old rows give way.
  if (version === 1) await trx.deleteFrom('form_versions').where('survey_id', '=', cfg.surveyId).execute();
  await insertFormVersion(trx, { surveyId: cfg.surveyId, version, configJson: canonicalJson(cfg), savedBy: a.savedBy, savedAt: now, note });
  if (a.audit) {
    await recordAudit(
      trx,
      {
        ...a.audit,
        action: 'config.save',
        targets: { kind: 'survey', ids: [cfg.surveyId] },
        detail: { what: 'form', source: a.source, version, status: cfg.surveyStatus, ...(a.from !== undefined ? { from: a.from } : {}), ...(note ? { note } : {}) },
      },
      a.now,
    );
  }
  return { outcome: version === 1 ? 'created' : 'updated', version };
};
