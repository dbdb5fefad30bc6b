/**
 * Survey result calls of spec 01 §7. The user is always the verified token's user: a userId in a
 * body or query is ignored, and a partition that is not the caller's answers 404 exactly like one
 * that does not exist, so a guessed key tells nothing.
 *
 * Edit and cancel rules (spec 01 §4, §6) are core/rules/permissions.ts's answerActions, applied
 * here inside the write transaction to the stored answer, so what the PWA hides is also refused:
 * - edit (putItem naming an answer, or answering a single-answer form again over a live answer):
 *   409 not_editable for 完了 and ended answers; 403 admin_registered for an answer the office
 *   registered (userId beginning with I); 403 forbidden_by_settings when updateOrCancelSettings
 *   is cancelOnly or inquiryOnly, or isEditDisabled is set; with reservationOnlyInfo only
 *   reservation items may change, so every other value must equal the stored one, and items not
 *   editable in user mode (isNotEditable, disabled) must keep their values too;
 * - cancel: 409 already_cancelled for ended answers (完了 may still be withdrawn); 403
 *   admin_registered; 403 forbidden_by_settings (現在キャンセルを受け付けておりません。) when the
 *   setting is updateOnly or inquiryOnly, or the form uses payment;
 * - delete (a resident withdrawing an answer outright): the cancel's settings, and the edit's
 *   status rule — a 完了 or ended answer is the office's record and is not deleted;
 * - all three: 403 cancel_deadline_passed once the reservation's cancel deadline is reached
 *   (core/rules/cancel-deadline.ts with the calendar's reservationCancelLimit and days off:
 *   server/reservations.ts reservationDeadlinePassed).
 * Reservations (server/reservations.ts): an answer's slot is claimed in the answer's transaction;
 * an amendment gives the old answer's slot back and claims the new one in that same transaction;
 * cancel and delete give it back.
 */
import type { ParsedRequestOf } from '@core/contract/define';
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
import { answerActions, isAdminRegistered, isItemEditable, type AnswerReasonKey, type EditableFields } from '@core/rules/permissions';
import { AMENDED_STATUS, NEW_ANSWER_STATUS, answerStatusOf, cancelledStatus, isEnded, statusRefusal } from '@core/rules/status';
import { isReservationItem } from '@core/rules/reservation-value';
import type { Selectable, Transaction } from 'kysely';
import { itemDefOf } from '@core/items/registry';
import type { FormValue } from '@core/items/define';
import { answerValues, validateForm, type FormIssues } from '@core/form/validate';
import { todayInTokyo } from '@core/ja/date-input';
import type { RouteContext } from '../app';
import type { Commit } from '../idempotency';
import type { AuthUser, KioskPrincipal } from '../auth/verify';
import { kioskForbidden, kioskVisitor, requireKioskForm } from '../auth/kiosk';
import { ApiError } from '../http';
import { createConfigCache, findSurveyConfig, type StampedConfig } from '../store/configs';
import {
  RESIDENT_COUNTER,
  REVISION_COUNTER,
  claimCounter,
  counterClaimOf,
  counterClaimStatement,
  claimRowForUser,
  deletePartition,
  filterUserRows,
  insertRows,
  insertRowsWithAnswerCode,
  type CodelessRow,
  listUserPartition,
  listUserRows,
  partitionKeyTaken,
  setPartitionCheck,
  toResultRow,
} from '../store/results';
import { runTogether, type Engine } from '../store/open';
import type { Database, SurveyResultTable } from '../store/schema';
import { NO_SURVEY_CONFIG } from './survey-configs';
import {
  CORONA_SURVEY_TYPE,
  cancelLapsedReservations,
  categoryTargetReads,
  replaceReservations,
  reservationDeadlinePassed,
  slotRefusal,
  type PrefetchedTargets,
} from '../reservations';
import { releasePartition } from '../store/reservations';

export const NO_SURVEY_RESULT = 'no survey result.';
/** Spec 01 §3: the generic chat-user label stored when the form names no registrant. */
export const DEFAULT_REGISTRANT_NAME = 'LINEユーザー';

