/**
 * Import bundles: the operator's JSON file of forms (later also calendars, categories, payment
 * services, member configs). A bundle is validated whole before anything is written, so a typo
 * never leaves half a municipality imported; then one transaction upserts every config, bumping
 * the version only when its content changed, so clients holding an older one get needRefresh.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { canonicalJson } from '@core/rules/completion-guard';
import { surveyConfigSchema, type SurveyConfig } from '@core/form/survey-config';
import { ITEM_TYPES } from '@core/form/item-types';
import { loadItemDefs } from '@core/items/registry';
import type { Store } from '../store/open';
import type { Database } from '../store/schema';
import { countSurveyConfigs } from '../store/configs';
import { todayInTokyo } from '@core/ja/date-input';
import type { Calendar } from '@core/contract/calendars';
import { calendarBundleShape, calendarProblems, expandDayOffs, expandSlots, flattenTree } from './calendar-bundle';
import { bedBundleShape, bedProblems, expandBedNights } from './bed-bundle';
import { upsertNights, upsertWard } from '../store/beds';
import { paymentBundleShape, paymentProblems, reservationItemIdsOf } from './payment-bundle';
import { memberBundleShape, memberProblems, type BundleMemberConfig } from './member-bundle';
import { listMemberConfigIds } from '../store/members';
import { listReservationItemIds, upsertService, writeTaxSetting } from '../store/payment-catalogue';
import {
  DISPLAY_SETTINGS,
  TAG_LABELS,
  addDayOffs,
  listCalendars,
  readTagLabels,
  replaceCategories,
  upsertCalendar,
  upsertSlots,
  writeSetting,
} from '../store/calendars';

/** Strict at the top so a misspelt section name is refused instead of silently importing nothing. */
export const bundleSchema = z.strictObject({
  surveyConfigs: z.array(surveyConfigSchema).default([]),
  // Calendar reservations (spec 02 §3): see calendar-bundle.ts.
  ...calendarBundleShape,
  // Payment services, products and the tax setting (spec 02 §3): see payment-bundle.ts.
  ...paymentBundleShape,
  // Member form configs (spec 02 §3): see member-bundle.ts.
  ...memberBundleShape,
  // Bed wards of bed surveys (spec 02 §3): see bed-bundle.ts.
  ...bedBundleShape,
});
export type Bundle = z.output<typeof bundleSchema>;

export interface ImportSummary {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Calendars written, and the slot quota and day-off rows the bundle expanded to. */
  calendars: number;
  /** Payment services written (each with its products). */
  paymentServices: number;
  /** Member form configs written (created or changed). */
  memberConfigs: number;
  /** Bed wards written, and their nights whose bed count stays as it was (more beds taken). */
  bedWards: number;
  bedNightsKept: string[];
  slots: number;
  dayOffs: number;
}

/** A refused bundle. `problems` are `${source}: ${jsonPath}: ${reason}` lines, every one found. */
export class BundleError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'BundleError';
  }
}

export const DEMO_BUNDLE_FILE = fileURLToPath(new URL('../../demo/bundle.json', import.meta.url));

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

const problemsOf = (error: z.ZodError, source: string): string[] =>
  error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => `${source}: ${jsonPath([...issue.path, k])}: unknown key (not part of a bundle)`);
    }
    if (issue.code === 'invalid_value' && 'input' in issue) {
      return [`${source}: ${jsonPath(issue.path)}: ${show(issue.input)} is not allowed (expected one of: ${issue.values.map(String).join(', ')})`];
    }
    return [`${source}: ${jsonPath(issue.path)}: ${issue.message}`];
  });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Duplicates, found on the raw JSON: the schema's own duplicate-itemKey refinement only runs once
 * the rest of a config is valid, and an operator fixing a file wants every problem in one pass.
 */
