/**
 * 10,000 LINE reminders due at one minute (issue 59): how long the server processes take to
 * deliver them at the push rate (LINE_PUSH_PER_SECOND, 1,000 by default, under the stand-in's
 * 2,000), and that none arrives before its minute or twice (counted by retry key at the
 * Messaging API stand-in, and the 409s it refused). SQLite: one process; PostgreSQL: two. One JSON
 * line per engine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openJobQueue } from '../server/jobs/open-queue';
import { silentLogger } from '../server/log';
import { startLocalMessagingApi } from '../server/providers/line-messaging-local-server';
import { openStore } from '../server/store/open';
import { dropSchema, engines } from '../tests/server/harness';
import { ledgerStates, lineUserId, seedDueReminders } from '../tests/server/line-seed';
import { freePort } from '../tests/server/ports';
import { bundleServer, removeBundle, spawnServer, type ServerProcess } from '../tests/server/server-process';
import { benchEngines, r1 } from './lib';

const N = Number(process.env['LINE_BENCH_MESSAGES'] ?? 10_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const runLineRemindersBench = async (): Promise<void> => {
  // Inside the repository, so the bundle's packages resolve from node_modules.
  const bundleDir = path.resolve('node_modules/.cache', `line-bench-${process.pid}`);
  const bundle = bundleServer(bundleDir);
  try {
    for (const engine of benchEngines(engines())) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'line-bench-'));
      const pgSchema = engine === 'postgres' ? `line_bench_${process.pid}` : undefined;
      const databaseUrl = engine === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined;
      const line = await startLocalMessagingApi();
      const store = await openStore({ dataDir, databaseUrl, pgSchema });
      const jobs = await openJobQueue({ store, databaseUrl, pgSchema, leaseSeconds: 60, log: silentLogger });
      const procs: ServerProcess[] = [];
      try {
        // Due at the next whole minute at least 20 s away: the processes are up and idle by then.
        const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
        const users = Array.from({ length: 500 }, lineUserId);
        await seedDueReminders(store, jobs, N, { dueAt: due, users });
        for (let i = 0; i < (engine === 'postgres' ? 2 : 1); i++) {
          const port = await freePort();
          procs.push(
            await spawnServer(bundle, {
              ...process.env,
              PORT: String(port),
              HOST: '127.0.0.1',
              PUBLIC_URL: `http://127.0.0.1:${port}`,
              DATA_DIR: dataDir,
              LOAD_DEMO: '0',
              LOG_REQUESTS: '0',
              DATABASE_URL: databaseUrl ?? '',
              DATABASE_SCHEMA: pgSchema ?? '',
              LINE_MESSAGING_API_URL: line.url,
            }),
          );
        }
        let states: Record<string, number> = {};
        while (states['sent'] !== N && Date.now() < due.getTime() + 600_000) {
          await sleep(250);
          states = await ledgerStates(store);
        }
        const got = (await (await fetch(`${line.url}/__control/messages`)).json()) as { messages: { retryKey: string; acceptedAt: string }[]; duplicates?: number };
        const times = got.messages.map((m) => Date.parse(m.acceptedAt)).sort((a, b) => a - b);
        const first = times[0] ?? NaN;
        const last = times[times.length - 1] ?? NaN;
        const drainS = (last - due.getTime()) / 1000;
        console.log(
          JSON.stringify({
            bench: 'line-reminders',
            engine,
            processes: procs.length,
            messages: N,
            delivered: got.messages.length,
            uniqueRetryKeys: new Set(got.messages.map((m) => m.retryKey)).size,
            duplicatesRefused: got.duplicates ?? null,
            early: times.filter((t) => t < due.getTime()).length,
            firstAfterDueMs: first - due.getTime(),
            drainSeconds: r1(drainS),
            messagesPerSecond: Math.round(N / drainS),
            ledger: states,
          }),
        );
      } finally {
        for (const p of procs) await p.kill();
        await line.stop();
        await jobs.close();
        await store.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (pgSchema) await dropSchema(pgSchema);
      }
    }
  } finally {
    removeBundle(bundleDir);
  }
};
