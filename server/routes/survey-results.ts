/**
 * Survey result calls of spec 01 §7. The user is always the verified token's user: a userId in a
 * body or query is ignored, and a partition that is not the caller's answers 404 exactly like one
 * that does not exist, so a guessed key tells nothing.
 *
 * The edit and cancel rules applied to a stored answer are server/answers/rules.ts's; which answer
 * a putItem writes is server/answers/partition-key.ts's (with the spec's readings chosen there),
 * and its transaction script is server/answers/write.ts.
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
  type ResultRow,
} from '@core/contract/survey';
import { BED_SURVEY_TYPE, type ServedSurveyConfig } from '@core/form/survey-config';
import type { Kysely, Transaction } from 'kysely';
import { todayInTokyo } from '@core/ja/date-input';
import { searchKeysOf } from '@core/rules/search-match';
import type { RouteContext } from '../route-context';
import type { Commit } from '../idempotency';
import type { AuthUser, KioskPrincipal } from '../auth/verify';
import { kioskForbidden, kioskVisitor, requireKioskForm } from '../auth/kiosk';
import { kioskUnfitOf } from '../auth/kiosk-forms';
import { Refusal, refuse } from '@core/refusals';
import { createConfigCache, findSurveyConfig, type StampedConfig } from '../store/configs';
import { REVISION_COUNTER, claimCounter, claimRowForUser, deletePartition, filterUserRows, listUserPartition, listUserRows, setPartitionCheck } from '../store/results';
import type { Database } from '../store/schema';
import { catalogueOf } from '../store/payment-catalogue';
import { categoryLookupFor, resolveCalendar } from '../store/calendars';
import { resultGroupsOf } from '../answers/groups';
import { deleteExtras, extrasFields, readExtras } from '../store/extras';
import { requiresMembership } from './survey-configs';
import { isMember } from '../store/members';
import { CORONA_SURVEY_TYPE, cancelLapsedReservations } from '../reservations';
import { releasePartition } from '../store/reservations';
import { cancelledCheck, enforceRules, noResult } from '../answers/rules';
import { badRequest, checkSubmission } from '../answers/check';
import { namedKeysOf } from '../answers/partition-key';
import { finishSubmission, readBeforeWrite, writeSubmission, type Checked } from '../answers/write';
import { releaseFiles, removeBlobs } from '../answers/files';

type Db = Kysely<Database> | Transaction<Database>;

const noConfig = () => refuse('survey_not_found');

/**
 * Who a kiosk's putItem is written as: a new visitor of its own (auth/kiosk.ts kioskVisitor). A
 * kiosk answers only its forms and only anew: a body naming an answer (a row's partitionKey, the
 * revoke payload) is refused before anything is read or written.
 */