const duplicatesOf = (json: unknown, source: string): string[] => {
  if (!isRecord(json) || !Array.isArray(json['surveyConfigs'])) return [];
  const problems: string[] = [];
  const ids = new Set<unknown>();
  json['surveyConfigs'].forEach((c: unknown, i) => {
    if (!isRecord(c)) return;
    if (typeof c['surveyId'] === 'string') {
      if (ids.has(c['surveyId'])) problems.push(`${source}: surveyConfigs[${i}].surveyId: surveyId ${c['surveyId']} が重複しています`);
      ids.add(c['surveyId']);
    }
    const keys = new Set<unknown>();
    const schema = c['surveySchema'];
    if (!Array.isArray(schema)) return;
    schema.forEach((item: unknown, j) => {
      if (!isRecord(item) || typeof item['itemKey'] !== 'string') return;
      if (keys.has(item['itemKey'])) {
        problems.push(`${source}: surveyConfigs[${i}].surveySchema[${j}].itemKey: itemKey ${item['itemKey']} が重複しています`);
      }
      keys.add(item['itemKey']);
    });
  });
  return problems;
};

/**
 * Old names a bundle may still use, read as the spec's: a pay type item's `payTypes` is its
 * `payTypeOptions` (spec 01 §3); where both are written, payTypeOptions is the one kept.
 */
export const withFieldAliases = (json: unknown): unknown => {
  if (!isRecord(json)) return json;
  const configs = (list: unknown) =>
    Array.isArray(list)
      ? list.map((cfg) =>
          isRecord(cfg) && Array.isArray(cfg['surveySchema'])
            ? {
                ...cfg,
                surveySchema: cfg['surveySchema'].map((item) => {
                  if (!isRecord(item) || item['type'] !== 'selectPayType' || !('payTypes' in item)) return item;
                  const { payTypes, ...rest } = item;
                  return { payTypeOptions: payTypes, ...rest };
                }),
              }
            : cfg,
        )
      : list;
  return { ...json, ...('surveyConfigs' in json ? { surveyConfigs: configs(json['surveyConfigs']) } : {}), ...('memberConfigs' in json ? { memberConfigs: configs(json['memberConfigs']) } : {}) };
};

/** Validates a whole bundle; throws BundleError listing every problem. */
export const parseBundle = (json: unknown, source: string): Bundle => {
  const r = bundleSchema.safeParse(withFieldAliases(json), { reportInput: true });
  const problems = [...(r.success ? [] : problemsOf(r.error, source)), ...duplicatesOf(json, source)];
  if (problems.length > 0 || !r.success) throw new BundleError([...new Set(problems)]);
  return r.data;
};

/** Survey configs and member configs are stored alike, each in its table. */
type ConfigTable = 'survey_configs' | 'member_configs';

const upsertConfig = async (trx: Transaction<Database>, cfg: SurveyConfig, now: string, table: ConfigTable = 'survey_configs') => {
  const configJson = canonicalJson(cfg);
  const configHash = createHash('sha256').update(configJson).digest('hex');
  // One conditional statement: a new id inserts at version 1, a changed one bumps, an identical
  // one matches the WHERE of nothing and returns no row. No read-then-write to race with.
  const r = await trx
    .insertInto(table)
    .values({
      survey_id: cfg.surveyId,
      version: 1,
      config_hash: configHash,
      config_json: configJson,
      title: cfg.surveyTitle,
      status: cfg.surveyStatus,
      created_at: now,
      updated_at: now,
    })
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
  if (!r) return 'unchanged' as const;
  return Number(r.version) === 1 ? ('created' as const) : ('updated' as const);
};

