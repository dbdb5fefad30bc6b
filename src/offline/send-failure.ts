/**
 * What a failed send of an outbox entry means, and how long the entry waits before the next:
 * after the API client's own retry rule has given up, a refusal (4xx) is final, an expired login
 * waits for a sign-in, and anything that says "not now" (no answer, 5xx, 429, 409 temporarily
 * locked) is tried again later, after a growing backoff or the server's Retry-After, whichever is
 * longer, until MAX_SEND_ATTEMPTS sends have failed in a row (then the entry stops, see db.ts).
 */
import { isApiClientError } from '../lib/api-error';
import type { OutboxError } from './db';

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** Up to this fraction is taken off each wait, so phones that failed together spread out. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, maxMs: 5 * 60_000, jitter: 0.2 };

/** Wait before the next send after `attempts` failed ones: 2 s, 4 s, 8 s … capped at 5 min. */
export const backoffDelay = (attempts: number, random: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number => {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (1 - policy.jitter * Math.min(1, Math.max(0, random))));
};

/** An entry this build cannot send (its endpoint left the contract): rejected, never dropped. */
export class OutboxEntryInvalidError extends Error {
  readonly code = 'invalid_entry';
  constructor(message: string) {
    super(message);
    this.name = 'OutboxEntryInvalidError';
  }
}

export type SendOutcome =
  | { kind: 'delivered'; answer: unknown }
  /**
   * `stopPass`: the failure says the network or the server is down, so do not try the others now.
   * `retryAfterMs`: the server's Retry-After, the shortest wait before this entry goes again.
   */
  | { kind: 'retry'; error: OutboxError; stopPass: boolean; retryAfterMs?: number | undefined }
  | { kind: 'needs-auth'; error: OutboxError }
  | { kind: 'rejected'; error: OutboxError };

const errorOf = (e: unknown): OutboxError => {
  if (isApiClientError(e)) {
    return {
      status: e.status,
      code: e.code,
      message: e.errorMessage,
      ...(e.issues.length > 0 ? { issues: e.issues } : {}),
      ...(e.itemIssues ? { itemIssues: e.itemIssues } : {}),
      ...(e.needRefresh ? { needRefresh: true } : {}),
      ...(e.checkDetail ? { checkDetail: e.checkDetail } : {}),
    };
  }
  if (e instanceof TypeError) return { status: 0, code: 'network', message: e.message };
  if (e instanceof Error) return { code: (e as { code?: string }).code ?? e.name, message: e.message };
  return { message: String(e) };
};

/**
 * What a failed send means for the entry, after the API client's own retry rule (spec 01 §7:
 * 503 retryable ≤ 3 attempts in 60 s; one network retry after 1 s) has given up.
 */
export const classifySendFailure = (e: unknown): Exclude<SendOutcome, { kind: 'delivered' }> => {
  const error = errorOf(e);
  if (e instanceof OutboxEntryInvalidError) return { kind: 'rejected', error };
  if (isApiClientError(e)) {
    const s = e.status;
    if (s === 401) return { kind: 'needs-auth', error };
    // spec 01 §8: LINE-style 403 invalid_request "IdToken expired." is an expired login.
    if (s === 403 && /idtoken expired/i.test(e.errorMessage)) return { kind: 'needs-auth', error };
    if (s === 409 && e.code === 'temporary_locked') return { kind: 'retry', error, stopPass: false };
    // No answer, a gateway or an overloaded server, or a captive portal's 200 HTML page
    // (invalid_response): the request may not have reached us, so try again later.
    if (s === 0 || s >= 500 || s === 408 || s === 429 || e.code === 'invalid_response') {
      return { kind: 'retry', error, stopPass: true, retryAfterMs: e.retryAfterMs };
    }
    // Every other 4xx, and an ERROR envelope on a 2xx, is the server refusing this answer.
    return { kind: 'rejected', error };
  }
  if (e instanceof TypeError || (e instanceof DOMException && e.name === 'AbortError')) {
    return { kind: 'retry', error: { ...error, status: 0 }, stopPass: true };
  }
  // An unexpected exception: keep the entry and try later rather than guess it is unsendable.
  return { kind: 'retry', error, stopPass: false };
};

/**
 * Sends of one entry that may fail in a row ("not now" failures, each after the API client's own
 * retries) before it stops as `stalled`: with the backoff above about an hour of trying. Past
 * that, more silent retries would only hide a server that keeps failing or a phone that stays
 * offline; the resident sees 要確認 and decides (再送信, with the same key).
 */
export const MAX_SEND_ATTEMPTS = 20;

/** When a retried entry goes next: after its backoff, and never before the server's Retry-After. */
export const nextAttemptDelay = (attempts: number, random: number, policy: BackoffPolicy, retryAfterMs: number | undefined): number =>
  Math.max(backoffDelay(attempts, random, policy), retryAfterMs ?? 0);
