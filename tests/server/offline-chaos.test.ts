/**
 * Chaos run (issue 5): 200 queued answers replayed by the real outbox module (src/offline, Dexie
 * on fake-indexeddb, the real API client with its retry rule) through a small loopback proxy in
 * front of the real server. The proxy drops 30 % of connections (half before the server saw the
 * request, half after it answered, so the answer is lost), answers 503 retryable to 20 % and
 * stalls 5 % for 5 s. Four devices of 50 answers each run side by side, and each "reloads" 5 times
 * (20 in all) in the middle: the Dexie database is closed under the running replay (whose writes
 * then fail, leaving entries in `sending`, as a killed page does) and a new outbox is built on a
 * fresh connection. Every answer must be stored exactly once, none lost.
 *
 * Not in a browser: 200 answers with 5 s stalls do not fit 3 minutes in Chromium on this machine;
 * the outbox module is the same code. The retry rule's waits are shortened (1 s → 100 ms) and the
 * outbox backoff capped at 300 ms so the run stays bounded; the rule itself (3 attempts on a
 * retryable 503, one network retry) is unchanged.
 */
import 'fake-indexeddb/auto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { openOfflineDb, type OfflineDb } from '../../src/offline/db';
import { createApiSender, createOutbox, type Outbox } from '../../src/offline/outbox';
import { createUserCompletionGuard } from '../../src/offline/completion-guard';
import { startTestServer, type TestServer } from './harness';
import { mulberry32 } from '../prng';

const SURVEY = 'chaos-append';
const DEVICES = 4;
const PER_DEVICE = 50;
const RELOADS_PER_DEVICE = 5;

interface ProxyStats {
  requests: number;
  droppedBefore: number;
  droppedAfter: number;
  unavailable: number;
  stalled: number;
  forwarded: number;
}

