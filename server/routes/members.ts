/**
 * Member calls of spec 02 §7. The user is always the verified token's user: a record that is not
 * the caller's answers 404 exactly like one that does not exist. Readings chosen here:
 * - One record per resident and member form (memberSurveyId#userId); putItem registers it or
 *   changes it (member write.ts), cancelItem and updateCheck set it キャンセル (its number stays
 *   taken for good), deleteItem removes its rows (its numbers stay taken too).
 * - updateCheck: a resident may only cancel their own record; any other status is the office's.
 * - The existence checks answer for any number of the form, as the spec's flag does; the update
 *   check excludes the original number only when it is the caller's own.
 */
import type { Transaction } from 'kysely';
import type { Issue } from '@core/contract/envelope';
import {
  memberConfigsGetAllSearchable,
  memberConfigsGetItem,
  memberResultsByUser,
  memberResultsCancelItem,
  memberResultsCheckSaibanExist,
  memberResultsCheckSaibanExistForUpdate,
  memberResultsDeleteItem,
  memberResultsFilterQuery,
  memberResultsPutItem,
  memberResultsPutUserId,
  memberResultsQuery,
  memberResultsUpdateCheck,
  type MemberConfig,
} from '@core/contract/member';
import { isSearchableSurvey } from '@core/form/survey-config';
import { searchKeysOf } from '@core/rules/search-match';
import { CANCELLED_RESERVATION_STATUS } from '@core/rules/status';
import type { RouteContext } from '../route-context';
import { refuse } from '@core/refusals';
import { badRequest, checkAnswer, invalidAnswer, nothingToStore, validateAnswerRows } from '../answers/check';
import { noResult } from '../answers/rules';
import { checkFileValues, releaseFiles, removeBlobs } from '../answers/files';
import {
  deleteMemberPartition,
  filterMemberRows,
  findEnabledMemberConfig,
  findMemberConfig,
  listEnabledMemberConfigs,
  listMemberRows,
  numberHolder,
  setMemberCheck,
} from '../store/members';
import { REVISION_COUNTER, claimCounter, claimRowForUser } from '../store/results';
import { categoryLookupFor } from '../store/calendars';
import type { Database } from '../store/schema';
import { memberPartitionKey, writeMemberRecord } from '../members/write';

const noMemberConfig = () => refuse('member_form_not_found');

