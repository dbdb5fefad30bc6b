/**
 * What both backends share: a recurring job (`everySeconds`) is one job per period, whichever process
 * enqueues it first (the period's unique key makes the second add nothing), and the retry limits.
 */
import type { JobRequest } from './enqueue';

/** The period a recurring job is in at `ms`, as the job that runs it. */
export const periodJob = (name: string, everySeconds: number, ms: number): JobRequest & { period: number } => {
  const n = Math.floor(ms / (everySeconds * 1000));
  // Two attempts: a run killed with its process is taken over once; a run that threw is not
  // retried (the next period is its retry).
  return { period: n, name, runAt: new Date(n * everySeconds * 1000), uniqueKey: `every:${name}:${n}`, maxAttempts: 2 };
};

/** Deferrals (RetryLater) one job may take before they count as failed attempts. */
export const MAX_DEFERRALS = 100;
/** The first retry's wait when a definition names none; it doubles each time. */
export const DEFAULT_BACKOFF_S = 5;
/** Retries wait at most this long. */
export const MAX_BACKOFF_S = 3600;
