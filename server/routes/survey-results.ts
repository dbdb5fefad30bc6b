/**
 * Survey result calls of spec 01 §7. The user is always the verified token's user: a userId in a
 * body or query is ignored, and a partition that is not the caller's answers 404 exactly like one
 * that does not exist, so a guessed key tells nothing.
 *
 * putItem is server/answers/put-item.ts (its write, step by step: server/answers/write/); the edit
 * and cancel rules applied to a stored answer are server/answers/rules.ts's. An answer's slot is
 * claimed in the answer's transaction; an amendment gives the old answer's slot back and claims the
 * new one in that same transaction; cancel and delete give it back.
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
  type ResultRow,
} from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { todayInTokyo } from '@core/ja/date-input';
import { searchKeysOf } from '@core/rules/search-match';
import type { RouteContext } from '../route-context';
import type { Commit } from '../idempotency';
import { refuse } from '@core/refusals';
import { createConfigCache, findSurveyConfig } from '../store/configs';
import { lineOutboxOf, queueLineMessages } from '../line/outbox';
import { claimRowForUser, filterUserRows, listUserPartition, listUserRows } from '../store/results';
import { resolveCalendar } from '../store/calendars';
import { resultGroupsOf } from '../answers/groups';
import { extrasFields, readExtras } from '../store/extras';
import { CORONA_SURVEY_TYPE, cancelLapsedReservations } from '../reservations';
import { noResult } from '../answers/rules';
import { badRequest } from '../answers/check';
import { putItem, type AnswerDeps } from '../answers/put-item';
import { cancelAnswer, deleteAnswer } from '../answers/cancel-answer';
import { removeBlobs } from '../answers/files';

const noConfig = () => refuse('survey_not_found');

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

  const answerDeps: AnswerDeps = { db: store.db, configs, features: ctx.deps.config.features, files: ctx.deps.files.storage, log: ctx.deps.log, outbox: lineOutboxOf(ctx.deps) };
  ctx.route(surveyResultsPutItem, ({ body, user, commit }) => putItem(answerDeps, { body, user }, commit));

  ctx.route(surveyResultsCancelItem, async ({ body, user, commit }) => {
    // Whatever the form's status: a resident may cancel an answer to a form that has since closed.
    const config = await findSurveyConfig(store.db, body.surveyId);
    const ref = { config, surveyId: body.surveyId, userId: user.userId, partitionKey: body.partitionKey };
    return commit(async (trx) => {
      const check = await cancelAnswer(trx, ref);
      await queueLineMessages(trx, answerDeps.outbox, ref, { kind: 'cancelled', status: null });
      return { result: 'OK', data: { partitionKey: body.partitionKey, check } };
    });
  });

  ctx.route(surveyResultsDeleteItem, async ({ query, user, commit }) => {
    const config = await findSurveyConfig(store.db, query.surveyId);
    const ref = { config, surveyId: query.surveyId, userId: user.userId, partitionKey: query.partitionKey };
    // The blobs of the files the answer takes with it: removed only once the deletion has committed.
    let released: string[] = [];
    const answer = await commit(async (trx) => {
      const out = await deleteAnswer(trx, ref);
      // Read after the rows went, the plan finds no booking to announce: the reminders go void, nothing is sent.
      await queueLineMessages(trx, answerDeps.outbox, ref, { kind: 'cancelled', status: null });
      released = out.released;
      return { result: 'OK' as const, data: { deleted: out.deleted } };
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
