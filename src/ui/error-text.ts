import { isApiClientError } from '../lib/api-error';
import { loadErrorLines } from '../lib/error-text';

/**
 * The spec 01 §8 lines for a failed load, or null when the failure has no catalogue text and the
 * generic error card applies.
 */
export const errorLinesFor = (error: unknown): readonly string[] | null => loadErrorLines(error);

/** What the error card shows under its fixed text: the server's own words when it sent any. */
export const errorDetailFor = (error: unknown): string | undefined => {
  if (isApiClientError(error)) return error.errorMessage;
  return error instanceof Error ? error.message : undefined;
};
