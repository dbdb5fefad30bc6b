import { surveyConfigsOpenList } from '@core/contract/survey-configs';
import { call, unwrap } from '../../lib/api';
import { cachedQueryOptions } from '../../offline/cache';

/** The open forms: the same for every resident, cached so the start page renders offline. */
export const openSurveysQuery = () =>
  cachedQueryOptions({
    queryKey: ['survey-configs', 'open'] as const,
    visibility: 'public',
    fetcher: async (signal) => unwrap(await call(surveyConfigsOpenList, {}, { signal })),
  });
