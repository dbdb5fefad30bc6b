/**
 * The job queue as the rest of the server sees it (Deps.jobs): enqueue inside the caller's
 * transaction, so a job commits with the change that caused it or not at all.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema';
import { enqueue, type JobRequest } from './enqueue';

export interface JobQueue {
  /** True when the job was added, false when its unique key already had one. */
  enqueue(db: Kysely<Database> | Transaction<Database>, job: JobRequest): Promise<boolean>;
}

/** The queue on the product's own `jobs` table (docs/jobs.md). */
export const tableJobQueue: JobQueue = { enqueue: (db, job) => enqueue(db, job) };