export const registerMemberRoutes = (ctx: RouteContext): void => {
  const { store } = ctx.deps;

  const requireConfig = async (surveyId: string): Promise<MemberConfig> => {
    const cfg = await findMemberConfig(store.db, surveyId);
    if (!cfg) throw noMemberConfig();
    return cfg;
  };

  ctx.route(memberConfigsGetItem, async ({ query }) => {
    const cfg = await findEnabledMemberConfig(store.db, query.memberSurveyId);
    if (!cfg) throw noMemberConfig();
    return { result: 'OK', data: cfg };
  });

  ctx.route(memberConfigsGetAllSearchable, async () => ({
    result: 'OK',
    data: (await listEnabledMemberConfigs(store.db)).filter(isSearchableSurvey),
  }));

  ctx.route(memberResultsByUser, async ({ query, user }) => {
    await requireConfig(query.surveyId);
    return { result: 'OK', data: await listMemberRows(store.db, query.surveyId, user.userId) };
  });

  ctx.route(memberResultsQuery, async ({ body, user }) => {
    await requireConfig(body.surveyId);
    return { result: 'OK', data: await listMemberRows(store.db, body.surveyId, user.userId) };
  });

  ctx.route(memberResultsPutItem, async ({ body, user, commit }) => {
    const surveyId = body[0]?.surveyId as string;
    const issues: Issue[] = body.flatMap((r, n) =>
      r.surveyId === surveyId ? [] : [{ path: `${n}.surveyId`, message: `すべての行は同じ surveyId (${surveyId}) でなければなりません` }],
    );
    if (issues.length > 0) throw badRequest(issues);
    const config = await findEnabledMemberConfig(store.db, surveyId);
    if (!config) throw noMemberConfig();
    // A row naming a record names the caller's own, or none of theirs.
    const own = memberPartitionKey(surveyId, user.userId);
    if (body.some((r) => r.partitionKey !== undefined && r.partitionKey !== own)) throw noResult();
    const shape = validateAnswerRows(config, body);
    if (shape.length > 0) throw badRequest(shape);
    const { itemIssues, kept } = checkAnswer(config, body, await categoryLookupFor(store.db, config, body));
    if (Object.keys(itemIssues).length > 0) throw invalidAnswer(itemIssues);
    // A registration of an automatic number alone is something to store: the number.
    const numbered = config.surveySchema.some((i) => i.type === 'memberNumber' && i.isAutomaticNumbering === true);
    if (kept.length === 0 && !numbered) throw nothingToStore();
    let released: string[] = [];
    const answer = await commit(async (trx) => {
      // As for a form's answer: photos and secure files must be the resident's own.
      await checkFileValues(trx, config, user.userId, kept);
      const written = await writeMemberRecord(trx, { config, user, rows: kept });
      released = written.released;
      return { result: 'OK' as const, data: written.stored };
    });
    await removeBlobs(ctx.deps.files.storage, released, ctx.deps.log);
    return answer;
  });

  /** Sets the caller's record キャンセル; 404 when it is not theirs. */
  const cancelRecord = async (trx: Transaction<Database>, surveyId: string, userId: string, partitionKey: string) => {
    await claimCounter(trx, partitionKey, REVISION_COUNTER);
    const updated = await setMemberCheck(trx, { surveyId, userId, partitionKey }, CANCELLED_RESERVATION_STATUS, new Date().toISOString());
    if (updated === 0) throw noResult();
  };

  ctx.route(memberResultsCancelItem, async ({ body, user, commit }) => {
    // One cancel per record, in key order (locks in one order); all or nothing.
    const records = [...new Map(body.map((r) => [`${r.surveyId}\u0000${r.partitionKey}`, r])).values()].sort((a, b) =>
      a.partitionKey < b.partitionKey ? -1 : a.partitionKey > b.partitionKey ? 1 : 0,
    );
    for (const surveyId of new Set(records.map((r) => r.surveyId))) await requireConfig(surveyId);
    return commit(async (trx) => {
      for (const r of records) await cancelRecord(trx, r.surveyId, user.userId, r.partitionKey);
      return { result: 'OK', data: { updated: records.length } };
    });
  });

  ctx.route(memberResultsUpdateCheck, async ({ body, user, commit }) => {
    await requireConfig(body.surveyId);
    if (body.check !== CANCELLED_RESERVATION_STATUS) {
      throw refuse('forbidden', undefined, { issues: [{ path: 'check', message: 'only キャンセル' }] });
    }
    return commit(async (trx) => {
      await cancelRecord(trx, body.surveyId, user.userId, body.partitionKey);
      return { result: 'OK', data: { partitionKey: body.partitionKey, check: body.check } };
    });
  });

  ctx.route(memberResultsDeleteItem, async ({ query, user, commit }) => {
    const config = await requireConfig(query.surveyId);
    // As a form's deleteItem: the record's photos and files go with it, their blobs once it has committed.
    let released: string[] = [];
    const answer = await commit(async (trx) => {
      await claimCounter(trx, query.partitionKey, REVISION_COUNTER);
      const rows = await listMemberRows(trx, query.surveyId, user.userId, query.partitionKey);
      const deleted = await deleteMemberPartition(trx, query.surveyId, user.userId, query.partitionKey);
      if (deleted === 0) throw noResult();
      released = await releaseFiles(trx, config, user.userId, rows, 'member_results');
      return { result: 'OK' as const, data: { deleted } };
    });
    await removeBlobs(ctx.deps.files.storage, released, ctx.deps.log);
    return answer;
  });

  ctx.route(memberResultsPutUserId, async ({ body, user, commit }) => {
    const now = new Date().toISOString();
    return commit(async (trx) => {
      for (const key of body.keys) {
        if (!(await claimRowForUser(trx, 'member_results', key, user.userId, now))) throw noResult();
      }
      return { result: 'OK', data: { updated: new Set(body.keys.map((k) => JSON.stringify([k.partitionKey, k.sortKey]))).size } };
    });
  });

  ctx.route(memberResultsFilterQuery, async ({ body, user }) => {
    const { surveyId, conditions } = body.queryParams;
    const config = await requireConfig(surveyId);
    const searchable = new Set(config.surveySchema.filter((i) => i.isSearchable?.value === true).map((i) => i.itemKey));
    const issues: Issue[] = Object.keys(conditions)
      .filter((k) => !searchable.has(k))
      .map((k) => ({ path: `queryParams.conditions.${k}`, message: `${k} は検索できる項目ではありません` }));
    if (issues.length > 0) throw badRequest(issues);
    return { result: 'OK', data: await filterMemberRows(store.db, surveyId, user.userId, conditions, searchKeysOf(config.surveySchema)) };
  });

  ctx.route(memberResultsCheckSaibanExist, async ({ query }) => {
    await requireConfig(query.memberSurveyId);
    return { result: 'OK', saibanExistFlag: (await numberHolder(store.db, query.memberSurveyId, query.saiban)) !== null };
  });

  ctx.route(memberResultsCheckSaibanExistForUpdate, async ({ query, user }) => {
    await requireConfig(query.memberSurveyId);
    const holder = await numberHolder(store.db, query.memberSurveyId, query.saiban);
    const ownOriginal = query.saiban === query.saibanOriginal && holder === memberPartitionKey(query.memberSurveyId, user.userId);
    return { result: 'OK', saibanExistFlag: holder !== null && !ownOriginal };
  });
};
