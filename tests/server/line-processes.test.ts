/**
 * Exactly once across processes (issue 59): due reminders are delivered once each when the server
 * is SIGKILLed mid-batch and started again, and two server processes on one PostgreSQL deliver
 * 1,000 due messages once each. Counted at the Messaging API stand-in by retry key, which is what
 * LINE would count; the stand-in also counts the duplicates it refused (409).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openJobQueue } from '../../server/jobs/open-queue';
import { silentLogger } from '../../server/log';
import { startLocalMessagingApi, type RunningMessagingApi } from '../../server/providers/line-messaging-local-server';
import { openStore, type StoreOptions } from '../../server/store/open';
import { dropSchema, engines } from './harness';
import { ledgerStates, seedDueReminders } from './line-seed';
import { freePort } from './ports';
import { bundleServer, removeBundle, spawnServer, type ServerProcess } from './server-process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bundleDir = path.resolve('node_modules/.cache', `line-processes-${process.pid}`);
let bundle = '';
beforeAll(() => {
  bundle = bundleServer(bundleDir);
});
afterAll(() => removeBundle(bundleDir));

interface Accepted {
  retryKey: string | null;
  requestId: string;
}
const acceptedOf = async (line: RunningMessagingApi) =>
  (await (await fetch(`${line.url}/__control/messages`)).json()) as { messages: Accepted[]; duplicates?: number };

const setUp = async (engine: 'sqlite' | 'postgres', tag: string) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `line-${tag}-`));
  const pgSchema = engine === 'postgres' ? `line_${tag}_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
  const storeOpts: StoreOptions = { dataDir, databaseUrl: engine === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined, pgSchema };
  const store = await openStore(storeOpts);
  const jobs = await openJobQueue({ store, databaseUrl: storeOpts.databaseUrl, pgSchema, leaseSeconds: 2, log: silentLogger });
  const env = async (line: RunningMessagingApi, extra: Record<string, string>): Promise<NodeJS.ProcessEnv> => {
    const port = await freePort();
    return {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOAD_DEMO: '0',
      LOG_REQUESTS: '0',
      DATABASE_URL: storeOpts.databaseUrl ?? '',
      DATABASE_SCHEMA: pgSchema ?? '',
      LINE_MESSAGING_API_URL: line.url,
      JOB_LEASE_SECONDS: '2',
      JOB_POLL_MS: '100',
      ...extra,
    };
  };
  const tearDown = async () => {
    await jobs.close();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema) await dropSchema(pgSchema);
  };
  return { store, jobs, env, tearDown };
};

describe.concurrent('LINE messages across server processes', () => {
  for (const engine of engines()) {
    it(`${engine}: every due reminder is delivered once when the server is SIGKILLed mid-batch and restarted`, async ({ expect, onTestFinished }) => {
      const N = 300;
      const line = await startLocalMessagingApi();
      const s = await setUp(engine, 'kill');
      const procs: ServerProcess[] = [];
      onTestFinished(async () => {
        for (const p of procs) await p.kill();
        await line.stop();
        await s.tearDown();
      });
      const ids = await seedDueReminders(s.store, s.jobs, N, { dueAt: new Date(Date.now() - 1000) });
      // 50 a second: the batch takes six seconds, and the kill lands in the middle of it.
      const env = await s.env(line, { LINE_PUSH_PER_SECOND: '50' });
      procs.push(await spawnServer(bundle, env));
      for (let i = 0; i < 200 && (await acceptedOf(line)).messages.length < 60; i++) await sleep(50);
      await procs[0]?.kill();
      const before = (await acceptedOf(line)).messages.length;
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThan(N);
      procs.push(await spawnServer(bundle, env));
      let states: Record<string, number> = {};
      for (let i = 0; i < 1000 && states['sent'] !== N; i++) {
        await sleep(100);
        states = await ledgerStates(s.store);
      }
      expect(states).toEqual({ sent: N });
      const got = await acceptedOf(line);
      const keys = got.messages.map((m) => m.retryKey);
      expect(new Set(keys).size).toBe(N);
      expect(keys.length).toBe(N);
      expect([...new Set(keys)].sort()).toEqual([...ids].sort());
      // A repeat after the kill is refused by LINE (409), never delivered: at most the jobs in flight.
      expect(got.duplicates ?? 0).toBeLessThanOrEqual(N);
      // Each ledger row holds the request id LINE gave its one accepted push (a 409's accepted id too).
      const byKey = new Map(got.messages.map((m) => [m.retryKey, m.requestId]));
      const ledger = await s.store.db.selectFrom('line_messages').select(['id', 'request_id']).execute();
      expect(ledger.every((r) => r.request_id === byKey.get(r.id))).toBe(true);
    }, 120_000);
  }

  if (engines().includes('postgres')) {
    it('postgres: two server processes deliver 1,000 due messages once each', async ({ expect, onTestFinished }) => {
      const N = 1000;
      const line = await startLocalMessagingApi();
      const s = await setUp('postgres', 'two');
      const procs: ServerProcess[] = [];
      onTestFinished(async () => {
        for (const p of procs) await p.kill();
        await line.stop();
        await s.tearDown();
      });
      await seedDueReminders(s.store, s.jobs, N, { dueAt: new Date(Date.now() + 3000) });
      procs.push(await spawnServer(bundle, await s.env(line, {})), await spawnServer(bundle, await s.env(line, {})));
      let states: Record<string, number> = {};
      for (let i = 0; i < 900 && states['sent'] !== N; i++) {
        await sleep(100);
        states = await ledgerStates(s.store);
      }
      expect(states).toEqual({ sent: N });
      const got = await acceptedOf(line);
      expect(got.messages).toHaveLength(N);
      expect(new Set(got.messages.map((m) => m.retryKey)).size).toBe(N);
      // No process sent what the other had: not one push was refused as a repeat.
      expect(got.duplicates).toBe(0);
    }, 120_000);
  }
});
