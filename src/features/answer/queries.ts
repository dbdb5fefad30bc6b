import { surveyConfigsGetItem } from '@core/contract/survey';
import { queryOptions } from '@tanstack/react-query';
import { call, unwrap } from '../../lib/api';

export const surveyConfigQuery = (surveyId: string) =>
  queryOptions({
    queryKey: ['survey-config', surveyId] as const,
    queryFn: async ({ signal }) => unwrap(await call(surveyConfigsGetItem, { query: { surveyId } }, { signal })),
  });
