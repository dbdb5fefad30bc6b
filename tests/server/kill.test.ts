/**
 * Idempotency across crashes: the server process is SIGKILLed while appending answers are in
 * flight, restarted on the same data, and every key is retried until it answers. Whatever the kill
 * interrupted — before the transaction, inside it, after commit but before the answer reached
 * the client — each key must end with exactly one stored answer, and its retries must
 * all receive that answer. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
 *
 * The process is server/main.ts, transpiled once with esbuild (what tsx does on every start)
 * into one file under node_modules/.cache, so that packages resolve as usual. Started through
 * tsx's cli a restart takes about 2 s on this machine, and twenty-one of them would not fit the
 * suite's budget; the bundle starts in under one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEV_CHANNEL_ID } from '../../server/config';
import { devChannelSecret } from '../../server/providers/login-dev';
import { importBundle } from '../../server/forms/import';
import { openStore, type StoreOptions } from '../../server/store/open';
import { dropSchema, engines } from './harness';
import { freePort } from './ports';
import { bundleServer } from './server-process';

const ROUNDS = 20;
const NEW_KEYS_PER_ROUND = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Every answer also ticks 100 boxes (100 rows): a heavier write and a larger answer widen the
 * windows a kill can land in — inside the transaction, after the commit.
 */
const DAYS = Array.from({ length: 100 }, (_, i) => `day-${i}`);
const bundle = {
  surveyConfigs: [
    {
      surveyId: 'kill',
      surveyTitle: '停電に強い申込',
      isAppending: { value: true },
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前' },
        { itemKey: 'days', type: 'checkboxes', title: '希望日', options: DAYS },
      ],
    },
  ],
};
const nameOf = (key: string) => `answer-of-${key}`;

