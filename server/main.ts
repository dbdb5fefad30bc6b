/**
 * The server process: config from the environment, storage migrated, demo forms on first start,
 * then listen. SIGTERM and SIGINT finish in-flight requests and close the database.
 */
import { serve } from '@hono/node-server';
import { loadConfig, type AppConfig } from './config';
import { buildDeps } from './deps';
import { createAppWithWrites } from './app';
import type { Deps } from './route-context';
import { jsonLogger, type Logger } from './log';
import { loadDemoIfEmpty } from './forms/import';
import { ensureDemoStaff } from './staff/demo-staff';
import type { JobWorker } from './jobs/worker';
import { serverJobs } from './jobs/server-jobs';
import { paymentProviderLabel } from './providers/payment';
import type { StoreOptions } from './store/open';
import { startPipeline } from './files/pipeline';
import { ITEM_TYPES } from '@core/form/item-types';
import { loadItemDefs } from '@core/items/registry';
import { logCountCheck } from './counts';

export interface Running {
  url: string;
  deps: Deps;
  /** This process's job worker (server/jobs/). */
  jobs: JobWorker;
  stop(): Promise<void>;
}

export const startServer = async (
  config: AppConfig,
  log: Logger = jsonLogger,
  storeOverrides: Partial<StoreOptions> = {},
): Promise<Running> => {
  // The server checks every type: the ones the app fetches on demand are loaded once, up front.
  await loadItemDefs(ITEM_TYPES);
  const deps = await buildDeps(config, log, storeOverrides);
  // Which card provider takes payments is said once at start, so a simulator left live is seen.
  log(deps.payment?.kind === 'local' ? 'warn' : 'info', { msg: 'payments', provider: config.features.payment ? paymentProviderLabel(deps.payment) : 'off (PAYMENT=0)' });
  // Where LINE messages go, said once: off is no error (no channel yet) but must not go unseen.
  const line = config.lineMessaging;
  log(line ? 'info' : 'warn', { msg: 'line messages', target: line ? `${line.kind} ${line.apiUrl}` : 'off (no LINE_MESSAGING_CHANNEL_TOKEN): residents get no LINE messages' });
  // The build switches, said once so a part switched off by a stray variable is seen.
  log('info', { msg: 'features', ...config.features });
  if (config.files.builtinOnlyWarning) log('warn', { msg: 'files: FILE_SCAN=builtin, no clamd: uploads are checked by the built-in signature scanner alone' });
  if (config.loadDemo) {
    const loaded = await loadDemoIfEmpty(deps.store);
    if (loaded) log('info', { msg: 'demo forms loaded', ...loaded });
    // Demo staff sign in through the staff dev issuer only: without it they could not sign in at all.
    if (config.staff.oidc?.kind === 'dev') {
      const made = await ensureDemoStaff(deps.store);
      if (made > 0) log('info', { msg: 'demo staff made', accounts: made });
    }
  }
  if (config.checkCountsAtStart) await logCountCheck(deps.store, log);
  const { app, writes, releaseDev } = createAppWithWrites(deps);
  const { files } = deps;
  files.pipeline = startPipeline({
    store: deps.store,
    storage: files.storage,
    scanner: files.scanner,
    blobKey: files.keys.blobKey,
    leaseSeconds: files.leaseSeconds,
    log,
    hooks: () => deps.hooks,
  });
  const jobs = await deps.jobs.start({ log, jobs: serverJobs(deps), ...config.jobs });
  // Idempotency keys past their retention go at startup (and every few hundred writes after).
  const purged = await writes.purgeExpired();
  if (purged > 0) log('info', { msg: 'expired idempotency keys purged', purged });
  const release = () =>
    Promise.all([jobs.stop(), files.pipeline?.stop()])
      .then(() => deps.jobs.close())
      .then(() => deps.store.close());
  // A port already taken (EADDRINUSE) rejects, with the database closed again.
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
      s.off('error', reject);
      resolve(s);
    });
    s.once('error', reject);
  }).catch(async (e: unknown) => {
    await release();
    throw e;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      releaseDev();
      // close() stops accepting and resolves once in-flight requests have answered.
      server.close(() => resolve());
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    }).then(release));
  return { url, deps, jobs, stop };
};

export const runMain = async (): Promise<void> => {
  const config = loadConfig();
  const running = await startServer(config).catch((e: unknown) => {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw e;
    jsonLogger('error', { msg: `cannot listen on ${config.host}:${config.port} (${code}): choose another PORT`, code });
    process.exit(1);
  });
  jsonLogger('info', {
    msg: 'listening',
    url: running.url,
    engine: running.deps.store.engine,
    login: config.devIssuer ? 'dev issuer' : 'LINE',
  });
  if (config.staff.oidc?.kind === 'dev' && config.loadDemo) {
    jsonLogger('info', { msg: `staff console: open ${config.publicUrl}/admin, choose 「組織のアカウントでサインイン」 and pick a demo staff member (管理者, メンバー, オペレーター or ゲスト) on the dev issuer's page` });
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      jsonLogger('info', { msg: 'shutting down', signal });
      running
        .stop()
        .then(() => process.exit(0))
        .catch((e: unknown) => {
          jsonLogger('error', { msg: 'shutdown failed', error: String(e) });
          process.exit(1);
        });
    });
  }
};

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await runMain();
