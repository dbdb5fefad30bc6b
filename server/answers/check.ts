/**
 * A putItem's body checked against its form, with no I/O: the form takes answers, the client's
 * config is not older, the rows are the form's and valid (validated again with the very
 * validators the form ran), and the subData and order are what the form takes (extras.ts).
 */
import type { ParsedRequestOf } from '@core/contract/define';
import type { Issue } from '@core/contract/envelope';
import type { AnswerRowInput, surveyResultsPutItem } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import type { FormValue, Mode } from '@core/items/define';
import { itemDefOf } from '@core/items/registry';
import { answerValues, validateForm, type FormIssues } from '@core/form/validate';
import type { CategoryLookup } from '@core/form/visibility';
import { todayInTokyo } from '@core/ja/date-input';
import { offeredConfig, type Features } from '@core/rules/features';
import { refuse, refusalText } from '@core/refusals';
import { isRefusal as isExtrasRefusal, sentExtrasOf, type AnswerExtras } from './extras';
import { configOutdated, sortKeyOf } from './rules';
import { isPricingRefusal, priceAnswer, type Catalogue } from '../payments/price-order';
import { DEFAULT_REGISTRANT_NAME } from './write/rows';

const noConfig = () => refuse('survey_not_found');
export const badRequest = (issues: Issue[]) => refuse('bad_request', { path: issues[0]?.path ?? 'body', message: issues[0]?.message ?? 'invalid' }, { issues });

/** Issues whose own text says more than the form's (spec 02 §8): the booking refused for its dose. */
const VACCINE_KEYS: ReadonlySet<string> = new Set(['vaccineFirstDoseMissing', 'vaccineTooEarly']);

/**
 * An answer the form's validators refuse, with their message keys per item: spec 01 §8 "form
 * invalid", or the dose's own text when that is what refused it.
 */
export const invalidAnswer = (itemIssues: FormIssues) =>
  refuse(Object.values(itemIssues).some((list) => list.some((i) => VACCINE_KEYS.has(i.key))) ? 'first_dose_missing' : 'invalid_answer', undefined, {
    itemIssues,
    issues: Object.entries(itemIssues).map(([itemKey, list]) => ({ path: itemKey, message: list[0]?.key ?? 'invalid' })),
  });

/** Spec 01 §5: the form yields nothing to send. */
export const nothingToStore = () => refuse('invalid_answer', undefined, { issues: [{ path: 'data', message: 'formInvalid' }] });


/** The values the rows carry, shaped as the form's validators read them (multi-value items as lists). */
const valuesOfRows = (config: ServedSurveyConfig, rows: readonly AnswerRowInput[]): Record<string, FormValue> => {
  const items = new Map(config.surveySchema.map((i) => [i.itemKey, i]));
  const out: Record<string, FormValue> = {};
  for (const row of rows) {
    const item = items.get(row.itemKey);
    if (!item) continue;
    if (itemDefOf(item.type).valueKind === 'multi') {
      const held = out[row.itemKey];
      out[row.itemKey] = [...(Array.isArray(held) ? held : []), row.value];
    } else out[row.itemKey] = row.value;
  }
  return out;
};

/**
 * Never trust the client: the answer is validated again with the very validators the form ran
 * (core/form/validate.ts), in the mode of the write: a resident's in user mode, the office's
 * registration (server/answers/office.ts) in admin mode. What the form would not send —
 * items hidden by display conditions or sections, static items, blank values — is dropped rather
 * than stored, so the stored answer is exactly what the form shows.
 */
export const checkAnswer = (
  config: ServedSurveyConfig,
  rows: readonly AnswerRowInput[],
  /** The categories of the rows' reservations, for bunruiKey conditions (store categoryLookupFor). */
  categoryOf: CategoryLookup,
  mode: Mode = 'user',
): { itemIssues: FormIssues; kept: AnswerRowInput[] } => {
  const values = valuesOfRows(config, rows);
  const shape = { ...config, categoryOf };
  const itemIssues = validateForm(shape, values, { mode, today: todayInTokyo() });
  const sent = answerValues(shape, values, mode);
  return { itemIssues, kept: rows.filter((r) => sent[r.itemKey] !== undefined && r.value.trim() !== '') };
};

/**
 * Checks submitted rows against the form. Today: every itemKey is one of the form's items, and no
 * item (or checkbox value) is answered twice. Per-type value checks (core/items validators) plug in
 * here, returning their issues with the same `data.N.field` paths.
 */
