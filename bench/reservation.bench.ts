/**
 * Reservation throughput (issue 6): putItem with a reservation value on one hot slot and spread
 * over 100 slots, SQLite and PostgreSQL. The server runs in a child process
 * (bench/reservation-server.ts); this process is an open-loop load generator: requests are sent on
 * a fixed schedule (200 per second by default) whatever the answers' speed, and each latency is
 * measured from the request's scheduled time, so a slow server cannot hide its queue by slowing
 * the generator (coordinated omission). Every request carries an Idempotency-Key, as the PWA's
 * outbox sends it. Figures: achieved rate, p50/p95/p99 ms, and outcomes (ok, quota_exceeded,
 * anything else = errors).
 *
 * Beside each engine's figures, the floor (bench/floor-server.ts): the same stack doing the same
 * database round trips and nothing else, at the same rate; see that file.
 *
 * To look into a tail: BENCH_TIMELINE=1 prints every request over 30 ms (BENCH_TIMELINE_MS) with when it was due, and
 * BENCH_NODE_ARGS passes flags to the server process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { benchEngines, cpuSeconds, percentile } from './lib';
import { engines } from '../tests/server/harness';

const RATE = Number(process.env['BENCH_RATE'] ?? 200);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
// Five seconds at the rate: the first measured run otherwise pays for JIT compilation still going on.
const WARMUP = 1000;

interface Ready {
  url: string;
  tokens: string[];
  hotDay: string;
  days: string[];
  slots: string[];
}


const startServer = <R = Ready>(engine: string, script = 'bench/reservation-server.ts') =>
  new Promise<{ ready: R; stop: () => Promise<void>; pid: number }>((resolve, reject) => {
    const root = path.resolve(import.meta.dirname, '..');
    const child = spawn(process.execPath, [...(process.env['BENCH_NODE_ARGS']?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', script, engine], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`benchmark server exited (${code})`)));
    // Only the JSON line is the server's: flags in BENCH_NODE_ARGS (--trace-gc) print there too.
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return void process.stderr.write(`${line}\n`);
      lines.removeAllListeners('line');
      lines.on('line', (rest) => process.stderr.write(`${rest}\n`));
      resolve({
        pid: child.pid as number,
        ready: JSON.parse(line) as R,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });

// node:http with a keep-alive agent rather than fetch: the generator shares the machine's two
// cores with the server and the database, and undici's fetch costs several times more CPU per
// request (measured: ~27 % of a core at 200/s), which the server's latency would pay for.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One putItem. A kept-alive socket the server closes as idle just when a request goes out on it
 * answers ECONNRESET before the server read anything; Node's documented remedy is to send again,
 * which the Idempotency-Key makes safe (as the PWA's outbox does). The retry's time counts.
 */
const send = (ready: Ready, i: number, reservation: string, key: string = randomUUID(), retried = false): Promise<string> =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({ data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: reservation }, { surveyId: 'rsv', itemKey: 'name', value: `ベンチ ${i}` }] });
    const req = http.request(
      `${ready.url}/survey/api/v1/db/survey-results/putItem`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${ready.tokens[i % ready.tokens.length] as string}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': key,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode === 200) return resolve('ok');
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string };
          resolve(`${res.statusCode ?? 0} ${json.code ?? ''}`.trim());
        });
        res.on('error', reject);
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && e.code === 'ECONNRESET') send(ready, i, reservation, key, true).then(resolve, reject);
      else reject(e);
    });
    req.end(body);
  });

/** One request of the floor server (bench/floor-server.ts). */
const sendFloor = (url: string, i: number): Promise<string> =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({ i });
    const req = http.request(`${url}/floor`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? 'ok' : String(res.statusCode)));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });

/** Open loop: request n is due at start + n / rate; latency counts from when it was due. */
const openLoop = async (label: string, total: number, rate: number, task: (i: number) => Promise<string>, serverPid?: number) => {
  const cpu = () => ({
    server: serverPid === undefined ? null : cpuSeconds((pid) => pid === String(serverPid)),
    postgres: cpuSeconds((_pid, comm) => comm.startsWith('postgres')),
    // This process: the load generator shares the two cores too.
    generator: ((u) => (u.user + u.system) / 1e6)(process.cpuUsage()),
  });
  const cpuBefore = cpu();
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const start = performance.now();
  // The wall clock, to line the timeline up with other logs (the server's --trace-gc, PostgreSQL's).
  if (process.env['BENCH_TIMELINE']) console.error(`phase ${label} starts ${Date.now()}`);
  const inflight: Promise<void>[] = [];
  const timeline: [number, number, string][] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      task(i)
        .catch((e: unknown) => `exception ${(e as Error).message}`)
        .then((outcome) => {
          latencies.push(performance.now() - due);
          if (process.env['BENCH_TIMELINE']) timeline.push([Math.round(due - start), Math.round(performance.now() - due), outcome]);
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        }),
    );
  }
  await Promise.all(inflight);
  if (process.env['BENCH_TIMELINE']) for (const [at, ms, outcome] of timeline) if (ms > Number(process.env['BENCH_TIMELINE_MS'] ?? 30)) console.error(`slow ${label} at ${at} ms: ${ms} ms ${outcome}`);
  const seconds = (performance.now() - start) / 1000;
  const cpuAfter = cpu();
  const perRequest = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.round(((b - a) * 1000 * 100) / total) / 100);
  latencies.sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  const errors = Object.entries(outcomes)
    .filter(([k]) => k !== 'ok' && k !== '409 quota_exceeded')
    .reduce((n, [, v]) => n + v, 0);
  return { requests: total, targetRps: rate, rps: r(total / seconds), p50: r(percentile(latencies, 50)), p95: r(percentile(latencies, 95)), p99: r(percentile(latencies, 99)), max: r(latencies.at(-1) ?? NaN), outcomes, errors,
    cpuMsPerRequest: {
      server: perRequest(cpuBefore.server, cpuAfter.server),
      postgres: perRequest(cpuBefore.postgres, cpuAfter.postgres),
      generator: perRequest(cpuBefore.generator, cpuAfter.generator),
    },
  };
};

export const runReservationBench = async (): Promise<void> => {
  for (const engine of benchEngines(engines())) {
    const { ready, stop, pid } = await startServer(engine);
    try {
      const total = RATE * SECONDS;
      // Warm-up (JIT, connection pools, prepared paths); not counted.
      await openLoop('warm-up', WARMUP, RATE, (i) => send(ready, i + 1_000_000, `naika-b_v1|${ready.days[i % 20] as string}|${ready.slots[i % 5] as string}`));
      const hot = await openLoop('hotSlot', total, RATE, (i) => send(ready, i, `naika-b_v1|${ready.hotDay}|1`), pid);
      const spread = await openLoop('hundredSlots', total, RATE, (i) =>
        send(ready, i + total, `naika-b_v1|${ready.days[i % 20] as string}|${ready.slots[Math.floor(i / 20) % 5] as string}`),
        pid,
      );
      console.log(JSON.stringify({ bench: 'reservation', engine, hotSlot: hot, hundredSlots: spread }));
    } finally {
      await stop();
    }
    const floor = await startServer<{ url: string }>(engine, 'bench/floor-server.ts');
    try {
      await openLoop('floor warm-up', WARMUP, RATE, (i) => sendFloor(floor.ready.url, i));
      const figures = await openLoop('floor', RATE * SECONDS, RATE, (i) => sendFloor(floor.ready.url, i), floor.pid);
      console.log(JSON.stringify({ bench: 'reservation-floor', engine, roundTrips: 10, floor: figures }));
    } finally {
      await floor.stop();
    }
  }
};