/** Spec 01 §8 "form invalid": the text a refused answer carries; the per-item keys say what to fix. */
const FORM_INVALID_TEXT = '入力内容を確認してください';

const noResult = () => new ApiError(404, 'not_found', NO_SURVEY_RESULT);
const noConfig = () => new ApiError(404, 'not_found', NO_SURVEY_CONFIG);
const notEditable = () => new ApiError(409, 'not_editable', 'この回答は完了またはキャンセル済みのため変更できません。');
const alreadyCancelled = () => new ApiError(409, 'already_cancelled', 'この回答はすでにキャンセルされています。');
const badRequest = (issues: Issue[]) =>
  new ApiError(400, 'bad_request', `${issues[0]?.path ?? 'body'}: ${issues[0]?.message ?? 'invalid'}`, { issues });

/** No text in the spec; worded after its cancel refusal. */
export const EDIT_FORBIDDEN_TEXT = '現在変更を受け付けておりません。';
/** Spec 01 §4, 02 §8: cancel while cancelling is not available. */
export const CANCEL_FORBIDDEN_TEXT = '現在キャンセルを受け付けておりません。';
export const ADMIN_REGISTERED_TEXT = '窓口で登録された回答のため、変更・キャンセルはできません。管理者へ直接ご連絡をお願い致します。';
/** Spec 01 §8: cancel deadline passed. */
export const DEADLINE_PASSED_TEXT = '予約変更・キャンセルの期限を過ぎています。予約窓口へ直接ご連絡をお願い致します。';
export const RESERVATION_ONLY_TEXT = '予約情報のみ変更できます。';
export const LOCKED_ITEM_TEXT = '変更できない項目が変更されています。';

type Action = 'edit' | 'cancel' | 'delete';

/** The refusal for a reason answerActions gave. */
const refusal = (action: Action, reason: AnswerReasonKey): ApiError => {
  switch (reason) {
    case 'adminRegistered':
      return new ApiError(403, 'admin_registered', ADMIN_REGISTERED_TEXT);
    case 'completed':
    case 'cancelled':
    case 'ended':
      return action === 'cancel' ? alreadyCancelled() : notEditable();
    case 'editNotAllowed':
    case 'editDisabled':
      return new ApiError(403, 'forbidden_by_settings', EDIT_FORBIDDEN_TEXT);
    case 'cancelNotAllowed':
    case 'paymentCancelUnavailable':
      return new ApiError(403, 'forbidden_by_settings', CANCEL_FORBIDDEN_TEXT);
  }
};

/** A form gone from the database binds nothing: its stored answers follow the defaults. */
const NO_SETTINGS = {} as const;

/**
 * Refuses what the rules forbid for this stored answer (see the header); answers the fields the
 * resident may change. Runs inside the write transaction, on rows read in it.
 */
const enforceRules = async (
  trx: Transaction<Database>,
  config: ServedSurveyConfig | null,
  stored: readonly ResultRow[],
  action: Action,
): Promise<EditableFields> => {
  const check = answerStatusOf(stored.map((r) => r.check));
  const userId = (stored[0] as ResultRow).userId;
  const actions = answerActions(config ?? NO_SETTINGS, { check, userId }, 'user');
  const reason =
    action === 'edit'
      ? actions.editReasonKey
      : action === 'cancel'
        ? actions.cancelReasonKey
        : isAdminRegistered(userId)
          ? 'adminRegistered'
          : (statusRefusal(check, 'edit') ?? actions.cancelReasonKey);
  if (reason) throw refusal(action, reason);
  if (config && (await reservationDeadlinePassed(trx, config, stored, todayInTokyo()))) {
    throw new ApiError(403, 'cancel_deadline_passed', DEADLINE_PASSED_TEXT);
  }
  return actions.editableFields;
};

