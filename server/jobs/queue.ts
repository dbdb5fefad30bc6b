/**
 * The job queue as the rest of the server sees it (Deps.jobs): enqueue inside the caller's
 * transaction, so a job commits with the change that caused it or not at all; start this process's
 * worker; close. On SQLite the product's own `jobs` table, on PostgreSQL pg-boss (docs/jobs.md).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema';
import type { Store } from '../store/open';
import type { Logger } from '../log';
import { enqueue, type JobRequest } from './enqueue';
import { startJobWorker, type JobDefinition, type JobWorker } from './worker';

export interface JobStart {
  log: Logger;
  jobs: readonly JobDefinition[];
  /** Seconds a job is held by its process; past it (the process died) another takes the job over. */
  leaseSeconds: number;
  pollMs: number;
  /** Jobs one process runs at once. */
  concurrency?: number;
}

export interface JobQueue {
  /** True when the job was added, false when its unique key already had one. */
  enqueue(db: Kysely<Database> | Transaction<Database>, job: JobRequest): Promise<boolean>;
  /** This process's worker: runs the jobs of these definitions, and enqueues the recurring ones. */
  start(o: JobStart): Promise<JobWorker>;
  /** Releases what the queue holds of its own (pg-boss's pool); the store stays open. */
  close(): Promise<void>;
}

/** The queue on the product's own `jobs` table (docs/jobs.md). */
export const tableJobQueue = (store: Store): JobQueue => ({
  enqueue: (db, job) => enqueue(db, job),
  start: async (o) => startJobWorker({ store, ...o }),
  close: async () => {},
});
