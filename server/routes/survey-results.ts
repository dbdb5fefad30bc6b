/**
 * Survey result calls of spec 01 §7. The user is always the verified token's user: a userId in a
 * body or query is ignored, and a partition that is not the caller's answers 404 exactly like one
 * that does not exist, so a guessed key tells nothing.
 */
import type { Issue } from '@core/contract/envelope';
import {
  surveyResultsByPartitionKey,
  surveyResultsByUser,
  surveyResultsCancelItem,
  surveyResultsDeleteItem,
  surveyResultsFilterQuery,
  surveyResultsPutItem,
  surveyResultsPutUserId,
  surveyResultsQuery,
  type AnswerRowInput,
  type CheckStatus,
  type ResultRow,
} from '@core/contract/survey';
import { isAppending, type SchemaItem, type ServedSurveyConfig } from '@core/form/survey-config';
import type { Selectable, Transaction } from 'kysely';
import { itemDefOf } from '@core/items/registry';
import type { FormValue } from '@core/items/define';
import { answerValues, validateForm, type FormIssues } from '@core/form/validate';
import { todayInTokyo } from '@core/ja/date-input';
import type { RouteContext } from '../app';
import type { AuthUser } from '../auth/verify';
import { ApiError } from '../http';
import { findEnabledSurveyConfig, findSurveyConfig } from '../store/configs';
import {
  ANSWER_CODE_COUNTER,
  REVISION_COUNTER,
  claimCounter,
  claimRowForUser,
  deletePartition,
  filterUserRows,
  insertRows,
  listUserPartition,
  listUserRows,
  partitionKeyTaken,
  setPartitionCheck,
  toResultRow,
} from '../store/results';
import type { Database, SurveyResultTable } from '../store/schema';
import { NO_SURVEY_CONFIG } from './survey-configs';

export const NO_SURVEY_RESULT = 'no survey result.';
/** Spec 01 §3: the generic chat-user label stored when the form names no registrant. */
export const DEFAULT_REGISTRANT_NAME = 'LINEユーザー';

/** States after which an answer is over: it can be neither edited nor cancelled again (spec 01 §4). */
const ENDED: ReadonlySet<CheckStatus> = new Set<CheckStatus>(['キャンセル', 'NG', '取り消し']);
/** 完了 is closed by the office; the other ended states are closed by the resident or a newer answer. */
const NOT_EDITABLE: ReadonlySet<CheckStatus> = new Set<CheckStatus>([...ENDED, '完了']);

/** Spec 01 §8 "form invalid": the text a refused answer carries; the per-item keys say what to fix. */
const FORM_INVALID_TEXT = '入力内容を確認してください';

const noResult = () => new ApiError(404, 'not_found', NO_SURVEY_RESULT);
const noConfig = () => new ApiError(404, 'not_found', NO_SURVEY_CONFIG);
const notEditable = () => new ApiError(409, 'not_editable', 'この回答は完了またはキャンセル済みのため変更できません。');
const badRequest = (issues: Issue[]) =>
  new ApiError(400, 'bad_request', `${issues[0]?.path ?? 'body'}: ${issues[0]?.message ?? 'invalid'}`, { issues });

const sortKeyOf = (item: SchemaItem, row: Pick<AnswerRowInput, 'itemKey' | 'value'>): string =>
  itemDefOf(item.type).valueKind === 'multi' ? `${row.itemKey}#${row.value}` : row.itemKey;

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
 * (core/form/validate.ts), as a resident's submission in user mode. What the form would not send —
 * items hidden by display conditions or sections, static items, blank values — is dropped rather
 * than stored, so the stored answer is exactly what the form shows.
 */
