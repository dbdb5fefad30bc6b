/**
 * Enqueueing a job, inside the caller's transaction when it passes one: the job commits with the
 * change that caused it or not at all (a transactional outbox), on both engines.
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema';
import { insertJob } from '../store/jobs';

export interface JobRequest {
  name: string;
  payload?: unknown;
  /** Not before this instant (a delayed job); now when absent. */
  runAt?: Date;
  /** A second job with this key is not added while the first's row is kept (docs/jobs.md). */
  uniqueKey?: string;
  /** Attempts before the job is failed for good; 5 when absent. */
  maxAttempts?: number;
}

export const DEFAULT_ATTEMPTS = 5;

/** True when the job was added, false when its unique key already had one. */
export const enqueue = (db: Kysely<Database> | Transaction<Database>, job: JobRequest, now: Date = new Date()): Promise<boolean> =>
  insertJob(db, {
    id: crypto.randomUUID(),
    name: job.name,
    uniqueKey: job.uniqueKey ?? null,
    payloadJson: JSON.stringify(job.payload ?? null),
    runAt: (job.runAt ?? now).toISOString(),
    maxAttempts: job.maxAttempts ?? DEFAULT_ATTEMPTS,
    now: now.toISOString(),
  });
