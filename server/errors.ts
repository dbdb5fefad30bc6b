/** Refusals and their JSON: shared by route(), the idempotency layer (which stores them) and the app's error handler. */
import type { ErrorAnswer } from '@core/contract/envelope';

/** A refusal with its HTTP status and machine-readable code; the app turns it into JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: string,
    message: string,
    readonly extra: Partial<Pick<ErrorAnswer, 'issues' | 'needRefresh' | 'itemIssues' | 'retryable' | 'checkDetail'>> = {},
  ) {
    super(message);
  }
}

/** The error envelope of a refusal, exactly as the client receives it (and as a replay repeats it). */
export const errorAnswerOf = (requestId: string | undefined, err: ApiError): ErrorAnswer => ({
  result: 'ERROR',
  requestId,
  code: err.code,
  errorMessage: err.message,
  ...err.extra,
});
