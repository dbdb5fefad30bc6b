/**
 * spec 01 §7's retry rule, apart from fetch so it can be tested with a fake clock:
 * - a 503 the server marks `retryable: true` is tried again, at most 3 attempts in all, and never
 *   past 60 s from the first attempt (a wait that would cross the budget is not started); its
 *   Retry-After, when longer than the backoff, is the wait;
 * - a network failure (fetch rejects with TypeError) is tried again once, after 1 s;
 * - each attempt has its own timeout (capped by what is left of the budget), which ends the call
 *   with code `timeout` (not retried: the request may have reached the server, and a resident
 *   should not wait 3 × 30 s).
 * The backoff has a small random jitter so phones that met the same overload do not come back in
 * step.
 */
import { ApiClientError, timeoutError } from './api-error';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Wall time from the first attempt after which no new attempt starts. */
  budgetMs: number;
  /** Wait before the 2nd attempt after a retryable 503; doubled for each further one. */
  baseDelayMs: number;
  /** Upper bound of the random amount added to each 503 backoff. */
  jitterMs: number;
  /** How many times a network failure is tried again. */
  networkRetries: number;
  networkDelayMs: number;
  /** Per attempt. */
  timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  budgetMs: 60_000,
  baseDelayMs: 2_000,
  jitterMs: 500,
  networkRetries: 1,
  networkDelayMs: 1_000,
  timeoutMs: 30_000,
};

export interface RetryDeps {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /** Arms a timer and returns its cancel function. */
  setTimer: (fn: () => void, ms: number) => () => void;
}

export const realRetryDeps = (): RetryDeps => ({
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
  setTimer: (fn, ms) => {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
});

export type FailureKind = 'retryable' | 'network' | 'final';

export const classifyFailure = (e: unknown): FailureKind => {
  if (e instanceof ApiClientError) return e.status === 503 && e.retryable ? 'retryable' : 'final';
  // fetch signals "no answer at all" (offline, DNS, connection reset, CORS) with a TypeError.
  if (e instanceof TypeError) return 'network';
  return 'final';
};

export interface RetryOptions {
  policy?: Partial<RetryPolicy>;
  deps?: Partial<RetryDeps>;
  /** The caller's cancellation (React Query aborts when a screen unmounts). */
  signal?: AbortSignal | undefined;
}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');

/** Runs one attempt with its own timeout, linked to the caller's signal. */
const attemptOnce = <T>(
  run: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  deps: RetryDeps,
  outer: AbortSignal | undefined,
): Promise<T> => {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      cancelTimer();
      outer?.removeEventListener('abort', onOuterAbort);
      fn();
    };
    // Racing the attempt (instead of trusting fetch to honour the signal) keeps the timeout exact
    // even for a body that stalls after the headers arrived.
    const cancelTimer = deps.setTimer(() => {
      const err = timeoutError();
      controller.abort(err);
      finish(() => reject(err));
    }, timeoutMs);
    const onOuterAbort = () => {
      const reason = abortReason(outer as AbortSignal);
      controller.abort(reason);
      finish(() => reject(reason));
    };
    if (outer?.aborted) {
      onOuterAbort();
      return;
    }
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    run(controller.signal).then(
      (v) => finish(() => resolve(v)),
      (e: unknown) => finish(() => reject(e)),
    );
  });
};

export const withRetry = async <T>(run: (signal: AbortSignal) => Promise<T>, options: RetryOptions = {}): Promise<T> => {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const deps: RetryDeps = { ...realRetryDeps(), ...options.deps };
  const start = deps.now();
  let attempts = 0;
  let networkRetriesLeft = policy.networkRetries;
  let retryableSeen = 0;

  for (;;) {
    attempts += 1;
    try {
      // A retry gets only what is left of the budget, so the whole call ends within it.
      const left = policy.budgetMs - (deps.now() - start);
      return await attemptOnce(run, Math.min(policy.timeoutMs, left), deps, options.signal);
    } catch (e) {
      if (options.signal?.aborted) throw e;
      const kind = classifyFailure(e);
      if (kind === 'final' || attempts >= policy.maxAttempts) throw e;
      let delay: number;
      if (kind === 'network') {
        if (networkRetriesLeft <= 0) throw e;
        networkRetriesLeft -= 1;
        delay = policy.networkDelayMs;
      } else {
        delay = policy.baseDelayMs * 2 ** retryableSeen + Math.floor(deps.random() * policy.jitterMs);
        if (e instanceof ApiClientError && e.retryAfterMs !== undefined) delay = Math.max(delay, e.retryAfterMs);
        retryableSeen += 1;
      }
      if (deps.now() - start + delay >= policy.budgetMs) throw e;
      await deps.sleep(delay);
      if (options.signal?.aborted) throw abortReason(options.signal);
    }
  }
};