/** The items whose values the resident may not change but did (compared as sets of values). */
const lockedItemsChanged = (
  config: ServedSurveyConfig,
  fields: EditableFields,
  stored: readonly ResultRow[],
  next: readonly AnswerRowInput[],
): string[] => {
  const valuesOf = (rows: readonly { itemKey: string; value: string }[], itemKey: string) =>
    rows
      .filter((r) => r.itemKey === itemKey)
      .map((r) => r.value)
      .sort();
  return config.surveySchema
    .filter((item) => itemDefOf(item.type).valueKind !== 'none' && !isItemEditable(item, fields, 'user'))
    .filter((item) => JSON.stringify(valuesOf(stored, item.itemKey)) !== JSON.stringify(valuesOf(next, item.itemKey)))
    .map((item) => item.itemKey);
};

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

/** Spec 01 §4: a reservation (a reservation item with a value) is キャンセル; a plain answer is NG. */
export const cancelledCheck = (
  config: Pick<ServedSurveyConfig, 'surveySchema'> | null,
  rows: readonly Pick<ResultRow, 'itemKey' | 'value'>[],
): CheckStatus => {
  const reservationKeys = new Set(config?.surveySchema.filter(isReservationItem).map((i) => i.itemKey) ?? []);
  return cancelledStatus(rows.some((r) => reservationKeys.has(r.itemKey) && r.value !== ''));
};

const configOutdated = () => new ApiError(409, 'config_outdated', 'フォームが更新されました。画面を再読み込みしてください。', { needRefresh: true });

type PutItemBody = ParsedRequestOf<typeof surveyResultsPutItem>['body'];

/**
 * Who a kiosk's putItem is written as: a new visitor of its own (auth/kiosk.ts kioskVisitor). A
 * kiosk answers only its forms and only anew: a body naming an earlier answer (a row's
 * partitionKey, the revoke payload) is refused before anything is read or written.
 */
const kioskWriter = (user: AuthUser, kiosk: KioskPrincipal, body: PutItemBody): AuthUser => {
  for (const r of body.data) requireKioskForm(user, r.surveyId);
  const amends = body.data.some((r) => r.partitionKey !== undefined) || body.items !== undefined || body.checkStatus !== undefined;
  if (amends) throw kioskForbidden();
  return kioskVisitor(kiosk);
};

/**
 * A putItem's body checked against a config (null: none stored): the form takes answers, the
 * client's config is not older, and the rows are the form's and valid. Answers the rows to store.
 */
const checkSubmission = (config: ServedSurveyConfig | null, body: PutItemBody): AnswerRowInput[] => {
  if (!config || config.surveyStatus !== 'enabled') throw noConfig();
  if (body.configVersion !== undefined && body.configVersion < config.version) throw configOutdated();
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
  return kept;
};

interface Submission {
  /** The config the rows were checked against, read before the transaction (maybe cached). */
  checked: StampedConfig;
  user: AuthUser;
  rows: AnswerRowInput[];
  target: string | null;
  engine: Engine;
  /** The survey's config read again in the transaction, and the body checked against it. */
  recheck: (trx: Transaction<Database>) => Promise<{ config: ServedSurveyConfig; rows: AnswerRowInput[] }>;
}

