/**
 * The one way the PWA calls the server: typed by core/contract (what goes in is the endpoint's
 * request schema input, what comes out is its parsed answer), with the resident's id token as
 * Bearer, and spec 01 §7's retry rule (see retry.ts). A staff call goes under the staff API's
 * prefix with no token: the browser sends the staff session's cookie itself, and a resident's
 * token is never shown to the staff side.
 */
import { OFFICE_PREFIX, buildPath, prefixOf, type AnswerOut, type EndpointDef, type RequestOf } from '@core/contract/define';
import { errorAnswerSchema, type ErrorAnswer } from '@core/contract/envelope';
import { ApiClientError, isLoginRefused } from './api-error';
import { takeEarlyResponse } from './early-requests';
import { KIOSK_REVOKED } from '@core/contract/kiosk-codes';
import { markKioskRevoked } from './kiosk';
import { withRetry, type RetryDeps, type RetryPolicy } from './retry';
import { getSession, markSessionRefused, type Session } from './session';

type UndefinedKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/** RequestOf<E> with the parts the endpoint does not have (params, query or body) optional. */
export type CallRequest<E extends EndpointDef> = Partial<Pick<RequestOf<E>, UndefinedKeys<RequestOf<E>>>> &
  Omit<RequestOf<E>, UndefinedKeys<RequestOf<E>>>;

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Per attempt; spec default 30 s. */
  timeoutMs?: number | undefined;
  /** For idempotent writes; the outbox passes its own so a replay after a reload is deduplicated. */
  idempotencyKey?: string | undefined;
  retry?: Partial<RetryPolicy> | undefined;
}

type CallArgs<E extends EndpointDef> = object extends CallRequest<E>
  ? [request?: CallRequest<E>, options?: CallOptions]
  : [request: CallRequest<E>, options?: CallOptions];

export interface ApiClientDeps {
  /** Read at call time, so tests that stub the global fetch are honoured. */
  fetch?: typeof fetch;
  getSession?: () => Session | null;
  baseUrl?: string;
  retryDeps?: Partial<RetryDeps>;
  retryPolicy?: Partial<RetryPolicy>;
}

/**
 * Admin mode (features/answer/admin-gate.tsx) is on: the reads a form needs (`office` endpoints)
 * go through the staff API's office mirror with the staff session's cookie, not a resident's token.
 */
let officeMode = false;
export const setOfficeMode = (on: boolean): void => {
  officeMode = on;
};

const randomId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

const queryString = (query: unknown): string => {
  if (query === null || typeof query !== 'object') return '';
  const sp = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? (value as unknown[]) : [value]) sp.append(key, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
};

const readJson = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** RFC 9110 Retry-After, delay-seconds or an HTTP date, as ms from `now`; undefined when absent or unreadable. */
export const parseRetryAfter = (value: string | null, now: number = Date.now()): number | undefined => {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
};

/** Any non-2xx answer becomes one error shape, whether or not the body is the error envelope. */
export const errorFromAnswer = (status: number, body: unknown, statusText = '', retryAfterMs?: number): ApiClientError => {
  const parsed = errorAnswerSchema.safeParse(body);
  if (parsed.success) {
    const a = parsed.data;
    return new ApiClientError({
      status,
      code: a.code ?? `http_${status}`,
      errorMessage: a.errorMessage,
      issues: a.issues,
      itemIssues: a.itemIssues,
      needRefresh: a.needRefresh,
      retryable: a.retryable,
      requestId: a.requestId,
      checkDetail: a.checkDetail,
      retryAfterMs,
    });
  }
  return new ApiClientError({ status, code: `http_${status}`, errorMessage: statusText || `HTTP ${status}`, retryAfterMs });
};

export const createApiClient = (deps: ApiClientDeps = {}) => {
  const call = async <E extends EndpointDef>(endpoint: E, ...[request, options]: CallArgs<E>): Promise<AnswerOut<E>> => {
    const req = (request ?? {}) as Partial<RequestOf<E>>;
    const path = buildPath(endpoint.path, req.params as Record<string, string | number> | undefined);
    const viaOffice = officeMode && endpoint.office === true;
    const url = `${deps.baseUrl ?? ''}${viaOffice ? OFFICE_PREFIX : prefixOf(endpoint)}${path}${queryString(req.query)}`;

    const headers: Record<string, string> = { Accept: 'application/json' };
    // A staff call is authorised by its cookie alone: a resident's token is never sent to one.
    const session = endpoint.api === 'staff' || viaOffice ? null : (deps.getSession ?? getSession)();
    if (session) headers.Authorization = `Bearer ${session.idToken}`;
    let body: string | undefined;
    if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    // One key for every attempt of this call, so a retried write is stored once.
    if (endpoint.idempotent) headers['Idempotency-Key'] = options?.idempotencyKey ?? randomId();

    const attempt = async (signal: AbortSignal): Promise<AnswerOut<E>> => {
      const fetchImpl = deps.fetch ?? globalThis.fetch;
      // The first screen's request may already be under way (src/early.ts); a test's own fetch
      // always gets the call.
      const early = deps.fetch ? null : takeEarlyResponse(endpoint.method, url, headers.Authorization);
      const res = await (early ?? fetchImpl(url, { method: endpoint.method, headers, body, signal, credentials: 'same-origin' }));
      const json = await readJson(res);
      if (!res.ok) {
        const error = errorFromAnswer(res.status, json, res.statusText, parseRetryAfter(res.headers.get('retry-after')));
        // Whatever the call, a revoked kiosk stops at once (the layout shows the stop screen),
        // and a refused login ends the session: the screens then ask for a new sign-in.
        if (error.code === KIOSK_REVOKED) markKioskRevoked();
        if (session && isLoginRefused(error)) markSessionRefused(session.idToken);
        throw error;
      }
      // Async: a form's item types the app loads on demand are fetched before their items are checked.
      const parsed = await endpoint.response.safeParseAsync(json);
      if (!parsed.success) {
        throw new ApiClientError({
          status: res.status,
          code: 'invalid_response',
          errorMessage: `${endpoint.method} ${endpoint.path}: answer does not match the contract`,
        });
      }
      return parsed.data as AnswerOut<E>;
    };

    try {
      return await withRetry(attempt, {
        signal: options?.signal,
        deps: deps.retryDeps,
        policy: {
          ...deps.retryPolicy,
          ...options?.retry,
          ...(options?.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        },
      });
    } catch (e) {
      if (e instanceof TypeError) throw new ApiClientError({ status: 0, code: 'network', errorMessage: e.message });
      throw e;
    }
  };

  return { call };
};

export type ApiClient = ReturnType<typeof createApiClient>;

const defaultClient = createApiClient();
export const call = defaultClient.call;

/** An answer that is OK (a call whose OK answer has no `data`); an ERROR envelope is thrown as unwrap does. */
export const okAnswer = <T extends { result: 'OK' }>(answer: T | ErrorAnswer): T => {
  if (answer.result === 'OK') return answer;
  return unwrap(answer);
};

/**
 * The data of an OK envelope; an `ERROR` envelope that came with a 2xx status is thrown like a
 * refused call, so screens handle one error path.
 */
export const unwrap = <T>(answer: { result: 'OK'; data: T } | ErrorAnswer, status = 200): T => {
  if (answer.result === 'OK') return answer.data;
  throw new ApiClientError({
    status,
    code: answer.code ?? 'error',
    errorMessage: answer.errorMessage,
    issues: answer.issues,
    itemIssues: answer.itemIssues,
    needRefresh: answer.needRefresh,
    checkDetail: answer.checkDetail,
  });
};
