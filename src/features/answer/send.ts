/** Sending a survey answer: putItem with the rows and the config version the form was drawn from. */
import { surveyResultsPutItem } from '@core/contract/survey';
import { call } from '../../lib/api';
import { ApiClientError } from '../../lib/api-error';
import type { SendRequest } from '../../form/survey-form';

export interface SentAnswer {
  partitionKey: string;
  answerCode: string | null;
}

export const sendAnswer = async ({ rows, configVersion }: SendRequest): Promise<SentAnswer> => {
  const answer = await call(surveyResultsPutItem, { body: { data: rows, configVersion } });
  if (answer.result === 'OK') return { partitionKey: answer.partitionKey, answerCode: answer.answercode };
  // An ERROR envelope with a 2xx status is handled like a refused call.
  throw new ApiClientError({
    status: 200,
    code: answer.code ?? 'error',
    errorMessage: answer.errorMessage,
    issues: answer.issues,
    needRefresh: answer.needRefresh,
  });
};