export const validateAnswerRows = (config: ServedSurveyConfig, rows: readonly AnswerRowInput[]): Issue[] => {
  const items = new Map(config.surveySchema.map((i) => [i.itemKey, i]));
  const issues: Issue[] = [];
  const seen = new Set<string>();
  rows.forEach((row, n) => {
    const item = items.get(row.itemKey);
    if (!item) {
      issues.push({ path: `data.${n}.itemKey`, message: `itemKey ${row.itemKey} はこのフォームにありません` });
      return;
    }
    const sortKey = sortKeyOf(item, row);
    if (seen.has(sortKey)) {
      issues.push({
        path: item.type === 'checkboxes' ? `data.${n}.value` : `data.${n}.itemKey`,
        message: `${sortKey} が二度送信されています`,
      });
    }
    seen.add(sortKey);
  });
  return issues;
};

/** A submission checked against a config: the rows to store and the extras it sent. */
export interface Checked {
  config: ServedSurveyConfig;
  rows: AnswerRowInput[];
  extras: AnswerExtras;
}

/** Every row of one survey (and the body's surveyId, when given, that one too): answers it. */
export const oneSurveyOf = (body: { data: readonly { surveyId: string }[]; surveyId?: string | undefined }): string => {
  const surveyId = (body.data[0] as { surveyId: string }).surveyId;
  const mixed: Issue[] = body.data.flatMap((r, n) =>
    r.surveyId === surveyId ? [] : [{ path: `data.${n}.surveyId`, message: `すべての行は同じ surveyId (${surveyId}) でなければなりません` }],
  );
  if (body.surveyId !== undefined && body.surveyId !== surveyId) mixed.push({ path: 'surveyId', message: `data の surveyId (${surveyId}) と異なります` });
  if (mixed.length > 0) throw badRequest(mixed);
  return surveyId;
};

export type PutItemBody = ParsedRequestOf<typeof surveyResultsPutItem>['body'];

/**
 * A resident's write asking for admin mode: a row naming a registrant of its own (the office's
 * name is the staff member's, set by the server) or saying it was not entered in LIFF. Only a
 * staff session registers as the office (spec 01 §6); the resident is refused, nothing written.
 */
const refuseAdminModeRows = (rows: readonly AnswerRowInput[]): void => {
  const asks = rows.some((r) => (r.registrantName !== undefined && r.registrantName !== DEFAULT_REGISTRANT_NAME) || r.isLiffMode === false);
  if (asks) throw refuse('admin_mode_forbidden');
};

/**
 * A putItem's body checked against a config (null: none stored). Answers what to store.
 * `catalogue`: what the form sells (store/payment-catalogue.ts catalogueOf); the answer's order is
 * priced from it and the rows kept (payments/price-order.ts). `features`: the build switches; the
 * form is checked as this deployment offers it (core/rules/features.ts), so a gated item's row is
 * one the form does not have. `mode`: 'user' for a resident's write (which may not ask for admin
 * mode), 'admin' for the office's registration (isRequired.admin, admin items, cash only).
 */
export const checkSubmission = (
  stored: ServedSurveyConfig | null,
  body: PutItemBody,
  catalogue: Catalogue | null,
  features: Features,
  categoryOf: CategoryLookup,
  mode: Mode = 'user',
): Checked => {
  if (mode === 'user') refuseAdminModeRows([...body.data, ...(body.subData ?? [])]);
  if (!stored || stored.surveyStatus !== 'enabled') throw noConfig();
  if (!features.payment && body.order) throw refuse('payment_off', undefined, { issues: [{ path: 'order', message: refusalText('payment_off') }] });
  const config = offeredConfig(stored, features);
  if (body.configVersion !== undefined && body.configVersion < config.version) throw configOutdated();
  const issues = validateAnswerRows(config, body.data);
  if (issues.length > 0) throw badRequest(issues);
  const { itemIssues, kept } = checkAnswer(config, body.data, categoryOf, mode);
  if (Object.keys(itemIssues).length > 0) throw invalidAnswer(itemIssues);
  if (kept.length === 0) throw nothingToStore();
  const priced = priceAnswer(config, kept, body.order ?? null, catalogue, todayInTokyo(), mode);
  if (isPricingRefusal(priced)) throw priced;
  const extras = sentExtrasOf(config, body, priced.order);
  if (isExtrasRefusal(extras)) throw extras;
  return { config, rows: kept, extras };
};