const kioskWriter = (user: AuthUser, kiosk: KioskPrincipal, body: ParsedRequestOf<typeof surveyResultsPutItem>['body']): AuthUser => {
  for (const r of body.data) requireKioskForm(user, r.surveyId);
  const amends = body.data.some((r) => r.partitionKey !== undefined) || body.items !== undefined || body.checkStatus !== undefined;
  if (amends) throw kioskForbidden();
  return kioskVisitor(kiosk);
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
    return { result: 'OK', data: rows, ...extrasFields(await readExtras(store.db, query.surveyId, user.userId, query.partitionKey)) };
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

    const named = namedKeysOf(body);
    if ('issues' in named) throw badRequest(named.issues);

    // Checked against the config this process last read (configs), which the write confirms inside
    // its transaction. A refusal stands only if the stored config refuses too.
    let checked = await configs.get(store.db, surveyId);
    const check = async (db: Db, stamped: StampedConfig | null) =>
      checkSubmission(
        stamped?.config ?? null,
        body,
        stamped ? await catalogueOf(db, stamped.config) : null,
        ctx.deps.config.features,
        stamped ? await categoryLookupFor(db, stamped.config, body.data) : () => null,
      );
    let submission: Checked;
    try {
      submission = await check(store.db, checked);
    } catch (e) {
      const fresh = checked && e instanceof Refusal ? await configs.refresh(store.db, surveyId) : checked;
      if (fresh?.stamp === checked?.stamp) throw e;
      checked = fresh;
      submission = await check(store.db, checked);
    }
    // Before the bed survey's own refusal: a kiosk is refused every form it cannot take alike.
    if (user.kiosk && kioskUnfitOf(submission.config)) throw kioskForbidden();
    // A bed survey's stays claim nights through the bed calls; an answer here would book none, and
    // a chosen bed (select bed) is claimed only with a stay's nights.
    const bedItems = new Set(submission.config.surveySchema.filter((i) => i.type === 'selectBed').map((i) => i.itemKey));
    if (submission.config.surveyType === BED_SURVEY_TYPE || submission.rows.some((r) => bedItems.has(r.itemKey))) {
      throw refuse('bed_survey');
    }
    // A form for members takes answers from members only (the client sends others to register).
    if (!user.kiosk && requiresMembership(submission.config) && !(await isMember(store.db, submission.config.memberFormId, writer.userId))) {
      throw refuse('member_required');
    }
    const recheck = async (trx: Transaction<Database>) => {
      const fresh = await check(trx, await configs.refresh(trx, surveyId));
      // The check above may have used this process's older copy of the config: asked again here.
      if (user.kiosk && kioskUnfitOf(fresh.config)) throw kioskForbidden();
      return fresh;
    };
    const wanted = await readBeforeWrite(store.db, store.engine, { checked: checked as StampedConfig, keys: named.keys, rows: submission.rows });

    // Blobs of files the answer no longer names: removed only once the write has committed.
    let released: string[] = [];
    const answer = await commit(
      async (trx, settle, claimKey) => {
        const written = await writeSubmission(trx, {
          checked: checked as StampedConfig,
          user: writer,
          rows: submission.rows,
          extras: submission.extras,
          keys: named.keys,
          engine: store.engine,
          recheck,
          wanted,
          claimKey,
        });
        const answer = {
          result: 'OK' as const,
          partitionKey: written.partitionKey,
          answercode: written.answerCode,
          type: written.type,
          data: written.stored,
          ...extrasFields(written.extras),
        };
        // The rows, the key's answer and the places in one last step, the places last: a claimed
        // slot row is locked until the commit, so the next resident's claim of it waits for little.
        await settle(answer, (keyAnswer) => finishSubmission(trx, store.engine, written, keyAnswer));
        released = written.released;
        return answer;
      },
      { claimsKey: true },
    );
    await removeBlobs(ctx.deps.files.storage, released, ctx.deps.log);
    return answer;
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
    // The blobs of the files the answer takes with it: removed only once the deletion has committed.
    let released: string[] = [];
    const answer = await commit(async (trx) => {
      await claimCounter(trx, query.partitionKey, REVISION_COUNTER);
      const rows = await listUserPartition(trx, query.surveyId, user.userId, query.partitionKey);
      if (rows.length === 0) throw noResult();
      await enforceRules(trx, config, rows, 'delete');
      await releasePartition(trx, query.partitionKey);
      await deleteExtras(trx, query.partitionKey);
      const deleted = await deletePartition(trx, query.surveyId, user.userId, query.partitionKey);
      released = await releaseFiles(trx, config, user.userId, rows);
      return { result: 'OK' as const, data: { deleted } };
    });
    await removeBlobs(ctx.deps.files.storage, released, ctx.deps.log);
    return answer;
  });

  ctx.route(surveyResultsPutUserId, async ({ body, user, commit }) => {
    const now = new Date().toISOString();
    return commit(async (trx) => {
      // All or nothing: the first missing or foreign row throws, and the transaction rolls back.
      for (const key of body.keys) {
        if (!(await claimRowForUser(trx, 'survey_results', key, user.userId, now))) throw noResult();
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
    const rows = await filterUserRows(store.db, surveyId, user.userId, conditions, searchKeysOf(config.surveySchema));
    return { result: 'OK', data: rows, groups: await resultGroupsOf(config, rows, (id) => resolveCalendar(store.db, id)) };
  });
};
