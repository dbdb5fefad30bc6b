/** The queue the store's engine takes: pg-boss on PostgreSQL, the `jobs` table on SQLite (docs/jobs.md). */
import type { Logger } from '../log';
import type { Store } from '../store/open';
import { tableJobQueue, type JobQueue } from './queue';

export interface JobQueueOptions {
  store: Store;
  /** The store's URL and schema (PostgreSQL): pg-boss's pool and schema are derived from them. */
  databaseUrl: string | undefined;
  pgSchema: string | undefined;
  leaseSeconds: number;
  log: Logger;
}

export const openJobQueue = async (o: JobQueueOptions): Promise<JobQueue> => {
  if (o.store.engine === 'sqlite') return tableJobQueue(o.store);
  // Loaded only here: a SQLite server's start does not pay for pg-boss's modules.
  const { createPgBossQueue } = await import('./pgboss-queue');
  return createPgBossQueue({ connectionString: o.databaseUrl as string, storeSchema: o.pgSchema, leaseSeconds: o.leaseSeconds, log: o.log });
};
