/**
 * Two worker processes on one database behave as one (issue 59): a recurring job runs once per
 * period between them, and a job held by a SIGKILLed process is run by the other once its lease
 * has passed (on SQLite the killed one's heartbeat kept it until then; on PostgreSQL pg-boss's
 * supervisor expires it). The child is job-worker-child.ts bundled by esbuild, as kill.test.ts
 * does with the server. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore } from '../../server/store/open';
import { dropSchema, engines, startTestServer } from './harness';
import { jobRows, testQueue } from './job-harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bundleDir = path.resolve('node_modules/.cache', `job-child-test-${process.pid}`);
const childBundle = path.join(bundleDir, 'child.mjs');
beforeAll(() => {
  buildSync({
    entryPoints: ['tests/server/job-worker-child.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@core': path.resolve('core') },
    outfile: childBundle,
    logLevel: 'warning',
  });
});
afterAll(() => fs.rmSync(bundleDir, { recursive: true, force: true }));

for (const engine of engines()) {
  describe(`job worker processes (${engine})`, () => {
    it('run a recurring job once per period; a killed process’s job is taken over', { timeout: 60_000 }, async ({ onTestFinished }) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-proc-'));
      const pgSchema = engine === 'postgres' ? `jobs_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
      const databaseUrl = engine === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined;
      const store = await openStore({ dataDir, databaseUrl, pgSchema });
      // SQLite renews a lease while its job runs; pg-boss's job runs at most its lease (expireInSeconds).
      const leaseSeconds = engine === 'sqlite' ? 2 : 5;
      const queue = await testQueue(store, pgSchema, leaseSeconds);
      const live = new Set<ChildProcess>();
      const kill = async (child: ChildProcess) => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          child.kill('SIGKILL');
          await exited;
        }
        live.delete(child);
      };
      onTestFinished(async () => {
        for (const child of live) await kill(child);
        await queue.close();
        await store.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (pgSchema) await dropSchema(pgSchema);
      });
      await sql`create table job_test_runs (job_id text not null, name text not null, pid integer not null)`.execute(store.db);

      const start = async (hang: boolean): Promise<ChildProcess> => {
        const child = spawn(process.execPath, [childBundle], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: pgSchema ?? '', HANG: hang ? '1' : '0', LEASE_SECONDS: String(leaseSeconds) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        live.add(child);
        let out = '';
        child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
        await vi.waitFor(() => expect(out).toContain('ready'), { timeout: 10_000, interval: 25 });
        return child;
      };
      const runs = async (name: string) =>
        (await sql<{ job_id: string; pid: number }>`select job_id, pid from job_test_runs where name = ${name}`.execute(store.db)).rows;
      const holdJob = async () => {
        const rows = await jobRows(store, pgSchema, 'test.hold');
        expect(rows).toHaveLength(1);
        return rows[0]!;
      };

      const a = await start(true);
      await queue.enqueue(store.db, { name: 'test.hold' });
      const heldSince = Date.now();
      await vi.waitFor(async () => expect((await runs('test.hold')).map((r) => r.pid)).toEqual([a.pid]), { timeout: 5000, interval: 50 });
      const b = await start(false);
      // Both poll for the ticks meanwhile. SQLite: past the 2 s lease, A's heartbeat keeps its job.
      // PostgreSQL: short of the 5 s lease, the job is still A's.
      await sleep(engine === 'sqlite' ? 3500 : Math.max(0, heldSince + 3500 - Date.now()));
      const held = await holdJob();
      expect(held.state).toBe('running');
      expect((await runs('test.hold')).map((r) => r.pid)).toEqual([a.pid]);
      const ticks = await runs('test.tick');
      const perJob = new Map<string, number>();
      for (const t of ticks) perJob.set(t.job_id, (perJob.get(t.job_id) ?? 0) + 1);
      expect(perJob.size).toBeGreaterThanOrEqual(3);
      expect([...perJob.values()].every((n) => n === 1)).toBe(true);
      const tickRows = await jobRows(store, pgSchema, 'test.tick');
      expect(tickRows.every((r) => r.attempts <= 1)).toBe(true);

      await kill(a);
      await vi.waitFor(async () => expect((await holdJob()).state).toBe('done'), { timeout: 15_000, interval: 100 });
      expect((await runs('test.hold')).map((r) => r.pid)).toEqual([a.pid, b.pid]);
      expect((await holdJob()).attempts).toBe(2);
    });
  });
}

// Two servers on one PostgreSQL schema, as behind a load balancer: the hold sweep, once each
// server's own timer, runs once per period between them.
describe.runIf(engines().includes('postgres'))('two servers on one PostgreSQL', () => {
  it('run the unpaid hold sweep once per period', { timeout: 30_000 }, async ({ onTestFinished }) => {
    const env = { PAYMENT_SWEEP_SECONDS: '1', JOB_POLL_MS: '100' };
    const first = await startTestServer('postgres', env);
    const second = await startTestServer('postgres', env, { sameDatabaseAs: first });
    onTestFinished(async () => {
      await second.stop();
      await first.stop();
    });
    await sleep(3500);
    const rows = await jobRows(first.deps.store, first.pgSchema, 'payments.release-holds');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(rows.filter((r) => r.state === 'done').every((r) => r.attempts === 1)).toBe(true);
  });
});
