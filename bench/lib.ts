/** Shared measuring helpers for the benchmarks: percentiles, CPU readings and a bounded concurrent load loop. */
import fs from 'node:fs';

export const percentile = (sorted: number[], p: number): number => {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
};

/** Rounded to 0.1, as the benchmarks print their figures. */
export const r1 = (n: number): number => Math.round(n * 10) / 10;
export const median = (xs: number[]): number => percentile([...xs].sort((a, b) => a - b), 50);

export interface LoadResult {
  count: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Runs `total` calls of `task(i)` with at most `concurrency` in flight; latencies in ms. */
export const load = async (total: number, concurrency: number, task: (i: number) => Promise<boolean>): Promise<LoadResult> => {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      const ok = await task(i).catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    count: total,
    errors,
    seconds: r(seconds),
    rps: r(total / seconds),
    p50: r(percentile(latencies, 50)),
    p95: r(percentile(latencies, 95)),
    p99: r(percentile(latencies, 99)),
  };
};

/** The engines a database benchmark runs on: both with TEST_DATABASE_URL, narrowed by BENCH_ENGINE=sqlite|postgres. */
export const benchEngines = <E extends string>(all: readonly E[]): E[] => all.filter((e) => !process.env['BENCH_ENGINE'] || e === process.env['BENCH_ENGINE']);

/**
 * CPU seconds (user + system) used so far by the processes matching `pick`, from Linux's /proc;
 * null elsewhere. Per-request CPU tells a slower server from a busier machine: the figures here
 * vary run to run with what else the two shared cores are doing, the CPU per request much less.
 * Counts only processes alive at both readings: a PostgreSQL backend that exits during a phase
 * takes its CPU with it (one did whenever the pool closed an idle connection, before the pool
 * kept them: see store/open.ts POOL_SIZE).
 */
export const cpuSeconds = (pick: (pid: string, comm: string) => boolean): number | null => {
  if (!fs.existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!pick(pid, comm)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / 100; // USER_HZ, 100 on Linux
};

/** `n` half-hour slots from 09:00 ("1": 09:00–09:30, "2": 09:30–10:00, …), times as HH:MM. */
export const halfHourComas = (n: number): Record<string, { start: string; end: string }> => {
  const at = (halfHours: number) => `${String(9 + Math.floor(halfHours / 2)).padStart(2, '0')}:${halfHours % 2 ? '30' : '00'}`;
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i + 1), { start: at(i), end: at(i + 1) }]));
};