const bundleDir = path.resolve('node_modules/.cache', `kill-test-${process.pid}`);
const serverBundle = path.join(bundleDir, 'main.mjs');
beforeAll(() => {
  bundleServer(bundleDir);
});
afterAll(() => {
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

// The engines run side by side: each has its own port, data folder or schema, and processes.
describe.concurrent('a server killed mid-write', () => {
  for (const engine of engines()) {
    it(`${engine}: every key ends with exactly one stored answer across ${ROUNDS} SIGKILLs`, async ({ expect, onTestFinished }) => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kill-'));
      const pgSchema = engine === 'postgres' ? `kill_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
      const storeOpts: StoreOptions = {
        dataDir,
        databaseUrl: engine === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined,
        pgSchema,
      };
      const env = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        LOAD_DEMO: '0',
        LOG_REQUESTS: '0',
        // A thousand writes with one token in seconds: far past any resident's rate.
        WRITE_RATE_LIMIT: '0',
        DATABASE_URL: storeOpts.databaseUrl ?? '',
        DATABASE_SCHEMA: pgSchema ?? '',
      };
      // The dev issuer accepts HS256 tokens signed with its data folder's channel secret, made here
      // the way the server makes it on first start (and then reads).
      const token = await new SignJWT({ name: '停電 太郎' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(`${base}/dev`)
        .setAudience(DEV_CHANNEL_ID)
        .setSubject('U-kill')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(await devChannelSecret(dataDir)));

      /** Whether something still accepts connections on the port (a killed server's socket lingers briefly). */
      const listening = () =>
        new Promise<boolean>((resolve) => {
          const s = net.connect(port, '127.0.0.1');
          s.once('connect', () => (s.destroy(), resolve(true)));
          s.once('error', () => resolve(false));
        });
      const live = new Set<ChildProcess>();
      /**
       * SIGKILL to the child's process group (it leads one of its own), so nothing it may have
       * started outlives it either.
       */
      const killed = async (child: ChildProcess) => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          try {
            process.kill(-(child.pid as number), 'SIGKILL');
          } catch {
            child.kill('SIGKILL');
          }
          await exited;
        }
        live.delete(child);
        for (let i = 0; i < 100 && (await listening()); i++) await sleep(20);
      };
      // Whatever fails, no server of this test outlives it, and its data goes.
      onTestFinished(async () => {
        for (const child of live) await killed(child);
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (pgSchema) await dropSchema(pgSchema);
      });

      const setup = await openStore(storeOpts);
      await importBundle(setup, bundle, 'fixture');
      await setup.close();

      const start = async (): Promise<ChildProcess> => {
        const child = spawn(process.execPath, [serverBundle], {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        live.add(child);
        let out = '';
        child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
        // 15 s: on CI's two cores under a full suite a start can take several seconds.
        for (let i = 0; i < 600 && !out.includes('"msg":"listening"'); i++) {
          if (child.exitCode !== null) break;
          await sleep(25);
        }
        if (!out.includes('"msg":"listening"')) {
          await killed(child);
          throw new Error(`server did not start:\n${out}`);
        }
        return child;
      };

      const stats = { sent: 0, noAnswer: 0, locked: 0, firstAnswerReplayed: 0, committedAnswerLost: 0 };
      /** One attempt; null when the connection died or was refused (no answer). */
      const send = async (key: string): Promise<{ status: number; text: string; replayed: boolean } | null> => {
        stats.sent++;
        try {
          const res = await fetch(`${base}/survey/api/v1/db/survey-results/putItem`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'Idempotency-Key': key },
            body: JSON.stringify({
              data: [
                { surveyId: 'kill', itemKey: 'name', value: nameOf(key) },
                ...DAYS.map((value) => ({ surveyId: 'kill', itemKey: 'days', value })),
              ],
            }),
          });
          return { status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') === 'true' };
        } catch {
          stats.noAnswer++;
          return null;
        }
      };

      const answered = new Map<string, string>();
      const pending = new Set<string>();
      const take = (key: string, r: { status: number; text: string; replayed: boolean } | null) => {
        if (r?.status === 409) stats.locked++;
        if (r === null || r.status === 409) return; // no answer yet: retried later
        expect(r.status, `${key}: ${r.text}`).toBe(200);
        const before = answered.get(key);
        // Every answer a key ever gets is the same answer.
        if (before !== undefined) expect(r.text).toBe(before);
        else {
          answered.set(key, r.text);
          // Its effect was committed by an attempt whose answer the kill swallowed.
          if (r.replayed) stats.firstAnswerReplayed++;
        }
        pending.delete(key);
      };

      let kills = 0;
      let next = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const child = await start();
        for (let i = 0; i < NEW_KEYS_PER_ROUND; i++) pending.add(`k${String(next++).padStart(3, '0')}-${round}`);
        // Retries of what is still unanswered, the round's new keys, and a few already answered.
        const keys = [...pending, ...[...answered.keys()].slice(-2)];
        let back = 0;
        const inFlight = keys.map((k) =>
          send(k).then((r) => {
            back++;
            take(k, r);
          }),
        );
        // Kill after a random number of answers are back, with the rest still on the way.
        const cut = 1 + Math.floor(Math.random() * Math.max(1, keys.length / 2));
        for (let waited = 0; back < cut && waited < 300; waited += 2) await sleep(2);
        await killed(child);
        kills++;
        await Promise.all(inFlight);
        // What the kill left behind: effects whose answer was lost on the way.
        const left = await openStore(storeOpts);
        try {
          for (const row of await left.db.selectFrom('idempotency_keys').select(['idem_key']).execute()) {
            if (!answered.has(row.idem_key)) stats.committedAnswerLost++;
          }
        } finally {
          await left.close();
        }
      }

      {
        // The last start: retry every key until it answers.
        const child = await start();
        try {
          for (let attempt = 0; attempt < 100 && pending.size > 0; attempt++) {
            await Promise.all([...pending].map(async (k) => take(k, await send(k))));
            if (pending.size > 0) await sleep(100);
          }
          expect([...pending]).toEqual([]);
          // And once more for every key: each replays its one answer.
          await Promise.all(
            [...answered].map(async ([k, text]) => {
              const r = await send(k);
              expect(r?.status).toBe(200);
              expect(r?.text).toBe(text);
            }),
          );
        } finally {
          await killed(child);
        }
      }
      expect(kills).toBe(ROUNDS);
      // The kills did cut requests off (otherwise this test would prove nothing).
      expect(stats.noAnswer).toBeGreaterThan(0);
      console.info(`kill test (${engine}): ${JSON.stringify(stats)}`);
      expect(answered.size).toBe(ROUNDS * NEW_KEYS_PER_ROUND);

      const check = await openStore(storeOpts);
      try {
        const rows = await check.db
          .selectFrom('survey_results')
          .select(['partition_key', 'value', 'answer_code'])
          .where('survey_id', '=', 'kill')
          .where('item_key', '=', 'name')
          .execute();
        for (const [key, text] of answered) {
          const answer = JSON.parse(text) as { partitionKey: string; answercode: string };
          const mine = rows.filter((r) => r.value === nameOf(key));
          expect(mine.map((r) => r.partition_key), key).toEqual([answer.partitionKey]);
          expect(mine[0]?.answer_code).toBe(answer.answercode);
        }
        expect(rows).toHaveLength(answered.size);
        expect(new Set(rows.map((r) => r.answer_code)).size).toBe(rows.length);
        const keys = await check.db.selectFrom('idempotency_keys').select(['status_code']).where('user_id', '=', 'U-kill').execute();
        expect(keys).toHaveLength(answered.size);
        expect(keys.every((k) => Number(k.status_code) === 200)).toBe(true);
      } finally {
        await check.close();
      }
    }, 150_000);
  }
});
