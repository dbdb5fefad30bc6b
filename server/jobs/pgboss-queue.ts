/**
 * The job queue on PostgreSQL: pg-boss in a schema of its own beside the store's. A job is sent
 * with the caller's Kysely handle as pg-boss's `db`, so it is inserted in the caller's transaction;
 * a unique key becomes the job's id (a v5-style UUID of the key), so a second send adds nothing.
 * Workers, retries with backoff and the takeover of a dead process's job are pg-boss's
 * (expireInSeconds = the lease, found by its supervisor); RetryLater and recurring periods are ours.
 */
import crypto from 'node:crypto';
import { fromKysely, PgBoss, type Db, type JobResult, type JobWithMetadata } from 'pg-boss';
import type { Logger } from '../log';
import { DEFAULT_ATTEMPTS, type JobRequest } from './enqueue';
import type { JobQueue, JobStart } from './queue';
import { DEFAULT_BACKOFF_S, MAX_BACKOFF_S, MAX_DEFERRALS, periodJob } from './recurring';
import { RetryLater } from './retry-later';
import { STOP_WAIT_MS, type JobDefinition } from './worker';

export interface PgBossQueueOptions {
  connectionString: string;
  /** The store's schema: pg-boss's is `<schema>_pgboss` (`pgboss` without one). */
  storeSchema: string | undefined;
  /** The lease of the workers (JOB_LEASE_SECONDS): the supervisor looks for dead ones twice a lease. */
  leaseSeconds: number;
  log: Logger;
}

/** What a job carries: the payload, and across RetryLater's continuations the first job's id and counts. */
interface Envelope {
  payload: unknown;
  root?: string;
  /** Attempts spent by the jobs before this continuation. */
  used?: number;
  deferrals?: number;
}

/** pg-boss polls no faster than this. */
/** Jobs one fetch of a one-off job's worker takes (each run side by side). */
const BATCH = 10;
const MIN_POLL_S = 0.5;
const NAMESPACE = 'liff-forms/jobs:';

export const pgBossSchemaOf = (storeSchema: string | undefined): string => (storeSchema ? `${storeSchema}_pgboss` : 'pgboss');

