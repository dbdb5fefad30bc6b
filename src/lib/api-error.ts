import { ID_TOKEN_EXPIRED_CODE, ID_TOKEN_EXPIRED_TEXT } from '@core/contract/auth';
import type { ErrorAnswer, Issue } from '@core/contract/envelope';

export type ItemIssues = NonNullable<ErrorAnswer['itemIssues']>;

export interface ApiClientErrorInit {
  status: number;
  code: string;
  errorMessage: string;
  issues?: Issue[] | undefined;
  /** A refused answer's problems by itemKey (400 invalid_answer), kept so a form can show them. */
  itemIssues?: ItemIssues | undefined;
  needRefresh?: boolean | undefined;
  retryable?: boolean | undefined;
  requestId?: string | undefined;
  /** A refused reservation's detail (reservation_limit): shown as "{errorMessage}（{checkDetail}）" (spec 02 §8). */
  checkDetail?: string | null | undefined;
  /** The answer's Retry-After (429, 503), in ms: no new attempt before that. */
  retryAfterMs?: number | undefined;
}

/** One refused or failed call. status 0 means no HTTP answer arrived (timeout, network). */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errorMessage: string;
  readonly issues: Issue[];
  readonly itemIssues: ItemIssues | undefined;
  readonly needRefresh: boolean;
  readonly retryable: boolean;
  readonly requestId: string | undefined;
  readonly checkDetail: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiClientErrorInit) {
    super(`${init.status} ${init.code}: ${init.errorMessage}`);
    this.name = 'ApiClientError';
    this.status = init.status;
    this.code = init.code;
    this.errorMessage = init.errorMessage;
    this.issues = init.issues ?? [];
    this.itemIssues = init.itemIssues;
    this.needRefresh = init.needRefresh ?? false;
    this.retryable = init.retryable ?? false;
    this.requestId = init.requestId;
    this.checkDetail = init.checkDetail ?? undefined;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export const isApiClientError = (e: unknown): e is ApiClientError => e instanceof ApiClientError;

/** spec 01 §7: "Request timeout" is the text the original returns for a timed-out call. */
export const timeoutError = (): ApiClientError =>
  new ApiClientError({ status: 0, code: 'timeout', errorMessage: 'Request timeout' });

/**
 * Code fetched on demand that did not arrive (offline before the service worker holds it, a weak
 * link) fails as the network does: the resident's next step is the same, connect and try again.
 */
export const codeNotLoaded = (e: unknown): ApiClientError =>
  new ApiClientError({ status: 0, code: 'network', errorMessage: e instanceof Error ? e.message : String(e) });

/** spec 01 §8: 403 invalid_request "IdToken expired.", LINE's (and our server's) expired login. */
/** Failures the network caused (offline, a weak link, a timeout): trying again is the next step. */
export const isTransportFailure = (e: unknown): boolean => isApiClientError(e) && (e.code === 'network' || e.code === 'timeout');

export const isTokenExpired = (e: unknown): boolean =>
  isApiClientError(e) && e.status === 403 && e.code === ID_TOKEN_EXPIRED_CODE && e.errorMessage === ID_TOKEN_EXPIRED_TEXT;

/**
 * The server refused the resident's login itself: expired (403 above) or missing, forged or
 * unknown to it (401 unauthorized: a token our clock still thinks valid, a dev issuer's key
 * renewed; 401 id_token_missing). Either way the only way on is to sign in again. A kiosk's
 * refusal has its own code.
 */
export const isLoginRefused = (e: unknown): boolean =>
  isTokenExpired(e) || (isApiClientError(e) && e.status === 401 && (e.code === 'unauthorized' || e.code === 'id_token_missing'));
