/** Refusals and their JSON: shared by route(), the idempotency layer (which stores them) and the app's error handler. */
import type { ErrorAnswer } from '@core/contract/envelope';
import { Refusal, type RefusalExtra, type RefusalStatus } from '@core/refusals';

/**
 * To be removed: the old form `ApiError(status, code, text, extra)`, kept only for the files
 * being rewritten elsewhere (answers/write.ts, reservations.ts, reservation-targets.ts), which will
 * raise catalogue refusals (`refuse` of core/refusals.ts) instead. Nothing else may use it
 * (tests/core/refusals.test.ts).
 */
export class ApiError extends Refusal {
  constructor(status: RefusalStatus, code: string, message: string, extra: RefusalExtra = {}) {
    super('internal', undefined, extra);
    // Refusal's fields are readonly for its callers; this stand-in alone sets its own.
    Object.assign(this, { status, code, message });
  }
}

/** The error envelope of a refusal, exactly as the client receives it (and as a replay repeats it). */
export const errorAnswerOf = (requestId: string | undefined, err: Refusal): ErrorAnswer => ({
  result: 'ERROR',
  requestId,
  code: err.code,
  errorMessage: err.message,
  ...err.extra,
});
