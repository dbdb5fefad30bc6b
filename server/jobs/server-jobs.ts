/**
 * The server's recurring jobs, once the sweeps each process ran on a timer of its own: now one
 * process runs each per period, and a killed process's run is taken over (docs/jobs.md).
 */
import type { Deps } from '../route-context';
import { releaseUnpaidHolds } from '../payments/sweep';
import { pruneJobs } from '../store/jobs';
import { purgeExpiredKeys } from '../store/idempotency';
import { sweepRateWindows } from '../store/rate-windows';
import type { JobDefinition } from './worker';
import { lineSendJob } from '../line/send-job';
import { takeSendSlot } from '../line/send-rate';
import { LINE_PUSH_PER_SECOND_DEFAULT } from '../config';

const HOUR_S = 3600;
/** Settled jobs are kept this long, their unique keys with them. */
const KEEP_SETTLED_MS = 7 * 24 * HOUR_S * 1000;

export const serverJobs = (deps: Deps): JobDefinition[] => {
  const { store, files, log, config } = deps;
  const jobs: JobDefinition[] = [
    // A file whose scan died with its process is scanned again once its lease has passed. Not
    // awaited: a scan hung on clamd holds its file's lease, not a job slot of this process.
    { name: 'files.scan', everySeconds: files.leaseSeconds, run: async () => void files.pipeline?.kick() },
    { name: 'files.orphans', everySeconds: HOUR_S, run: async () => void (await files.pipeline?.sweepOrphans()) },
    {
      name: 'idempotency.purge',
      everySeconds: HOUR_S,
      run: async () => {
        const purged = await purgeExpiredKeys(store.db, new Date());
        if (purged > 0) log('info', { msg: 'expired idempotency keys purged', purged });
      },
    },
    // The write rate limiter's windows once over (server/rate-limit.ts).
    { name: 'rate-windows.sweep', everySeconds: 60, run: async () => void (await sweepRateWindows(store.db, new Date().toISOString())) },
  ];
  // pg-boss deletes its settled jobs itself (deleteAfterSeconds, 7 days by default).
  if (store.engine === 'sqlite') jobs.push({ name: 'jobs.prune', everySeconds: HOUR_S, run: async () => void (await pruneJobs(store.db, new Date(Date.now() - KEEP_SETTLED_MS).toISOString())) });
  if (deps.lineMessaging) {
    const perSecond = config.lineMessaging?.pushPerSecond ?? LINE_PUSH_PER_SECOND_DEFAULT;
    // Every process's pushes share LINE's per-channel rate, counted in the database.
    const takeSlot = async () => {
      const slot = await takeSendSlot(store.db, { perSecond, now: Date.now() });
      return slot.ok ? 0 : slot.waitMs;
    };
    jobs.push(lineSendJob({ store, line: deps.lineMessaging, log, takeSlot }));
  }
  if (deps.payment) jobs.push({ name: 'payments.release-holds', everySeconds: config.paymentSweepSeconds, run: () => releaseUnpaidHolds(store, log) });
  return jobs;
};
