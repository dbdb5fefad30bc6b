/**
 * One survey config checked as the importer checks each of a bundle's (surveyConfigSchema with the
 * item registry's schemas, the old field names read, duplicate itemKeys found on the raw JSON) and
 * the cross-references a stored form must keep. The bundle import (./import.ts) and the console's
 * save (server/routes/staff-forms.ts) both use these; the console gets the texts in Japanese.
 */
import type { Kysely, Transaction } from 'kysely';
import type * as z from 'zod/mini';
import { ja } from 'zod/v4/locales';
import { surveyConfigSchema, type SurveyConfig } from '@core/form/survey-config';
import { ITEM_TYPES } from '@core/form/item-types';
import { loadItemDefs } from '@core/items/registry';
import type { Database } from '../store/schema';
import { listMemberConfigIds } from '../store/members';
import { surveyReferenceProblems } from './member-bundle';

/** A problem at its JSON path (`surveySchema[2].type`, `$` for the whole document). */
export interface ConfigProblem {
  path: string;
  message: string;
}

/** `surveyConfigs[2].surveySchema[0].type`; `$` for the whole document. */
export const jsonPath = (path: readonly PropertyKey[]): string => {
  const out = path.reduce<string>((acc, p) => {
    if (typeof p === 'number') return `${acc}[${p}]`;
    const key = String(p);
    if (/^[A-Za-z_$][\w$]*$/.test(key)) return acc ? `${acc}.${key}` : key;
    return `${acc}[${JSON.stringify(key)}]`;
  }, '');
  return out || '$';
};

const show = (v: unknown): string => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

/** A zod error's issues as problems; 'en' keeps the importer's own English wording of two kinds. */
export const issueProblems = (error: z.core.$ZodError, lang: 'en' | 'ja'): ConfigProblem[] =>
  error.issues.flatMap((issue) => {
    if (lang === 'en' && issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => ({ path: jsonPath([...issue.path, k]), message: 'unknown key (not part of a bundle)' }));
    }
    if (lang === 'en' && issue.code === 'invalid_value' && 'input' in issue) {
      return [{ path: jsonPath(issue.path), message: `${show(issue.input)} is not allowed (expected one of: ${issue.values.map(String).join(', ')})` }];
    }
    return [{ path: jsonPath(issue.path), message: issue.message }];
  });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Duplicate itemKeys, found on the raw JSON: the schema's own refinement only runs once the rest
 * of a config is valid, and whoever fixes a config wants every problem in one pass. Paths are the
 * config's own.
 */
export const itemKeyDuplicates = (config: unknown): { path: PropertyKey[]; message: string }[] => {
  if (!isRecord(config) || !Array.isArray(config['surveySchema'])) return [];
  const keys = new Set<unknown>();
  const out: { path: PropertyKey[]; message: string }[] = [];
  config['surveySchema'].forEach((item: unknown, j) => {
    if (!isRecord(item) || typeof item['itemKey'] !== 'string') return;
    if (keys.has(item['itemKey'])) out.push({ path: ['surveySchema', j, 'itemKey'], message: `itemKey ${item['itemKey']} が重複しています` });
    keys.add(item['itemKey']);
  });
  return out;
};

/**
 * Old names a config may still use, read as the spec's: a pay type item's `payTypes` is its
 * `payTypeOptions` (spec 01 §3); where both are written, payTypeOptions is the one kept.
 */
export const configWithAliases = (cfg: unknown): unknown =>
  isRecord(cfg) && Array.isArray(cfg['surveySchema'])
    ? {
        ...cfg,
        surveySchema: cfg['surveySchema'].map((item) => {
          if (!isRecord(item) || item['type'] !== 'selectPayType' || !('payTypes' in item)) return item;
          const { payTypes, ...rest } = item;
          return { payTypeOptions: payTypes, ...rest };
        }),
      }
    : cfg;

const jaErrors = ja().localeError;

/**
 * One config as the console sends it, checked whole (every problem in Japanese), then its
 * references read in `db` (inside the save's transaction, so what it names is there at commit).
 */
export const checkSurveyConfig = async (
  db: Kysely<Database> | Transaction<Database>,
  json: unknown,
): Promise<{ ok: true; config: SurveyConfig } | { ok: false; problems: ConfigProblem[] }> => {
  await loadItemDefs(ITEM_TYPES);
  const r = surveyConfigSchema.safeParse(configWithAliases(json), { reportInput: true, error: jaErrors });
  const problems = [...(r.success ? [] : issueProblems(r.error, 'ja')), ...itemKeyDuplicates(json).map((p) => ({ path: jsonPath(p.path), message: p.message }))];
  if (!r.success || problems.length > 0) return { ok: false, problems: dedupe(problems) };
  const refs = surveyReferenceProblems(r.data, new Set(await listMemberConfigIds(db)));
  return refs.length > 0 ? { ok: false, problems: refs } : { ok: true, config: r.data };
};

const dedupe = (problems: readonly ConfigProblem[]): ConfigProblem[] => {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = `${p.path}\u0000${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};
