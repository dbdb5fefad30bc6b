/**
 * Starts the real server (real HTTP on a free loopback port, real database) for an integration
 * test. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set, each server in a schema of
 * its own so suites never see each other's rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { startServer, type Running } from '../../server/main';
import { silentLogger, type Logger } from '../../server/log';
import { openStore, type Engine, type Store } from '../../server/store/open';
import { freePort } from './ports';
import { pgBossSchemaOf } from '../../server/jobs/pgboss-queue';

/** Drops a test schema of TEST_DATABASE_URL and everything in it, its pg-boss schema too. */
export const dropSchema = async (schema: string) => {
  const client = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.query(`drop schema if exists ${pgBossSchemaOf(schema)} cascade`);
  } finally {
    await client.end();
  }
};

export const engines = (): Engine[] => (process.env['TEST_DATABASE_URL'] ? ['sqlite', 'postgres'] : ['sqlite']);

/**
 * Bare stores (no server) for tests of the store layer: each in a temporary SQLite folder or a
 * PostgreSQL schema of its own. `closeAll` (in afterAll) closes them and removes what they made.
 * A store's `env` is what the server and the CLIs (loadConfig) read to open the same database.
 */
export const scratchStores = (name: string) => {
  const cleanups: (() => Promise<void>)[] = [];
  return {
    open: async (engine: Engine): Promise<Store & { env: Record<string, string> }> => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `liff-forms-${name}-`));
      const pgSchema = engine === 'postgres' ? `t_${name}_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
      const store = await openStore({ dataDir, databaseUrl: engine === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined, pgSchema });
      cleanups.push(async () => {
        await store.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (pgSchema) await dropSchema(pgSchema);
      });
      const env: Record<string, string> = { DATA_DIR: dataDir };
      if (pgSchema) Object.assign(env, { DATABASE_URL: process.env['TEST_DATABASE_URL'] as string, DATABASE_SCHEMA: pgSchema });
      return Object.assign(store, { env });
    },
    closeAll: async () => {
      for (const c of cleanups.splice(0)) await c();
    },
  };
};

export interface TestServer extends Running {
  engine: Engine;
  dataDir: string;
  /** The PostgreSQL schema of its database (postgres only). */
  pgSchema: string | undefined;
  /** fetch against the server; `path` starts with '/'. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** fetch an API call under /survey/api/v1/db with an optional Bearer token, JSON body and headers. */
  api(
    method: string,
    apiPath: string,
    opts?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; json: any; text: string; headers: Headers }>;
  /** A valid dev-issuer ES256 id token for this user. */
  token(userId: string, opts?: { name?: string; expiresInSeconds?: number }): Promise<string>;
}

export interface TestServerOptions {
  /** Folder served as the built PWA (defaults to the repository's dist/). */
  distDir?: string;
  log?: Logger;
  /**
   * Another server's database (and DATA_DIR): a second server process on the same data, as behind
   * a load balancer. Its stop() leaves them to their owner.
   */
  sameDatabaseAs?: TestServer;
}

export const startTestServer = async (
  engine: Engine,
  env: Record<string, string> = {},
  opts: TestServerOptions = {},
): Promise<TestServer> => {
  const shared = opts.sameDatabaseAs;
  if (shared && shared.engine !== engine) throw new Error('sameDatabaseAs: a server of the same engine');
  const dataDir = shared ? shared.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'liff-forms-test-'));
  const pgSchema = shared ? shared.pgSchema : engine === 'postgres' ? `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : undefined;
  const listen = async (port: number) => {
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOAD_DEMO: '0',
      LOG_REQUESTS: '0',
      // Suites and benchmarks write far faster than a resident; rate-limit.test.ts sets its own.
      WRITE_RATE_LIMIT: '0',
      // Suites that configure a LINE channel need no clamd (startup-matrix.test.ts unsets this).
      FILE_SCAN: 'builtin',
      ...(engine === 'postgres' ? { DATABASE_URL: process.env['TEST_DATABASE_URL'] as string } : {}),
      ...env,
    });
    if (opts.distDir) config.distDir = opts.distDir;
    return startServer(config, opts.log ?? silentLogger, { pgSchema });
  };
  // Another suite's server may take the port between the pick and the listen: pick again.
  let port = await freePort();
  let running: Running | undefined;
  for (let attempt = 1; !running; attempt++) {
    try {
      running = await listen(port);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw e;
      port = await freePort();
    }
  }
  const base = `http://127.0.0.1:${port}`;
  const doFetch = (p: string, init?: RequestInit) => fetch(`${base}${p}`, init);
  return {
    ...running,
    url: base,
    engine,
    dataDir,
    pgSchema,
    fetch: doFetch,
    async api(method, apiPath, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await doFetch(`/survey/api/v1/db${apiPath}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = { unparsed: text };
      }
      return { status: res.status, json, text, headers: res.headers };
    },
    async token(userId, opts = {}) {
      const issuer = running.deps.devIssuer;
      if (!issuer) throw new Error('token() needs the dev issuer');
      return issuer.mint(userId, opts);
    },
    async stop() {
      await running.stop();
      if (shared) return;
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgSchema) await dropSchema(pgSchema);
    },
  };
};
