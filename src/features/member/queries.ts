/** Member reads (spec 02 §7): the member form, the resident's record, the linked forms and their answers. */
import { queryOptions } from '@tanstack/react-query';
import { memberConfigsGetItem, memberResultsByUser, memberResultsCheckSaibanExist, memberResultsCheckSaibanExistForUpdate, memberResultsFilterQuery } from '@core/contract/member';
import { surveyConfigsList, surveyResultsByUser } from '@core/contract/survey';
import { call, unwrap } from '../../lib/api';
import { loadItemUis } from '../../items/registry';

export const memberConfigQuery = (memberSurveyId: string) =>
  queryOptions({
    queryKey: ['member', 'config', memberSurveyId] as const,
    queryFn: async ({ signal }) => {
      const config = unwrap(await call(memberConfigsGetItem, { query: { memberSurveyId } }, { signal }));
      // Its records are shown through their types' displays (src/items/display.ts).
      await loadItemUis(config.surveySchema.map((i) => i.type));
      return config;
    },
  });

/** The resident's own record (always read afresh: it may have just been sent). */
export const memberRecordQuery = (memberSurveyId: string) =>
  queryOptions({
    queryKey: ['member', 'record', memberSurveyId] as const,
    queryFn: async ({ signal }) => unwrap(await call(memberResultsByUser, { query: { surveyId: memberSurveyId } }, { signal })),
    staleTime: 0,
    gcTime: 0,
  });

export const linkedConfigsQuery = (surveyIds: readonly string[]) =>
  queryOptions({
    queryKey: ['member', 'linked-configs', ...surveyIds] as const,
    queryFn: async ({ signal }) => {
      const configs = unwrap(await call(surveyConfigsList, { body: { surveyIdList: [...surveyIds] } }, { signal }));
      await loadItemUis(configs.flatMap((c) => c.surveySchema.map((i) => i.type)));
      return configs;
    },
  });

export const linkedResultsQuery = (surveyId: string) =>
  queryOptions({
    queryKey: ['member', 'linked-results', surveyId] as const,
    queryFn: async ({ signal }) => unwrap(await call(surveyResultsByUser, { query: { surveyId } }, { signal })),
    staleTime: 0,
  });

export const searchMember = async (surveyId: string, conditions: Record<string, string>) =>
  unwrap(await call(memberResultsFilterQuery, { body: { queryParams: { surveyId, conditions } } }));

/** Spec 02 §5: whether a typed number is taken; for an update the member's own number does not count. */
export const numberTaken = async (memberSurveyId: string, saiban: string, original: string | null): Promise<boolean> => {
  const answer = original
    ? await call(memberResultsCheckSaibanExistForUpdate, { query: { memberSurveyId, saiban, saibanOriginal: original } })
    : await call(memberResultsCheckSaibanExist, { query: { memberSurveyId, saiban } });
  if (answer.result !== 'OK') throw new Error(answer.errorMessage);
  return answer.saibanExistFlag;
};
