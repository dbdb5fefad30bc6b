import { surveyConfigsGetAllSearchable, surveyConfigsGetItem, surveyConfigsOpenList, surveyResultsFilterQuery } from '@core/contract/survey';
import { queryOptions } from '@tanstack/react-query';
import { call, unwrap } from '../../lib/api';
import { loadItemUis } from '../../items/registry';

export const searchableSurveysQuery = () =>
  queryOptions({
    queryKey: ['lookup', 'searchable'] as const,
    queryFn: async ({ signal }) => unwrap(await call(surveyConfigsGetAllSearchable, {}, { signal })),
  });

/**
 * The forms for members (spec 01 §4) as the open list names them: looked up through the member's
 * list, not a search (issue 54). The server names them only while members are offered.
 */
export const memberLinkedFormsQuery = () =>
  queryOptions({
    queryKey: ['lookup', 'member-forms'] as const,
    queryFn: async ({ signal }) =>
      unwrap(await call(surveyConfigsOpenList, {}, { signal })).flatMap((s) =>
        s.memberFormId ? [{ surveyId: s.surveyId, surveyTitle: s.surveyTitle, memberFormId: s.memberFormId }] : [],
      ),
    retry: false,
  });

/** Its own key: the survey screen keeps its config in another shape (through the offline cache). */
export const lookupConfigQuery = (surveyId: string) =>
  queryOptions({
    queryKey: ['lookup', 'config', surveyId] as const,
    queryFn: async ({ signal }) => {
      const config = unwrap(await call(surveyConfigsGetItem, { query: { surveyId } }, { signal }));
      // The answers are shown through their types' displays (view.tsx), some of them loaded on demand.
      await loadItemUis(config.surveySchema.map((i) => i.type));
      return config;
    },
  });

export const searchResults = async (surveyId: string, conditions: Record<string, string>, signal?: AbortSignal) =>
  unwrap(await call(surveyResultsFilterQuery, { body: { queryParams: { surveyId, conditions } } }, { signal }));