const startChaosProxy = async (target: string, random: () => number) => {
  const stats: ProxyStats = { requests: 0, droppedBefore: 0, droppedAfter: 0, unavailable: 0, stalled: 0, forwarded: 0 };
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const forward = (req: http.IncomingMessage, body: Buffer, onAnswer: (status: number, headers: http.IncomingHttpHeaders, data: Buffer) => void) => {
    const up = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => onAnswer(res.statusCode ?? 502, res.headers, Buffer.concat(chunks)));
      },
    );
    up.on('error', () => onAnswer(502, {}, Buffer.from('')));
    up.end(body);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      stats.requests += 1;
      const body = Buffer.concat(chunks);
      const r = random();
      const reply = (status: number, headers: http.IncomingHttpHeaders, data: Buffer) => {
        if (res.destroyed) return;
        const h = { ...headers };
        delete h['transfer-encoding'];
        delete h['connection'];
        delete h['keep-alive'];
        res.writeHead(status, { ...h, 'content-length': String(data.length) });
        res.end(data);
      };
      if (r < 0.15) {
        stats.droppedBefore += 1;
        req.socket.destroy();
      } else if (r < 0.3) {
        // The server stores the answer; its reply is lost on the way back.
        stats.droppedAfter += 1;
        forward(req, body, () => req.socket.destroy());
      } else if (r < 0.5) {
        stats.unavailable += 1;
        reply(503, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ result: 'ERROR', code: 'unavailable', errorMessage: 'Service Unavailable', retryable: true })));
      } else if (r < 0.55) {
        stats.stalled += 1;
        setTimeout(() => forward(req, body, reply), 5_000);
      } else {
        stats.forwarded += 1;
        forward(req, body, reply);
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('outbox chaos run (loopback proxy, real server, fake-indexeddb)', () => {
  let srv: TestServer;
  let proxy: Awaited<ReturnType<typeof startChaosProxy>>;

  beforeAll(async () => {
    srv = await startTestServer('sqlite');
    await importBundle(
      srv.deps.store,
      { surveyConfigs: [{ surveyId: SURVEY, surveyTitle: 'カオス', isAppending: { value: true }, surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] }] },
      'fixture',
    );
    proxy = await startChaosProxy(srv.url, mulberry32(20261123));
  });
  afterAll(async () => {
    await proxy?.close();
    await srv?.stop();
  });

  it('200 answers through drops, 503s, stalls and 20 reloads: each stored exactly once', { timeout: 180_000 }, async () => {
    const started = Date.now();
    const runDevice = async (device: number): Promise<{ reloads: number; rounds: number }> => {
      const userId = `U-chaos-${device}`;
      const idToken = await srv.token(userId, { expiresInSeconds: 3600 });
      const dbName = `chaos-device-${device}`;
      const random = mulberry32(device + 1);
      const auth = { currentUserId: () => userId, freshToken: () => ({ userId, idToken }) };
      // One guard per device: sessionStorage survives a reload.
      const guard = createUserCompletionGuard(null);
      const sender = createApiSender({
        baseUrl: proxy.url,
        retryPolicy: { baseDelayMs: 100, jitterMs: 50, networkDelayMs: 100 },
      });
      const boot = (): { db: OfflineDb; outbox: Outbox } => {
        const db = openOfflineDb({ name: dbName });
        const outbox = createOutbox({ db, sender, auth, guard, lock: null, backoff: { baseMs: 50, maxMs: 300 }, onError: () => {} });
        return { db, outbox };
      };

      // Offline: every answer is queued first.
      let page = boot();
      for (let i = 0; i < PER_DEVICE; i++) {
        await page.outbox.enqueue({
          endpoint: 'surveyResultsPutItem',
          request: { body: { data: [{ surveyId: SURVEY, itemKey: 'name', value: `chaos-${device}-${i}` }] } },
          meta: { surveyId: SURVEY, title: 'カオス' },
        });
      }

      // Replays with reloads in the middle: the page dies at a random moment of its replay.
      let reloads = 0;
      for (; reloads < RELOADS_PER_DEVICE; reloads++) {
        void page.outbox.replay({ networkBack: true });
        await sleep(300 + Math.floor(random() * 1_500));
        page.db.close();
        page = boot();
      }

      // The last page replays until nothing waits (bounded).
      let rounds = 0;
      for (; rounds < 400; rounds++) {
        await page.outbox.replay({ ignoreBackoff: true });
        const pending = await page.db.outbox.where('status').anyOf('queued', 'sending', 'needs-auth').count();
        if (pending === 0) break;
        await sleep(50);
      }
      const rows = await page.db.outbox.toArray();
      expect(rows).toHaveLength(PER_DEVICE);
      expect(rows.filter((r) => r.status !== 'delivered').map((r) => [r.status, r.lastError])).toEqual([]);
      page.db.close();
      return { reloads, rounds };
    };

    const results = await Promise.all(Array.from({ length: DEVICES }, (_, d) => runDevice(d)));
    expect(results.reduce((n, r) => n + r.reloads, 0)).toBe(20);

    // Let requests that died with their page (stalled ones) reach the server before counting.
    await sleep(5_500);
    const stored = await srv.deps.store.db
      .selectFrom('survey_results')
      .select(['partition_key', 'value', 'user_id'])
      .where('survey_id', '=', SURVEY)
      .execute();
    const byValue = new Map<string, Set<string>>();
    for (const r of stored) {
      const set = byValue.get(r.value) ?? new Set<string>();
      set.add(r.partition_key);
      byValue.set(r.value, set);
    }
    const expected = Array.from({ length: DEVICES }, (_, d) => Array.from({ length: PER_DEVICE }, (_, i) => `chaos-${d}-${i}`)).flat();
    const missing = expected.filter((v) => !byValue.has(v));
    const twice = [...byValue].filter(([, parts]) => parts.size !== 1).map(([v]) => v);
    expect(missing).toEqual([]);
    expect(twice).toEqual([]);
    expect(new Set(stored.map((r) => r.partition_key)).size).toBe(DEVICES * PER_DEVICE);
    // The proxy really was hostile.
    expect(proxy.stats.droppedBefore + proxy.stats.droppedAfter).toBeGreaterThan(0);
    expect(proxy.stats.unavailable).toBeGreaterThan(0);
    expect(proxy.stats.stalled).toBeGreaterThan(0);
    console.info(JSON.stringify({ chaos: { ...proxy.stats, seconds: Math.round((Date.now() - started) / 100) / 10, results } }));
  });
});
