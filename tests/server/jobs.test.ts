/**
 * The job queue (server/jobs/) through its interface, on the backend the server picks (the table on
 * SQLite, pg-boss on PostgreSQL): enqueued inside a caller's transaction (gone with its rollback),
 * one job per unique key, delayed jobs, retries with backoff to a final failed state, a dead
 * claimer's job taken over once its lease passes, RetryLater, and a recurring job run once per
 * period by two workers on one database. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PgBoss } from 'pg-boss';
import type { JobDefinition } from '../../server/jobs/worker';
import type { JobQueue } from '../../server/jobs/queue';
import { pgBossSchemaOf } from '../../server/jobs/pgboss-queue';
import { RetryLater } from '../../server/jobs/retry-later';
import { claimJobs, settleJob } from '../../server/store/jobs';
import { silentLogger } from '../../server/log';
import { engines, scratchStores } from './harness';
import { jobRows, testQueue } from './job-harness';

const stores = scratchStores('jobs');
const queues: JobQueue[] = [];
afterAll(async () => {
  for (const q of queues.splice(0)) await q.close();
  await stores.closeAll();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const engine of engines()) {
  describe(`job queue (${engine})`, () => {
    const open = async (leaseSeconds = 1) => {
      const store = await stores.open(engine);
      const schema = store.env['DATABASE_SCHEMA'];
      const queue = await testQueue(store, schema, leaseSeconds);
      queues.push(queue);
      const rows = (name: string) => jobRows(store, schema, name);
      const only = async (name: string) => {
        const all = await rows(name);
        expect(all).toHaveLength(1);
        return all[0]!;
      };
      const worker = (jobs: JobDefinition[], q: JobQueue = queue) => q.start({ log: silentLogger, jobs, leaseSeconds, pollMs: 50 });
      return { store, schema, queue, rows, only, worker };
    };

    it('enqueues inside the caller’s transaction: a rollback takes the job with it', async () => {
      const { store, queue, rows } = await open();
      await expect(
        store.write(async (trx) => {
          await queue.enqueue(trx, { name: 'outbox', payload: { n: 1 } });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await rows('outbox')).toEqual([]);
      expect(await store.write((trx) => queue.enqueue(trx, { name: 'outbox', payload: { n: 2 } }))).toBe(true);
      expect(await rows('outbox')).toHaveLength(1);
    });

    it('one job per unique key; a delayed job waits for its time', async () => {
      const { store, queue, rows, only, worker } = await open();
      expect(await queue.enqueue(store.db, { name: 'once', uniqueKey: 'k1' })).toBe(true);
      expect(await store.write((trx) => queue.enqueue(trx, { name: 'once', uniqueKey: 'k1' }))).toBe(false);
      expect(await queue.enqueue(store.db, { name: 'once', uniqueKey: 'k2' })).toBe(true);
      expect(await rows('once')).toHaveLength(2);
      const ran: string[] = [];
      await queue.enqueue(store.db, { name: 'later', payload: { n: 1 }, runAt: new Date(Date.now() + 1200) });
      const w = await worker([{ name: 'later', run: async (p) => void ran.push(JSON.stringify(p)) }]);
      await sleep(700);
      expect(ran).toEqual([]);
      await vi.waitFor(() => expect(ran).toEqual(['{"n":1}']), { timeout: 4000, interval: 50 });
      await vi.waitFor(async () => expect((await only('later')).state).toBe('done'), { timeout: 2000, interval: 50 });
      await w.stop();
    });

    it('retries with backoff, then fails for good', { timeout: 20_000 }, async () => {
      const { store, queue, only, worker } = await open();
      const at: number[] = [];
      // pg-boss counts its delays in whole seconds: 0.2 s is 1 s there, doubling with some jitter.
      const w = await worker([
        {
          name: 'flaky',
          backoffSeconds: 0.2,
          run: async () => {
            at.push(Date.now());
            throw new Error(`attempt ${at.length} refused`);
          },
        },
      ]);
      await queue.enqueue(store.db, { name: 'flaky', maxAttempts: 3 });
      await vi.waitFor(async () => expect((await only('flaky')).state).toBe('failed'), { timeout: 15_000, interval: 100 });
      await w.stop();
      const row = await only('flaky');
      expect(row.attempts).toBe(3);
      expect(row.lastError).toContain('attempt 3 refused');
      expect(at).toHaveLength(3);
      // 0.2 s, then 0.4 s (SQLite); at least 1 s, then 2 s (PostgreSQL).
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(190);
      expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(390);
    });

    it('a job whose claimer died is run by another worker once its lease passes', { timeout: 15_000 }, async () => {
      const { store, schema, queue, only, worker } = await open();
      const ran: number[] = [];
      let comeBack: () => Promise<void>;
      if (engine === 'sqlite') {
        await queue.enqueue(store.db, { name: 'orphaned' });
        const now = new Date().toISOString();
        const dead = await claimJobs(store.db, store.engine, { names: ['orphaned'], owner: 'dead', now, leaseUntil: new Date(Date.now() + 800).toISOString(), limit: 5 });
        expect(dead).toHaveLength(1);
        comeBack = () => settleJob(store.db, { id: dead[0]!.id, owner: 'dead', now }, 'too late');
      } else {
        // A claimer that fetches the job and is never heard of again, on a pg-boss of its own.
        const dead = new PgBoss({ connectionString: process.env['TEST_DATABASE_URL'] as string, schema: pgBossSchemaOf(schema), supervise: false, schedule: false, registerInstance: false });
        await dead.start();
        await dead.createQueue('orphaned', { expireInSeconds: 1, retryDelay: 1 });
        await queue.enqueue(store.db, { name: 'orphaned' });
        const [job] = await dead.fetch('orphaned');
        expect(job).toBeDefined();
        comeBack = async () => {
          await dead.complete('orphaned', { id: job!.id, retryCount: job!.retryCount });
          await dead.stop({ graceful: false });
        };
      }
      const w = await worker([{ name: 'orphaned', backoffSeconds: 1, run: async (_p, job) => void ran.push(job.attempt) }]);
      await sleep(400);
      expect(ran).toEqual([]);
      await vi.waitFor(async () => expect((await only('orphaned')).state).toBe('done'), { timeout: 10_000, interval: 50 });
      await w.stop();
      expect(ran).toEqual([2]);
      // The dead claimer coming back cannot settle what it no longer holds.
      await comeBack();
      const row = await only('orphaned');
      expect(row.state).toBe('done');
      expect(row.attempts).toBe(2);
      expect(row.lastError).toBeNull();
    });

    it('RetryLater runs the job again after its delay without spending an attempt', { timeout: 15_000 }, async () => {
      const { store, queue, rows, worker } = await open();
      const runs: { at: number; id: string; attempt: number }[] = [];
      const w = await worker([
        {
          name: 'line.send',
          run: async (_p, job) => {
            runs.push({ at: Date.now(), id: job.id, attempt: job.attempt });
            if (runs.length < 3) throw new RetryLater(0.6, '429 Too Many Requests');
          },
        },
      ]);
      // One attempt only: had a deferral counted, the job would have failed at the first 429.
      await queue.enqueue(store.db, { name: 'line.send', payload: { to: 'U1' }, maxAttempts: 1 });
      await vi.waitFor(() => expect(runs).toHaveLength(3), { timeout: 10_000, interval: 50 });
      await vi.waitFor(async () => expect((await rows('line.send')).at(-1)?.state).toBe('done'), { timeout: 3000, interval: 50 });
      await w.stop();
      expect(runs.map((r) => r.attempt)).toEqual([1, 1, 1]);
      // The same job to its handler (a retry key made of it holds across deferrals).
      expect(new Set(runs.map((r) => r.id)).size).toBe(1);
      expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(590);
      expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(590);
      expect((await rows('line.send')).every((r) => r.state === 'done')).toBe(true);
    });

    it('deferrals past the cap count as failed attempts', { timeout: 40_000 }, async () => {
      const { store, queue, rows, worker } = await open();
      let n = 0;
      const w = await worker([
        {
          name: 'always-later',
          run: async () => {
            n++;
            throw new RetryLater(0, 'still 429');
          },
        },
      ]);
      await queue.enqueue(store.db, { name: 'always-later', maxAttempts: 1 });
      // Polled at once after each deferral rather than at the next tick (pg-boss polls every 0.5 s at best).
      const kicks = setInterval(() => w.kick(), 20);
      await vi.waitFor(async () => expect((await rows('always-later')).at(-1)?.state).toBe('failed'), { timeout: 35_000, interval: 200 });
      clearInterval(kicks);
      await w.stop();
      // A hundred deferrals, then the one attempt spent.
      expect(n).toBe(101);
    });

    it('a recurring run that threw is failed at once: the next period is its retry', async () => {
      const { rows, worker } = await open();
      let runs = 0;
      const w = await worker([
        {
          name: 'sweep',
          everySeconds: 1,
          backoffSeconds: 0.2,
          run: async () => {
            runs++;
            throw new Error('sweep refused');
          },
        },
      ]);
      await sleep(2600);
      await w.stop();
      const failed = (await rows('sweep')).filter((r) => r.state === 'failed');
      expect(failed.length).toBeGreaterThanOrEqual(2);
      expect(failed.every((r) => r.attempts === 1 && r.lastError?.includes('sweep refused'))).toBe(true);
      expect(runs).toBe(failed.length);
    });

    it('a recurring job runs once per period across two workers on one database', async () => {
      const { store, schema, rows, worker } = await open();
      // On PostgreSQL a second pg-boss (its own pool), as another process has; SQLite is one
      // process's database (two connections in one process would block each other's event loop).
      const other = engine === 'postgres' ? await testQueue(store, schema, 1) : undefined;
      if (other) queues.push(other);
      const runs: { id: string; by: string }[] = [];
      const tick = (by: string): JobDefinition => ({ name: 'tick', everySeconds: 1, run: async (_p, job) => void runs.push({ id: job.id, by }) });
      const a = await worker([tick('a')]);
      const b = await worker([tick('b')], other);
      await sleep(3500);
      await Promise.all([a.stop(), b.stop()]);
      const all = await rows('tick');
      const done = all.filter((r) => r.state === 'done');
      expect(done.length).toBeGreaterThanOrEqual(3);
      expect(all.length).toBeLessThanOrEqual(5);
      expect(done.every((r) => r.attempts === 1)).toBe(true);
      expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
      expect(runs.length).toBe(done.length);
    });
  });
}