/** One submission, in the caller's transaction: claims the code, retires the edited answer, writes. */
const writeSubmission = async (
  trx: Transaction<Database>,
  { checked, user, target, engine, recheck, ...submitted }: Submission,
): Promise<{ partitionKey: string; answerCode: string | null; stored: ResultRow[] }> => {
  let { config } = checked;
  let { rows } = submitted;
  const { surveyId } = config;
  const { userId } = user;
  const appending = isAppending(config);

  // First a claim on a counter row of this resident: on PostgreSQL its row lock (held to commit)
  // serialises the resident's own writes that could collide, so every read below sees what an
  // earlier one committed (an answer already marked 取り消し, a partition key already taken, the
  // reservations the per-user limits count). SQLite's write lock already does this.
  // Appending: the resident's counter for the survey. Single answer: the partition's revision.
  // Locks are always taken in one order — resident or partition counters, then the survey's answer
  // code, then slots (sorted, server/reservations.ts) — so no two writes can wait on each other in
  // a cycle. On PostgreSQL the code and the slots are claimed in the COMMIT's own message, the code
  // first (store/open.ts deferWithLateValues, deferToCommit): neither row is held for a round trip.
  // The resident's counter also hands out the new answer's partition key, `surveyId#userId#millis`:
  // its value is the clock's millisecond, or one past the resident's last key when the clock has
  // not moved past it, so no key of theirs is given twice (keys from before the counter did this
  // were clock readings too, all in the past). Both claims read the stored config's stamp as well.
  // The reservation values' category reads go in the same message, right after the claim (store/
  // open.ts runTogether): what they read is what they would read sent one by one, a round trip later.
  const partitionKeyOfSingle = target ?? `${surveyId}#${userId}`;
  const [scope, counter, claimOpts] = appending
    ? [`${surveyId}#${userId}`, RESIDENT_COUNTER, { atLeast: Date.now(), configStampOf: surveyId }]
    : [partitionKeyOfSingle, REVISION_COUNTER, { configStampOf: surveyId }];
  const reads = categoryTargetReads(trx, config, rows);
  const [claimRows = [], ...targetRows] = await runTogether(trx, [counterClaimStatement(trx, scope, counter, claimOpts), ...reads.statements]);
  const claim = counterClaimOf(scope, counter, claimRows);
  let prefetched: PrefetchedTargets | undefined = reads.take(targetRows);
  if (claim.configStamp !== checked.stamp) {
    // The form was imported again since the rows were checked (or since this process read it):
    // they are checked again against the stored one. Had it switched between appending and
    // single answers, the wrong counter would be held: the resident reloads the form instead.
    ({ config, rows } = await recheck(trx));
    if (isAppending(config) !== appending) throw configOutdated();
    prefetched = undefined;
  }
  // An amended appending answer is also a write to the old partition: this serialises it with a
  // cancel or delete of that answer (they claim the same row).
  if (appending && target) await claimCounter(trx, target, REVISION_COUNTER);
  const startedAt = new Date().toISOString();

  let previous: ResultRow[] = [];
  /** The stored answer this submission changes, if any: the edit rules apply to it. */
  let edited: ResultRow[] | null = null;
  if (target) {
    previous = await listUserPartition(trx, surveyId, userId, target);
    if (previous.length === 0) throw noResult();
    edited = previous;
  } else if (!appending) {
    previous = await listUserPartition(trx, surveyId, userId, partitionKeyOfSingle);
    // Answering a single-answer form again over a live answer replaces that answer, so it is an
    // edit of it (or the settings could be sidestepped by leaving the partition key out). After a
    // cancel (NG, キャンセル) it is a new answer.
    if (previous.length > 0 && !isEnded(answerStatusOf(previous.map((r) => r.check)))) edited = previous;
  }
  if (edited) {
    const fields = await enforceRules(trx, config, edited, 'edit');
    const changed = lockedItemsChanged(config, fields, edited, rows);
    if (changed.length > 0) {
      throw new ApiError(403, 'forbidden_by_settings', fields === 'reservationOnly' ? RESERVATION_ONLY_TEXT : LOCKED_ITEM_TEXT, {
        issues: changed.map((itemKey) => ({ path: itemKey, message: 'notEditable' })),
      });
    }
  }

  let partitionKey: string;
  if (appending) {
    partitionKey = `${surveyId}#${userId}#${claim.value}`;
  } else {
    partitionKey = partitionKeyOfSingle;
    await deletePartition(trx, surveyId, userId, partitionKey);
    if (await partitionKeyTaken(trx, partitionKey)) {
      throw new ApiError(409, 'conflict', 'この回答は別の利用者に紐付いています。');
    }
  }
  // The old answer's places are given back and the new ones claimed in one step (moving within a
  // full slot, or into a slot the old answer fills, works); a refusal rolls everything back.
  await replaceReservations(trx, {
    config,
    userId,
    partitionKey,
    rows,
    replaces: appending ? target : partitionKeyOfSingle,
    today: todayInTokyo(),
    now: startedAt,
    prefetched,
  });
  // Marked in the same transaction as the new rows: if writing them fails, the old answer is not
  // left 取り消し with nothing replacing it.
  if (appending && target) await setPartitionCheck(trx, surveyId, userId, target, AMENDED_STATUS, new Date().toISOString());

  const items = new Map(config.surveySchema.map((i) => [i.itemKey, i]));
  const registrantName = rows.find((r) => r.registrantName)?.registrantName ?? DEFAULT_REGISTRANT_NAME;
  const codeless: CodelessRow[] = rows.map((r) => {
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
      check_status: NEW_ANSWER_STATUS,
      user_search_key: null,
      is_liff_mode: 1,
      registrant_name: registrantName,
      // At a kiosk, the kiosk's name (auth/kiosk.ts kioskVisitor): the answer keeps where it was given.
      user_name: user.name ?? null,
      clinic_attributes: r.clinicAttributes ?? null,
      is_appending: appending ? 1 : 0,
      status: null,
    };
  });
  let stored: Selectable<SurveyResultTable>[];
  if (appending) {
    // The survey's answer code with the rows in one step; on PostgreSQL at the commit, so the
    // code and the rows' time in `stored` are tokens until then (store/results.ts).
    stored = await insertRowsWithAnswerCode(trx, engine, surveyId, codeless);
  } else {
    const now = new Date().toISOString();
    // A resubmission of a single answer replaces it but keeps when it was first given.
    const createdAt = previous.reduce((min, r) => (r.createdAt < min ? r.createdAt : min), now);
    stored = codeless.map((r) => ({ ...r, answer_code: null, created_at: createdAt, updated_at: now }));
    await insertRows(trx, stored);
  }
  const answerCode = stored[0]?.answer_code ?? null;
  return { partitionKey, answerCode, stored: stored.map(toResultRow) };
};

