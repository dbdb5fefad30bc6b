/** Shared measuring helpers for the benchmarks: percentiles and a bounded concurrent load loop. */
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
