/**
 * The job queue of a test's database as the server makes it (pg-boss on PostgreSQL, the table on
 * SQLite), and its jobs read back in one shape from either backend's table.
 */
import { sql } from 'kysely';
import { pgBossSchemaOf } from '../../server/jobs/pgboss-queue';
import { openJobQueue } from '../../server/jobs/open-queue';
import type { JobQueue } from '../../server/jobs/queue';
import { silentLogger } from '../../server/log';
import type { Store } from '../../server/store/open';

/** pgSchema: the store's PostgreSQL schema (postgres only). */
export const testQueue = (store: Store, pgSchema: string | undefined, leaseSeconds: number): Promise<JobQueue> =>
  openJobQueue({ store, databaseUrl: process.env['TEST_DATABASE_URL'], pgSchema, leaseSeconds, log: silentLogger });

export interface JobRow {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  lastError: string | null;
}

const pgStates: Record<string, JobRow['state']> = { created: 'queued', retry: 'queued', active: 'running', completed: 'done', failed: 'failed', cancelled: 'failed' };

/** The jobs of this name, oldest first. */
export const jobRows = async (store: Store, pgSchema: string | undefined, name: string): Promise<JobRow[]> => {
  if (store.engine === 'sqlite') {
    const rows = await store.db.selectFrom('jobs').selectAll().where('name', '=', name).orderBy('created_at').execute();
    return rows.map((r) => ({ id: r.id, state: r.state, attempts: r.attempts, lastError: r.last_error }));
  }
  const rows = (
    await sql<{ id: string; state: string; retry_count: number; started_on: Date | null; error: string | null }>`
      select id, state, retry_count, started_on, output->>'message' as error from ${sql.table(`${pgBossSchemaOf(pgSchema)}.job`)}
      where name = ${name} order by created_on`.execute(store.db)
  ).rows;
  // retry_count goes up at each claim after the first.
  return rows.map((r) => ({ id: r.id, state: pgStates[r.state]!, attempts: r.started_on ? r.retry_count + 1 : 0, lastError: r.error }));
};
