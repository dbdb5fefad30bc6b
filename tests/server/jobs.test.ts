/**
 * The job queue (server/jobs/): enqueued inside a caller's transaction (gone with its rollback),
 * one job per unique key, delayed jobs, retries with backoff to a final failed state, a dead
 * claimer's job taken over once its lease passes, and a recurring job run once per period by
 * two workers on one database. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { enqueue } from '../../server/jobs/enqueue';
import { startJobWorker, type JobDefinition } from '../../server/jobs/worker';
import { claimJobs, settleJob } from '../../server/store/jobs';
import { openStore, type Store } from '../../server/store/open';
import { silentLogger } from '../../server/log';
import { engines, scratchStores } from './harness';

const stores = scratchStores('jobs');
afterAll(() => stores.closeAll());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jobRow = (store: Store, name: string) => store.db.selectFrom('jobs').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const worker = (store: Store, jobs: JobDefinition[], leaseSeconds = 1) =>
  startJobWorker({ store, log: silentLogger, jobs, leaseSeconds, pollMs: 50 });

for (const engine of engines()) {
  describe(`job queue (${engine})`, () => {
    it('enqueues inside the caller’s transaction: a rollback takes the job with it', async () => {
      const store = await stores.open(engine);
      await expect(
        store.write(async (trx) => {
          await enqueue(trx, { name: 'outbox.rolled-back' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await store.write((trx) => enqueue(trx, { name: 'outbox.kept' }));
      const names = (await store.db.selectFrom('jobs').select('name').execute()).map((r) => r.name);
      expect(names).toEqual(['outbox.kept']);
    });

    it('one job per unique key; a delayed job waits for its time', async () => {
      const store = await stores.open(engine);
      expect(await enqueue(store.db, { name: 'once', uniqueKey: 'k1' })).toBe(true);
      expect(await store.write((trx) => enqueue(trx, { name: 'once', uniqueKey: 'k1' }))).toBe(false);
      expect(await store.db.selectFrom('jobs').select('id').where('unique_key', '=', 'k1').execute()).toHaveLength(1);
      const ran: string[] = [];
      await enqueue(store.db, { name: 'later', payload: { n: 1 }, runAt: new Date(Date.now() + 700) });
      const w = worker(store, [{ name: 'later', run: async (p) => void ran.push(JSON.stringify(p)) }]);
      await sleep(400);
      expect(ran).toEqual([]);
      await vi.waitFor(() => expect(ran).toEqual(['{"n":1}']), { timeout: 3000, interval: 50 });
      await w.stop();
      expect((await jobRow(store, 'later')).state).toBe('done');
    });

    it('retries with backoff, then fails for good', async () => {
      const store = await stores.open(engine);
      const at: number[] = [];
      await enqueue(store.db, { name: 'flaky', maxAttempts: 3 });
      const w = worker(store, [
        {
          name: 'flaky',
          backoffSeconds: 0.2,
          run: async () => {
            at.push(Date.now());
            throw new Error(`attempt ${at.length} refused`);
          },
        },
      ]);
      await vi.waitFor(async () => expect((await jobRow(store, 'flaky')).state).toBe('failed'), { timeout: 5000, interval: 50 });
      await w.stop();
      const row = await jobRow(store, 'flaky');
      expect(row.attempts).toBe(3);
      expect(row.last_error).toContain('attempt 3 refused');
      expect(at).toHaveLength(3);
      // 0.2 s, then 0.4 s.
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(190);
      expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(390);
    });

    it('a job whose claimer died is run by another worker once its lease passes', async () => {
      const store = await stores.open(engine);
      await enqueue(store.db, { name: 'orphaned' });
      const now = new Date().toISOString();
      const dead = await store.write((trx) =>
        claimJobs(trx, store.engine, { names: ['orphaned'], owner: 'dead', now, leaseUntil: new Date(Date.now() + 800).toISOString(), limit: 5 }),
      );
      expect(dead).toHaveLength(1);
      const ran: number[] = [];
      const w = worker(store, [{ name: 'orphaned', run: async (_p, job) => void ran.push(job.attempt) }]);
      await sleep(400);
      expect(ran).toEqual([]);
      await vi.waitFor(async () => expect((await jobRow(store, 'orphaned')).state).toBe('done'), { timeout: 3000, interval: 50 });
      await w.stop();
      expect(ran).toEqual([2]);
      // The dead claimer coming back cannot settle what it no longer holds.
      await settleJob(store.db, { id: dead[0]!.id, owner: 'dead', now }, 'too late');
      expect((await jobRow(store, 'orphaned')).last_error).toBeNull();
    });

    it('a recurring job runs once per period across two workers on one database', async () => {
      const store = await stores.open(engine);
      // On PostgreSQL a second pool on the same schema, as another process has; SQLite is one
      // process's database (two connections in one process would block each other's event loop).
      const other =
        engine === 'postgres'
          ? await openStore({ dataDir: store.env['DATA_DIR']!, databaseUrl: store.env['DATABASE_URL'], pgSchema: store.env['DATABASE_SCHEMA'] })
          : store;
      const runs: { id: string; by: string }[] = [];
      const tick = (by: string): JobDefinition => ({ name: 'tick', everySeconds: 1, run: async (_p, job) => void runs.push({ id: job.id, by }) });
      const a = worker(store, [tick('a')]);
      const b = worker(other, [tick('b')]);
      await sleep(3500);
      await Promise.all([a.stop(), b.stop()]);
      if (other !== store) await other.close();
      const rows = await store.db.selectFrom('jobs').selectAll().where('name', '=', 'tick').execute();
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.length).toBeLessThanOrEqual(5);
      expect(rows.every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
      expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
      expect(runs.length).toBe(rows.length);
    });
  });
}
