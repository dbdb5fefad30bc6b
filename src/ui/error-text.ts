import { isApiClientError } from '../lib/api-error';
import { loadErrorLines, storedErrorText } from '../lib/error-text';

/**
 * The spec 01 §8 lines for a failed load, or null when the failure has no catalogue text and the
 * generic error card applies.
 */
export const errorLinesFor = (error: unknown): readonly string[] | null => loadErrorLines(error);

/**
 * What the error card shows under its fixed text: the server's own words when it sent any (spec
 * 01 §8 "shown raw"). What the client made up itself is no server text and not for residents
 * (a gateway's "Bad Gateway", "GET /x: answer does not match the contract"): it reads in Japanese,
 * and the raw text goes to the card's data-detail (rawErrorDetail).
 */
export const errorDetailFor = (error: unknown): string | undefined => {
  if (isApiClientError(error)) {
    const clientMade = error.code === 'invalid_response' || error.code.startsWith('http_');
    return clientMade ? storedErrorText({ status: error.status, code: error.code, message: error.errorMessage }) : error.errorMessage;
  }
  return error instanceof Error ? error.message : undefined;
};

/** The failure as it came, for support reading a screenshot's page or the console. */
export const rawErrorDetail = (error: unknown): string | undefined => {
  if (isApiClientError(error)) return `${error.status} ${error.code}: ${error.errorMessage}`;
  return error instanceof Error ? error.message : undefined;
};
