import { isApiClientError } from '../lib/api-error';
import { ja } from '../messages/ja';

/**
 * The spec 01 §8 lines for a failed load, or null when the failure has no catalogue text and the
 * generic error card applies.
 */
export const errorLinesFor = (error: unknown): readonly string[] | null => {
  if (!isApiClientError(error)) return null;
  if (error.status === 404 || error.code === 'not_found') return [ja.errors.notFound];
  if (error.code === 'timeout') return ja.errors.timeout;
  if (error.code === 'network') return [ja.errors.network];
  return null;
};

/** What the error card shows under its fixed text: the server's own words when it sent any. */
export const errorDetailFor = (error: unknown): string | undefined => {
  if (isApiClientError(error)) return error.errorMessage;
  return error instanceof Error ? error.message : undefined;
};
