/** Refusals and their JSON: shared by route(), the idempotency layer (which stores them) and the app's error handler. */
import type { ErrorAnswer } from '@core/contract/envelope';
import type { Refusal } from '@core/refusals';

/** The error envelope of a refusal, exactly as the client receives it (and as a replay repeats it). */
export const errorAnswerOf = (requestId: string | undefined, err: Refusal): ErrorAnswer => ({
  result: 'ERROR',
  requestId,
  code: err.code,
  errorMessage: err.message,
  ...err.extra,
});