export const importBundle = async (store: Store, json: unknown, source: string): Promise<ImportSummary> => {
  // The bundle is checked synchronously, so every type must be here (the CLI imports without a server).
  await loadItemDefs(ITEM_TYPES);
  const bundle = parseBundle(json, source);
  const now = new Date().toISOString();
  const today = todayInTokyo();
  const slots = expandSlots(bundle, today);
  const dayOffs = expandDayOffs(bundle, today);
  const tree = bundle.categoriesTree ? flattenTree(bundle.categoriesTree) : null;
  return store.write(async (trx) => {
    // Read in the transaction, so a calendar imported a moment ago by another import counts.
    const known = new Map<string, Calendar>((await listCalendars(trx)).map((c) => [c.sortKey, c]));
    const items = bundle.categoriesTree ? reservationItemIdsOf(bundle.categoriesTree) : await listReservationItemIds(trx);
    const stored = {
      surveys: new Set((await trx.selectFrom('survey_configs').select('survey_id').execute()).map((r) => r.survey_id)),
      members: new Set(await listMemberConfigIds(trx)),
    };
    const surveyIds = new Set([...bundle.surveyConfigs.map((c) => c.surveyId), ...stored.surveys]);
    const problems = [
      ...calendarProblems(bundle, known, source),
      ...paymentProblems(bundle, items, source),
      ...memberProblems(bundle, stored, source),
      ...bedProblems(bundle.bedWards, surveyIds, source),
    ];
    if (problems.length > 0) throw new BundleError(problems);
    const summary: ImportSummary = {
      created: [],
      updated: [],
      unchanged: [],
      calendars: 0,
      slots: slots.length,
      dayOffs: dayOffs.length,
      paymentServices: bundle.paymentServices.length,
      memberConfigs: 0,
      bedWards: bundle.bedWards.length,
      bedNightsKept: [],
    };
    for (const cfg of bundle.surveyConfigs) summary[await upsertConfig(trx, cfg, now)].push(cfg.surveyId);
    for (const cfg of bundle.memberConfigs) if ((await upsertConfig(trx, cfg, now, 'member_configs')) !== 'unchanged') summary.memberConfigs++;
    for (const cal of bundle.calendars) await upsertCalendar(trx, cal, now);
    summary.calendars = bundle.calendars.length;
    if (tree) await replaceCategories(trx, tree.categories, tree.items);
    if (bundle.tagLabels) await writeSetting(trx, TAG_LABELS, { ...(await readTagLabels(trx)), ...bundle.tagLabels });
    if (bundle.displaySettings) await writeSetting(trx, DISPLAY_SETTINGS, bundle.displaySettings);
    await upsertSlots(trx, slots);
    await addDayOffs(trx, dayOffs);
    for (const service of bundle.paymentServices) await upsertService(trx, service, now);
    if (bundle.taxSetting) await writeTaxSetting(trx, bundle.taxSetting);
    for (const ward of bundle.bedWards) {
      await upsertWard(trx, ward);
      summary.bedNightsKept.push(...(await upsertNights(trx, expandBedNights(ward, today))));
    }
    return summary;
  });
};

/**
 * One member form's config saved as importing a bundle of only it would save it (the console's
 * member config screen): the same parse and cross-checks, in the caller's transaction, so the
 * console shows the importer's problems and no second copy of its checks exists. Throws
 * BundleError listing every problem.
 */
export const importMemberConfigIn = async (trx: Transaction<Database>, json: unknown, source: string, now: string): Promise<BundleMemberConfig> => {
  await loadItemDefs(ITEM_TYPES);
  const bundle = parseBundle({ memberConfigs: [json] }, source);
  const stored = {
    surveys: new Set((await trx.selectFrom('survey_configs').select('survey_id').execute()).map((r) => r.survey_id)),
    members: new Set(await listMemberConfigIds(trx)),
  };
  const problems = memberProblems(bundle, stored, source);
  if (problems.length > 0) throw new BundleError(problems);
  const config = bundle.memberConfigs[0] as BundleMemberConfig;
  await upsertConfig(trx, config, now, 'member_configs');
  return config;
};

/**
 * One payment service, or the tax setting, saved as importing a bundle of only it would save it
 * (the console's products screen): the importer's parse and cross-checks in the caller's
 * transaction. Throws BundleError listing every problem.
 */
export const importPaymentPartIn = async (trx: Transaction<Database>, part: { service: unknown } | { taxSetting: unknown }, source: string, now: string): Promise<void> => {
  const bundle = parseBundle('service' in part ? { paymentServices: [part.service] } : { taxSetting: part.taxSetting }, source);
  const problems = paymentProblems(bundle, await listReservationItemIds(trx), source);
  if (problems.length > 0) throw new BundleError(problems);
  for (const service of bundle.paymentServices) await upsertService(trx, service, now);
  if (bundle.taxSetting) await writeTaxSetting(trx, bundle.taxSetting);
};

export const readBundleFile = async (file: string): Promise<unknown> => {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    throw new BundleError([`${file}: $: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`]);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (e) {
    throw new BundleError([`${file}: $: invalid JSON (${(e as Error).message})`]);
  }
};

export const importBundleFile = async (store: Store, file: string): Promise<ImportSummary> =>
  importBundle(store, await readBundleFile(file), file);

/** First start: an empty database gets the demo municipality's forms. */
export const loadDemoIfEmpty = async (store: Store): Promise<ImportSummary | null> => {
  if ((await countSurveyConfigs(store.db)) > 0) return null;
  return importBundleFile(store, DEMO_BUNDLE_FILE);
};