/** A UUID derived from a key (v5-style: SHA-1, version and variant bits set), the same in every process. */
export const keyId = (key: string): string => {
  const b = crypto.createHash('sha1').update(NAMESPACE + key).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export const createPgBossQueue = async (o: PgBossQueueOptions): Promise<JobQueue> => {
  const superviseSeconds = Math.min(60, Math.max(1, Math.ceil(o.leaseSeconds / 2)));
  const boss = new PgBoss({
    connectionString: o.connectionString,
    schema: pgBossSchemaOf(o.storeSchema),
    // Its own small pool: pg-boss's multi-statement maintenance needs its pool's results as pg gives
    // them, and its polling then never waits behind (or holds) a request's connection.
    max: 3,
    application_name: 'liff-forms-jobs',
    // Recurring jobs are our per-period unique keys (seconds); cron's minute is too coarse.
    schedule: false,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    registerInstance: false,
    openTelemetry: { enabled: false },
  });
  // Without a listener an 'error' event would throw out of pg-boss's timers.
  boss.on('error', (e) => o.log('warn', { msg: 'pg-boss error', error: String(e) }));
  await boss.start();

  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (name: string) => {
    let made = queues.get(name);
    if (!made) queues.set(name, (made = boss.createQueue(name, { expireInSeconds: o.leaseSeconds }).catch((e: unknown) => (queues.delete(name), Promise.reject(e)))));
    return made;
  };
  const send = async (job: JobRequest, data: Envelope, db?: Db): Promise<boolean> => {
    await ensureQueue(job.name);
    const id = await boss.send(job.name, data as object, {
      id: job.uniqueKey ? keyId(job.uniqueKey) : crypto.randomUUID(),
      ...(job.runAt ? { startAfter: job.runAt } : {}),
      retryLimit: (job.maxAttempts ?? DEFAULT_ATTEMPTS) - 1,
      // Each job's own lease, also when it was sent before any worker configured its queue: a job
      // held by a killed process is retried after a lease, not pg-boss's default 15 minutes.
      expireInSeconds: o.leaseSeconds,
      // The first delay is the queue's (the definition's backoffSeconds, set by start()).
      retryBackoff: true,
      retryDelayMax: MAX_BACKOFF_S,
      ...(db ? { db } : {}),
    });
    return id !== null;
  };

  const start = async (s: JobStart) => {
    const { log } = s;
    const pollingIntervalSeconds = Math.max(MIN_POLL_S, s.pollMs / 1000);
    const run = async (def: JobDefinition, job: JobWithMetadata<Envelope>): Promise<JobResult> => {
      const data = job.data;
      const used = data.used ?? 0;
      const id = data.root ?? job.id;
      try {
        await def.run(data.payload, { id, attempt: used + job.retryCount + 1 });
        return { id: job.id, status: 'completed' };
      } catch (e) {
        const deferrals = data.deferrals ?? 0;
        if (e instanceof RetryLater && deferrals < MAX_DEFERRALS) {
          // This job completes and a continuation waits out the delay with the attempts left; its id
          // is derived, so a redelivery of this job (its process died before completing) adds none.
          log('info', { msg: 'job deferred', job: def.name, id, retryInSeconds: e.seconds, reason: e.message });
          const next = { ...data, root: id, used: used + job.retryCount, deferrals: deferrals + 1 };
          const attemptsLeft = job.retryLimit - job.retryCount + 1;
          await send({ name: def.name, uniqueKey: `${id}:later:${deferrals + 1}`, runAt: new Date(Date.now() + e.seconds * 1000), maxAttempts: attemptsLeft }, next);
          return { id: job.id, status: 'completed', output: { deferred: e.seconds, reason: e.message } };
        }
        const error = String(e).slice(0, 500);
        // A recurring run that threw is not retried: the next period is its retry.
        const forGood = job.retryCount >= job.retryLimit || Boolean(def.everySeconds);
        log(forGood ? 'error' : 'warn', { msg: forGood ? 'job failed for good' : 'job failed, retried', job: def.name, id, attempt: used + job.retryCount + 1, error });
        return { id: job.id, status: forGood ? 'deadletter' : 'failed', output: { message: error } };
      }
    };

    // The queues are set up side by side: a server's start waits for them.
    const workIds = await Promise.all(
      s.jobs.map(async (def) => {
        await ensureQueue(def.name);
        // A job active past the lease is failed (and retried) by pg-boss: its process is taken for dead.
        await boss.updateQueue(def.name, { expireInSeconds: s.leaseSeconds, retryDelay: Math.max(1, Math.ceil(def.backoffSeconds ?? DEFAULT_BACKOFF_S)), retryBackoff: true });
        // A one-off job's worker takes batches and fetches again at once while they come back full:
        // 10,000 reminders due at one minute drain at the send rate, not a batch per poll.
        const options = {
          batchSize: def.everySeconds ? 1 : BATCH,
          burstWhenBatchFull: !def.everySeconds,
          includeMetadata: true,
          perJobResults: true,
          pollingIntervalSeconds,
          localConcurrency: def.everySeconds ? 1 : (s.concurrency ?? 4),
        } as const;
        return boss.work<Envelope>(def.name, options, (jobs) => Promise.all(jobs.map((j) => run(def, j as JobWithMetadata<Envelope>))));
      }),
    );

    const enqueued = new Map<string, number>();
    const enqueueRecurring = async () => {
      for (const def of s.jobs) {
        if (!def.everySeconds) continue;
        const { period, ...job } = periodJob(def.name, def.everySeconds, Date.now());
        if (enqueued.get(def.name) === period) continue;
        await send(job, { payload: null });
        enqueued.set(def.name, period);
      }
    };
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      if (stopped) return;
      void enqueueRecurring()
        .catch((e: unknown) => log('warn', { msg: 'recurring job enqueue failed', error: String(e) }))
        .finally(() => {
          if (stopped) return;
          timer = setTimeout(tick, s.pollMs);
          // Never what keeps the process alive.
          timer.unref();
        });
    };
    tick();

    return {
      kick: () => workIds.forEach((id) => boss.notifyWorker(id)),
      stop: async () => {
        stopped = true;
        clearTimeout(timer);
        let wait: ReturnType<typeof setTimeout> | undefined;
        const settled = Promise.all(s.jobs.map((d) => boss.offWork(d.name, { wait: true }))).then(() => undefined);
        await Promise.race([settled, new Promise<void>((r) => (wait = setTimeout(r, STOP_WAIT_MS)))]).finally(() => clearTimeout(wait));
      },
    };
  };

  return {
    // pg-boss's own Kysely adapter: its insert runs on the caller's handle, with parameters.
    enqueue: (db, job) => send(job, { payload: job.payload ?? null }, fromKysely(db)),
    start,
    close: () => boss.stop({ graceful: true, timeout: STOP_WAIT_MS }),
  };
};
