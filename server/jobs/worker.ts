/**
 * The job worker every server process runs: each poll it enqueues the recurring jobs' current
 * period (one row per period, by unique key, whichever process comes first), claims due jobs
 * under a lease, runs them, and keeps the leases of the ones still running. A process killed
 * mid-job leaves its lease to pass; then any process claims the job again.
 */
import crypto from 'node:crypto';
import type { Logger } from '../log';
import type { Store } from '../store/open';
import { claimJobs, deferJob, extendLease, retryJob, settleJob, type ClaimedJob } from '../store/jobs';
import { enqueue } from './enqueue';
import { DEFAULT_BACKOFF_S, MAX_BACKOFF_S, MAX_DEFERRALS, periodJob } from './recurring';
import { RetryLater } from './retry-later';

export interface JobDefinition {
  name: string;
  run(payload: unknown, job: { id: string; attempt: number }): Promise<void>;
  /** Recurring: one run per period of this many seconds, across every process. */
  everySeconds?: number;
  /** First retry after this many seconds, doubling each time (at most an hour); 5 when absent. */
  backoffSeconds?: number;
}

export interface JobWorkerOptions {
  store: Store;
  log: Logger;
  jobs: readonly JobDefinition[];
  leaseSeconds: number;
  pollMs: number;
  /** Jobs one process runs at once. */
  concurrency?: number;
}

export interface JobWorker {
  /** Polls now (after an enqueue, say) rather than at the next tick. */
  kick(): void;
  /** Claims nothing more; waits a few seconds at most for the jobs under way, the rest to their leases. */
  stop(): Promise<void>;
}

export const STOP_WAIT_MS = 5000;

/** A deferred job's last_error reads `deferred <n>: <reason>`: its deferrals in a row. */
const deferralsOf = (lastError: string | null): number => Number(/^deferred (\d+):/.exec(lastError ?? '')?.[1] ?? 0);

export const startJobWorker = (o: JobWorkerOptions): JobWorker => {
  const { store, log } = o;
  const owner = crypto.randomUUID();
  const byName = new Map(o.jobs.map((j) => [j.name, j]));
  const names = [...byName.keys()];
  const concurrency = o.concurrency ?? 4;
  const leaseMs = o.leaseSeconds * 1000;
  const enqueuedPeriod = new Map<string, number>();
  const inFlight = new Map<string, { run: Promise<void>; leaseUntil: number }>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling: Promise<void> | null = null;
  let backlog = false;

  const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();

  const enqueueRecurring = async () => {
    for (const j of o.jobs) {
      if (!j.everySeconds) continue;
      const { period, ...job } = periodJob(j.name, j.everySeconds, Date.now());
      if (enqueuedPeriod.get(j.name) === period) continue;
      await enqueue(store.db, job);
      enqueuedPeriod.set(j.name, period);
    }
  };

  const runOne = async (c: ClaimedJob) => {
    const h = { id: c.id, owner, now: iso() };
    const def = byName.get(c.name);
    if (!def) return;
    // Claimed again after a lease passed with no attempts left: the last attempt died with its process.
    if (c.attempts > c.max_attempts) {
      await settleJob(store.db, h, 'lease expired on the last attempt');
      return;
    }
    try {
      await def.run(JSON.parse(c.payload_json) as unknown, { id: c.id, attempt: c.attempts });
      await settleJob(store.db, { ...h, now: iso() }, null);
    } catch (e) {
      const error = String(e).slice(0, 500);
      const deferrals = deferralsOf(c.last_error);
      if (e instanceof RetryLater && deferrals < MAX_DEFERRALS) {
        log('info', { msg: 'job deferred', job: c.name, id: c.id, retryInSeconds: e.seconds, reason: e.message });
        await deferJob(store.db, { ...h, now: iso() }, iso(e.seconds * 1000), `deferred ${deferrals + 1}: ${error}`);
        return;
      }
      if (c.attempts >= c.max_attempts || def.everySeconds) {
        log('error', { msg: 'job failed for good', job: c.name, id: c.id, attempts: c.attempts, error });
        await settleJob(store.db, { ...h, now: iso() }, error);
      } else {
        const wait = Math.min(MAX_BACKOFF_S, (def.backoffSeconds ?? DEFAULT_BACKOFF_S) * 2 ** (c.attempts - 1));
        log('warn', { msg: 'job failed, retried', job: c.name, id: c.id, attempt: c.attempts, retryInSeconds: wait, error });
        await retryJob(store.db, { ...h, now: iso() }, iso(wait * 1000), error);
      }
    }
  };

  // A lease is renewed once half of it has passed: a write per job per half lease, not per poll.
  const keepLeases = async () => {
    for (const [id, f] of inFlight) {
      if (f.leaseUntil - Date.now() > leaseMs / 2) continue;
      f.leaseUntil = Date.now() + leaseMs;
      if (!(await extendLease(store.db, { id, owner, now: iso() }, new Date(f.leaseUntil).toISOString()))) log('warn', { msg: 'job lease lost', id });
    }
  };

  const poll = async () => {
    await enqueueRecurring();
    await keepLeases();
    if (stopped) return;
    // One statement, atomic on its own: no transaction held open across awaits.
    const leaseUntil = Date.now() + leaseMs;
    const limit = concurrency - inFlight.size;
    const claimed = await claimJobs(store.db, store.engine, { names, owner, now: iso(), leaseUntil: new Date(leaseUntil).toISOString(), limit });
    // A full claim says more are due: each job that ends claims the next at once, not a poll later
    // (10,000 reminders due at one minute drain at the send rate, not at `concurrency` per poll).
    backlog = limit > 0 && claimed.length === limit;
    for (const c of claimed) {
      const run = runOne(c)
        .catch((e: unknown) => log('error', { msg: 'job step failed', job: c.name, id: c.id, error: String(e) }))
        .finally(() => {
          inFlight.delete(c.id);
          if (backlog) tick();
        });
      inFlight.set(c.id, { run, leaseUntil });
    }
  };

  const tick = () => {
    if (stopped) return;
    polling ??= poll()
      .catch((e: unknown) => log('warn', { msg: 'job poll failed', error: String(e) }))
      .finally(() => {
        polling = null;
        schedule();
      });
  };
  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, o.pollMs);
    // Never what keeps the process alive.
    timer.unref();
  };

  tick();
  return {
    kick: () => {
      clearTimeout(timer);
      tick();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      let wait: ReturnType<typeof setTimeout> | undefined;
      const settled = Promise.all([polling, ...[...inFlight.values()].map((f) => f.run)]).then(() => undefined);
      await Promise.race([settled, new Promise<void>((r) => (wait = setTimeout(r, STOP_WAIT_MS)))]).finally(() => clearTimeout(wait));
    },
  };
};
