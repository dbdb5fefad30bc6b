/**
 * Import bundles: the operator's JSON file of forms (later also calendars, categories, payment
 * services, member configs). A bundle is validated whole before anything is written, so a typo
 * never leaves half a municipality imported; then one transaction upserts every config, bumping
 * the version only when its content changed, so clients holding an older one get needRefresh.
 */
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { surveyConfigSchema } from '@core/form/survey-config';
import { ITEM_TYPES } from '@core/form/item-types';
import { loadItemDefs } from '@core/items/registry';
import type { Transaction } from 'kysely';
import type { Store } from '../store/open';
import type { Database } from '../store/schema';
import { configWithAliases, issueProblems, itemKeyDuplicates, jsonPath } from './survey-check';
import { saveSurveyConfig, upsertConfigRow } from './save-config';
import { countSurveyConfigs } from '../store/configs';
import { todayInTokyo } from '@core/ja/date-input';
import type { Calendar } from '@core/contract/calendars';
import { calendarBundleShape, calendarProblems, expandDayOffs, expandSlots, flattenTree } from './calendar-bundle';
import { bedBundleShape, bedProblems, expandBedNights } from './bed-bundle';
import { upsertNights, upsertWard } from '../store/beds';
import { mergeCategories } from '../store/category-import';
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

const problemsOf = (error: z.ZodError, source: string): string[] => issueProblems(error, 'en').map((p) => `${source}: ${p.path}: ${p.message}`);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Duplicate surveyIds, and each config's duplicate itemKeys (./survey-check.ts), found on the raw JSON. */
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
    for (const p of itemKeyDuplicates(c)) problems.push(`${source}: ${jsonPath(['surveyConfigs', i, ...p.path])}: ${p.message}`);
  });
  return problems;
};

/** A bundle's configs with their old field names read as the spec's (./survey-check.ts). */
const withFieldAliases = (json: unknown): unknown => {
  if (!isRecord(json)) return json;
  const configs = (list: unknown) => (Array.isArray(list) ? list.map(configWithAliases) : list);
  return { ...json, ...('surveyConfigs' in json ? { surveyConfigs: configs(json['surveyConfigs']) } : {}), ...('memberConfigs' in json ? { memberConfigs: configs(json['memberConfigs']) } : {}) };
};

/** Validates a whole bundle; throws BundleError listing every problem. */
export const parseBundle = (json: unknown, source: string): Bundle => {
  const r = bundleSchema.safeParse(withFieldAliases(json), { reportInput: true });
  const problems = [...(r.success ? [] : problemsOf(r.error, source)), ...duplicatesOf(json, source)];
  if (problems.length > 0 || !r.success) throw new BundleError([...new Set(problems)]);
  return r.data;
};

export const importBundle = async (store: Store, json: unknown, source: string): Promise<ImportSummary> => {
  // The bundle is checked synchronously, so every type must be here (the CLI imports without a server).
  await loadItemDefs(ITEM_TYPES);
  const bundle = parseBundle(json, source);
  const at = new Date();
  const now = at.toISOString();
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
    for (const cfg of bundle.surveyConfigs) summary[(await saveSurveyConfig(trx, cfg, { source: 'import', savedBy: null, now: at })).outcome].push(cfg.surveyId);
    for (const cfg of bundle.memberConfigs) if ((await upsertConfigRow(trx, cfg, now, 'member_configs')) !== null) summary.memberConfigs++;
    for (const cal of bundle.calendars) await upsertCalendar(trx, cal, now);
    summary.calendars = bundle.calendars.length;
    if (tree) await mergeCategories(trx, tree.categories, tree.items);
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
  await upsertConfigRow(trx, config, now, 'member_configs');
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