export const checkAnswer = (
  config: ServedSurveyConfig,
  rows: readonly AnswerRowInput[],
): { itemIssues: FormIssues; kept: AnswerRowInput[] } => {
  const values = valuesOfRows(config, rows);
  const itemIssues = validateForm(config, values, { mode: 'user', today: todayInTokyo() });
  const sent = answerValues(config, values, 'user');
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

/**
 * The answer being edited, if any: named by the rows' partitionKey or by the spec's revoke payload
 * (items[].partitionKey). They must all name the same one.
 */
const amendTarget = (body: { data: AnswerRowInput[]; items?: { partitionKey: string }[] | undefined }): string | null => {
  let target: string | null = null;
  const issues: Issue[] = [];
  const take = (key: string | undefined, path: string) => {
    if (!key) return;
    if (target === null) target = key;
    else if (key !== target) issues.push({ path, message: '一度に編集できる回答は一つです' });
  };
  body.data.forEach((r, n) => take(r.partitionKey, `data.${n}.partitionKey`));
  body.items?.forEach((i, n) => take(i.partitionKey, `items.${n}.partitionKey`));
  if (issues.length > 0) throw badRequest(issues);
  return target;
};

/** `surveyId#userId#millis`, moved on a millisecond while the key is taken. */
const freshAppendingKey = async (trx: Transaction<Database>, surveyId: string, userId: string): Promise<string> => {
  let millis = Date.now();
  while (await partitionKeyTaken(trx, `${surveyId}#${userId}#${millis}`)) millis += 1;
  return `${surveyId}#${userId}#${millis}`;
};

/**
 * Typed as a plain string because the reservation item joins ITEM_TYPES with its own issue; until
 * then no stored form has one and every cancel is a plain answer's.
 */
const RESERVATION_TYPE: string = 'reservation';

/** Spec 01 §4: a reservation (a reservation item with a value) is キャンセル; a plain answer is NG. */
export const cancelledCheck = (
  config: Pick<ServedSurveyConfig, 'surveySchema'> | null,
  rows: readonly Pick<ResultRow, 'itemKey' | 'value'>[],
): CheckStatus => {
  const reservationKeys = new Set(config?.surveySchema.filter((i) => i.type === RESERVATION_TYPE).map((i) => i.itemKey) ?? []);
  return rows.some((r) => reservationKeys.has(r.itemKey) && r.value !== '') ? 'キャンセル' : 'NG';
};

interface Submission {
  config: ServedSurveyConfig;
  user: AuthUser;
  rows: AnswerRowInput[];
  target: string | null;
}

/** One submission, in the caller's transaction: claims the code, retires the edited answer, writes. */
const writeSubmission = async (
  trx: Transaction<Database>,
  { config, user, rows, target }: Submission,
): Promise<{ partitionKey: string; answerCode: string | null; stored: ResultRow[] }> => {
  const { surveyId } = config;
  const { userId } = user;
  const now = new Date().toISOString();
  const appending = isAppending(config);

  // First a claim on a counter row: on PostgreSQL its row lock (held to commit) serialises the
  // writes that could collide, so every read below sees what an earlier one committed (an answer
  // already marked 取り消し, a partition key already taken). SQLite's write lock already does this.
  // Appending: the survey's answer code. Single answer: the partition's revision count.
  const partitionKeyOfSingle = target ?? `${surveyId}#${userId}`;
  const claimed = appending
    ? await claimCounter(trx, surveyId, ANSWER_CODE_COUNTER)
    : await claimCounter(trx, partitionKeyOfSingle, REVISION_COUNTER);
  const answerCode = appending ? String(claimed) : null;

  let previous: ResultRow[] = [];
  if (target) {
    previous = await listUserPartition(trx, surveyId, userId, target);
    if (previous.length === 0) throw noResult();
    if (previous.some((r) => NOT_EDITABLE.has(r.check))) throw notEditable();
  }

  let partitionKey: string;
  let createdAt = now;
  if (appending) {
    partitionKey = await freshAppendingKey(trx, surveyId, userId);
    if (target) await setPartitionCheck(trx, surveyId, userId, target, '取り消し', now);
  } else {
    partitionKey = partitionKeyOfSingle;
    if (!target) {
      previous = await listUserPartition(trx, surveyId, userId, partitionKey);
      // Answering a single-answer form again after a cancel is a new answer; over a 完了 one it
      // would overwrite what the office has already processed.
      if (previous.some((r) => r.check === '完了')) throw notEditable();
    }
    // A resubmission replaces the answer but keeps when it was first given.
    createdAt = previous.reduce((min, r) => (r.createdAt < min ? r.createdAt : min), now);
    await deletePartition(trx, surveyId, userId, partitionKey);
    if (await partitionKeyTaken(trx, partitionKey)) {
      throw new ApiError(409, 'conflict', 'この回答は別の利用者に紐付いています。');
    }
  }

  const items = new Map(config.surveySchema.map((i) => [i.itemKey, i]));
  const registrantName = rows.find((r) => r.registrantName)?.registrantName ?? DEFAULT_REGISTRANT_NAME;
  const stored: Selectable<SurveyResultTable>[] = rows.map((r) => {
    const item = items.get(r.itemKey) as SchemaItem;
    return {
      partition_key: partitionKey,
      sort_key: sortKeyOf(item, r),
      survey_id: surveyId,
      user_id: userId,
      item_key: r.itemKey,
      value: r.value,
      // The form's own title wins: what the office reads must be the question that was asked.
      title: item.title || r.title || '',
      type: 'liff',
      check_status: '未対応',
      user_search_key: null,
      is_liff_mode: 1,
      registrant_name: registrantName,
      user_name: user.name ?? null,
      clinic_attributes: r.clinicAttributes ?? null,
      answer_code: answerCode,
      is_appending: appending ? 1 : 0,
      status: null,
      created_at: createdAt,
      updated_at: now,
    };
  });
  await insertRows(trx, stored);
  return { partitionKey, answerCode, stored: stored.map(toResultRow) };
};

export const registerSurveyResultRoutes = (ctx: RouteContext): void => {
  const { store } = ctx.deps;

  /** Reads need the form to exist; a disabled form's answers stay readable to their owner. */
  const requireSurvey = async (surveyId: string): Promise<ServedSurveyConfig> => {
    const cfg = await findSurveyConfig(store.db, surveyId);
    if (!cfg) throw noConfig();
    return cfg;
  };

  ctx.route(surveyResultsQuery, async ({ body, user }) => {
    await requireSurvey(body.surveyId);
    return { result: 'OK', data: await listUserRows(store.db, body.surveyId, user.userId) };
  });

  ctx.route(surveyResultsByUser, async ({ query, user }) => {
    await requireSurvey(query.surveyId);
    return { result: 'OK', data: await listUserRows(store.db, query.surveyId, user.userId) };
  });

  ctx.route(surveyResultsByPartitionKey, async ({ query, user }) => {
    await requireSurvey(query.surveyId);
    const rows = await listUserPartition(store.db, query.surveyId, user.userId, query.partitionKey);
    if (rows.length === 0) throw noResult();
    return { result: 'OK', data: rows };
  });

  ctx.route(surveyResultsPutItem, async ({ body, user }) => {
    const surveyId = (body.data[0] as AnswerRowInput).surveyId;
    const mixed: Issue[] = body.data.flatMap((r, n) =>
      r.surveyId === surveyId ? [] : [{ path: `data.${n}.surveyId`, message: `すべての行は同じ surveyId (${surveyId}) でなければなりません` }],
    );
    if (body.surveyId !== undefined && body.surveyId !== surveyId) {
      mixed.push({ path: 'surveyId', message: `data の surveyId (${surveyId}) と異なります` });
    }
    if (mixed.length > 0) throw badRequest(mixed);

    const config = await findEnabledSurveyConfig(store.db, surveyId);
    if (!config) throw noConfig();
    if (body.configVersion !== undefined && body.configVersion < config.version) {
      throw new ApiError(409, 'config_outdated', 'フォームが更新されました。画面を再読み込みしてください。', { needRefresh: true });
    }
    const issues = validateAnswerRows(config, body.data);
    if (issues.length > 0) throw badRequest(issues);
    const { itemIssues, kept } = checkAnswer(config, body.data);
    if (Object.keys(itemIssues).length > 0) {
      throw new ApiError(400, 'invalid_answer', FORM_INVALID_TEXT, {
        itemIssues,
        issues: Object.entries(itemIssues).map(([itemKey, list]) => ({ path: itemKey, message: list[0]?.key ?? 'invalid' })),
      });
    }
    if (kept.length === 0) {
      throw new ApiError(400, 'invalid_answer', FORM_INVALID_TEXT, { issues: [{ path: 'data', message: 'formInvalid' }] });
    }
    const target = amendTarget(body);

    const { partitionKey, answerCode, stored } = await store.write((trx) =>
      writeSubmission(trx, { config, user, rows: kept, target }),
    );
    return { result: 'OK', partitionKey, answercode: answerCode, data: stored };
  });

  ctx.route(surveyResultsCancelItem, async ({ body, user }) => {
    // Whatever the form's status: a resident may cancel an answer to a form that has since closed.
    const config = await findSurveyConfig(store.db, body.surveyId);
    return store.write(async (trx) => {
      const rows = await listUserPartition(trx, body.surveyId, user.userId, body.partitionKey);
      if (rows.length === 0) throw noResult();
      if (rows.some((r) => ENDED.has(r.check))) throw new ApiError(409, 'already_cancelled', 'この回答はすでにキャンセルされています。');
      const check = cancelledCheck(config, rows);
      // Spec 01 §4: a plain answer cancelled also stops being a live appending answer.
      await setPartitionCheck(trx, body.surveyId, user.userId, body.partitionKey, check, new Date().toISOString(), check === 'NG' ? { isAppending: false } : {});
      return { result: 'OK', data: { partitionKey: body.partitionKey, check } };
    });
  });

  ctx.route(surveyResultsDeleteItem, async ({ query, user }) => {
    const deleted = await store.write((trx) => deletePartition(trx, query.surveyId, user.userId, query.partitionKey));
    if (deleted === 0) throw noResult();
    return { result: 'OK', data: { deleted } };
  });

  ctx.route(surveyResultsPutUserId, async ({ body, user }) => {
    const now = new Date().toISOString();
    await store.write(async (trx) => {
      // All or nothing: the first missing or foreign row throws, and the transaction rolls back.
      for (const key of body.keys) {
        if (!(await claimRowForUser(trx, key, user.userId, now))) throw noResult();
      }
    });
    const updated = new Set(body.keys.map((k) => JSON.stringify([k.partitionKey, k.sortKey]))).size;
    return { result: 'OK', data: { updated } };
  });

  ctx.route(surveyResultsFilterQuery, async ({ body, user }) => {
    const { surveyId, conditions } = body.queryParams;
    const config = await requireSurvey(surveyId);
    const searchable = new Set(config.surveySchema.filter((i) => i.isSearchable?.value === true).map((i) => i.itemKey));
    const issues: Issue[] = Object.keys(conditions)
      .filter((k) => !searchable.has(k))
      .map((k) => ({ path: `queryParams.conditions.${k}`, message: `${k} は検索できる項目ではありません` }));
    if (issues.length > 0) throw badRequest(issues);
    return { result: 'OK', data: await filterUserRows(store.db, surveyId, user.userId, conditions) };
  });
};
