/**
 * A job worker in a process of its own, for jobs-processes.test.ts: the server's queue (pg-boss on
 * PostgreSQL, the table on SQLite) on the database the environment names, with two test jobs that
 * record each run in job_test_runs. HANG=1: a test.hold run never ends (the process is to be
 * killed holding it).
 */
import { sql } from 'kysely';
import { openStore } from '../../server/store/open';
import { openJobQueue } from '../../server/jobs/open-queue';
import { silentLogger } from '../../server/log';

const env = process.env;
const databaseUrl = env['DATABASE_URL'] || undefined;
const pgSchema = env['DATABASE_SCHEMA'] || undefined;
const leaseSeconds = Number(env['LEASE_SECONDS']);
const store = await openStore({ dataDir: env['DATA_DIR'] as string, databaseUrl, pgSchema });
const queue = await openJobQueue({ store, databaseUrl, pgSchema, leaseSeconds, log: silentLogger });
const record = async (jobId: string, name: string) => {
  await sql`insert into job_test_runs (job_id, name, pid) values (${jobId}, ${name}, ${process.pid})`.execute(store.db);
};
await queue.start({
  log: silentLogger,
  leaseSeconds,
  pollMs: 100,
  jobs: [
    { name: 'test.tick', everySeconds: 1, run: (_p, job) => record(job.id, 'test.tick') },
    {
      name: 'test.hold',
      backoffSeconds: 1,
      run: async (_p, job) => {
        await record(job.id, 'test.hold');
        if (env['HANG'] === '1') await new Promise(() => {});
      },
    },
  ],
});
// The worker's timers never keep a process alive; this one lives until it is killed.
setInterval(() => {}, 1 << 30);
process.stdout.write('ready\n');
