import { surveyConfigsGetItem } from '@core/contract/survey-configs';
import { queryOptions } from '@tanstack/react-query';
import { call, unwrap } from '../../lib/api';
import { cachedQueryOptions } from '../../offline/cache';

/**
 * The survey config, read through the offline cache: a form opened once opens again with no
 * network (data.fromCache marks a copy that may not be the latest).
 */
export const surveyConfigQuery = (surveyId: string) =>
  cachedQueryOptions({
    queryKey: ['survey-config', surveyId] as const,
    fetcher: async (signal) => unwrap(await call(surveyConfigsGetItem, { query: { surveyId } }, { signal })),
  });

/**
 * The stored answer /survey/{id}?partitionKey=… changes (always read afresh: it may have just
 * changed). The result calls' schemas load with it: a form opened to answer anew never needs them.
 */
export const editedAnswerQuery = (surveyId: string, partitionKey: string) =>
  queryOptions({
    queryKey: ['survey-answer', surveyId, partitionKey] as const,
    queryFn: async ({ signal }) => {
      const { surveyResultsByPartitionKey } = await import('@core/contract/survey');
      return unwrap(await call(surveyResultsByPartitionKey, { query: { surveyId, partitionKey } }, { signal }));
    },
    staleTime: 0,
    gcTime: 0,
  });
