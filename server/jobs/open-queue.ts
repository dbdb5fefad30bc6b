/** The queue the store's engine takes: pg-boss on PostgreSQL, the `jobs` table on SQLite (docs/jobs.md). */
import type { Logger } from '../log';
import type { Store } from '../store/open';
import { createPgBossQueue } from './pgboss-queue';
import { tableJobQueue, type JobQueue } from './queue';

export interface JobQueueOptions {
  store: Store;
  /** The store's URL and schema (PostgreSQL): pg-boss's pool and schema are derived from them. */
  databaseUrl: string | undefined;
  pgSchema: string | undefined;
  leaseSeconds: number;
  log: Logger;
}

export const openJobQueue = (o: JobQueueOptions): Promise<JobQueue> =>
  o.store.engine === 'postgres'
    ? createPgBossQueue({ connectionString: o.databaseUrl as string, storeSchema: o.pgSchema, leaseSeconds: o.leaseSeconds, log: o.log })
    : Promise.resolve(tableJobQueue(o.store));