export const registerSurveyResultRoutes = (ctx: RouteContext): void => {
  const { store } = ctx.deps;
  const configs = createConfigCache();

  /** Reads need the form to exist; a disabled form's answers stay readable to their owner. */
  const requireSurvey = async (surveyId: string): Promise<ServedSurveyConfig> => {
    const cfg = await findSurveyConfig(store.db, surveyId);
    if (!cfg) throw noConfig();
    return cfg;
  };

  /** The resident's answers, after the lapsed reservations of a corona-type form are cancelled. */
  const listForUser = async (surveyId: string, userId: string, commit: Commit<unknown>): Promise<ResultRow[]> => {
    const config = await requireSurvey(surveyId);
    if (config.surveyType === CORONA_SURVEY_TYPE) {
      await commit((trx) => cancelLapsedReservations(trx, config, userId, todayInTokyo(), new Date().toISOString()));
    }
    return listUserRows(store.db, surveyId, userId);
  };

  ctx.route(surveyResultsQuery, async ({ body, user, commit }) => ({
    result: 'OK',
    data: await listForUser(body.surveyId, user.userId, commit as Commit<unknown>),
  }));

  ctx.route(surveyResultsByUser, async ({ query, user, commit }) => ({
    result: 'OK',
    data: await listForUser(query.surveyId, user.userId, commit as Commit<unknown>),
  }));

  ctx.route(surveyResultsByPartitionKey, async ({ query, user }) => {
    await requireSurvey(query.surveyId);
    const rows = await listUserPartition(store.db, query.surveyId, user.userId, query.partitionKey);
    if (rows.length === 0) throw noResult();
    return { result: 'OK', data: rows };
  });

  ctx.route(surveyResultsPutItem, async ({ body, user, commit }) => {
    const surveyId = (body.data[0] as AnswerRowInput).surveyId;
    const mixed: Issue[] = body.data.flatMap((r, n) =>
      r.surveyId === surveyId ? [] : [{ path: `data.${n}.surveyId`, message: `すべての行は同じ surveyId (${surveyId}) でなければなりません` }],
    );
    if (body.surveyId !== undefined && body.surveyId !== surveyId) {
      mixed.push({ path: 'surveyId', message: `data の surveyId (${surveyId}) と異なります` });
    }
    if (mixed.length > 0) throw badRequest(mixed);
    const writer = user.kiosk ? kioskWriter(user, user.kiosk, body) : user;

    // Checked against the config this process last read (configs), which the write confirms inside
    // its transaction. A refusal stands only if the stored config refuses too.
    let checked = await configs.get(store.db, surveyId);
    let kept: AnswerRowInput[];
    try {
      kept = checkSubmission(checked?.config ?? null, body);
    } catch (e) {
      const fresh = checked && e instanceof ApiError ? await configs.refresh(store.db, surveyId) : checked;
      if (fresh?.stamp === checked?.stamp) throw e;
      checked = fresh;
      kept = checkSubmission(checked?.config ?? null, body);
    }
    const target = amendTarget(body);
    const recheck = async (trx: Transaction<Database>) => {
      const fresh = await configs.refresh(trx, surveyId);
      return { config: fresh?.config as ServedSurveyConfig, rows: checkSubmission(fresh?.config ?? null, body) };
    };

    try {
      return await commit(async (trx) => {
        const { partitionKey, answerCode, stored } = await writeSubmission(trx, {
          checked: checked as StampedConfig,
          user: writer,
          rows: kept,
          target,
          engine: store.engine,
          recheck,
        });
        return { result: 'OK', partitionKey, answercode: answerCode, data: stored };
      });
    } catch (e) {
      // A slot claim, deferred to the commit, found no room: the write rolled back; say why.
      throw (await slotRefusal(store.db, e)) ?? e;
    }
  });

  ctx.route(surveyResultsCancelItem, async ({ body, user, commit }) => {
    // Whatever the form's status: a resident may cancel an answer to a form that has since closed.
    const config = await findSurveyConfig(store.db, body.surveyId);
    return commit(async (trx) => {
      // Serialises with an amend or another cancel of the same answer (see writeSubmission).
      await claimCounter(trx, body.partitionKey, REVISION_COUNTER);
      const rows = await listUserPartition(trx, body.surveyId, user.userId, body.partitionKey);
      if (rows.length === 0) throw noResult();
      await enforceRules(trx, config, rows, 'cancel');
      const check = cancelledCheck(config, rows);
      await releasePartition(trx, body.partitionKey);
      // Spec 01 §4: a plain answer cancelled also stops being a live appending answer.
      await setPartitionCheck(trx, body.surveyId, user.userId, body.partitionKey, check, new Date().toISOString(), check === 'NG' ? { isAppending: false } : {});
      return { result: 'OK', data: { partitionKey: body.partitionKey, check } };
    });
  });

  ctx.route(surveyResultsDeleteItem, async ({ query, user, commit }) => {
    const config = await findSurveyConfig(store.db, query.surveyId);
    return commit(async (trx) => {
      await claimCounter(trx, query.partitionKey, REVISION_COUNTER);
      const rows = await listUserPartition(trx, query.surveyId, user.userId, query.partitionKey);
      if (rows.length === 0) throw noResult();
      await enforceRules(trx, config, rows, 'delete');
      await releasePartition(trx, query.partitionKey);
      const deleted = await deletePartition(trx, query.surveyId, user.userId, query.partitionKey);
      return { result: 'OK', data: { deleted } };
    });
  });

  ctx.route(surveyResultsPutUserId, async ({ body, user, commit }) => {
    const now = new Date().toISOString();
    return commit(async (trx) => {
      // All or nothing: the first missing or foreign row throws, and the transaction rolls back.
      for (const key of body.keys) {
        if (!(await claimRowForUser(trx, key, user.userId, now))) throw noResult();
      }
      const updated = new Set(body.keys.map((k) => JSON.stringify([k.partitionKey, k.sortKey]))).size;
      return { result: 'OK', data: { updated } };
    });
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
