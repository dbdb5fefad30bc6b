import { surveyConfigsOpenList } from '@core/contract/survey';
import { queryOptions } from '@tanstack/react-query';
import { call, unwrap } from '../../lib/api';

export const openSurveysQuery = () =>
  queryOptions({
    queryKey: ['survey-configs', 'open'] as const,
    queryFn: async ({ signal }) => unwrap(await call(surveyConfigsOpenList, {}, { signal })),
  });
