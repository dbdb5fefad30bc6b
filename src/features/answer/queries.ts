import { surveyConfigsGetItem } from '@core/contract/survey';
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
