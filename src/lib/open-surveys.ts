import { surveyConfigsOpenList } from '@core/contract/survey-configs';
import { call, unwrap } from './api';
import { cachedQueryOptions } from '../offline/cache';

/**
 * The open forms: the same for every resident, cached so the start page renders offline. Shared:
 * the start page lists them, the reservation item reads which large categories other forms own.
 */
export const openSurveysQuery = () =>
  cachedQueryOptions({
    queryKey: ['survey-configs', 'open'] as const,
    visibility: 'public',
    fetcher: async (signal) => unwrap(await call(surveyConfigsOpenList, {}, { signal })),
  });
