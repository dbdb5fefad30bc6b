/**
 * A refund is issued once even when the server dies between the provider's refund and its own
 * commit (server/payments/refund.ts). The provider here is the local provider's code
 * (payment-local.ts) run in this test's process, so its ledger outlives the server: on the first
 * refund request it refunds, then SIGKILLs the server before answering, so the status change never
 * commits. The restarted server is sent the same change again: it asks the provider again, which
 * answers the refund it already made. One refund in the ledger, one row in payment_refunds, the
 * order at status 2 and the answer cancelled. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { STAFF_PREFIX } from '@core/contract/define';
import { loadConfig } from '../../server/config';
import { importBundle } from '../../server/forms/import';
import { silentLogger } from '../../server/log';
import { createPaymentProvider, type PaymentProvider } from '../../server/providers/payment';
import { createLocalPaymentRoutes, localRefunds } from '../../server/providers/payment-local';
import { openStore, type StoreOptions } from '../../server/store/open';
import { dropSchema, engines } from './harness';
import { order } from './payment-fixture';
import { freePort } from './ports';
import { bundleServer } from './server-process';
import { STAFF_PASSWORD, giveTeam, makeStaff, totpNow } from './staff-fixture';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PK = 'paid#U-paid#1';
const MERCHANT = { PAYMENT_MERCHANT_ID: '30132', PAYMENT_SERVICE_ID: '101', PAYMENT_HASH_KEY: 'kill-test-hash-key' };

// The real path: node_modules may be a link, and the bundle runs only when argv[1] is its own URL.
const bundleDir = path.join(fs.realpathSync('node_modules'), '.cache', `refund-kill-${process.pid}`);
const serverBundle = path.join(bundleDir, 'main.mjs');
beforeAll(() => {
  bundleServer(bundleDir);
});
afterAll(() => fs.rmSync(bundleDir, { recursive: true, force: true }));

describe.concurrent('a server killed between the refund and its commit', () => {
  for (const engine of engines()) {
    it(`${engine}: the provider refunds once; the retry commits the one refund`, async ({ expect, onTestFinished }) => {
      const [port, providerPort] = [await freePort(), await freePort()];
      const base = `http://127.0.0.1:${port}`;
      const providerBase = `http://127.0.0.1:${providerPort}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'refund-kill-'));
      const pgSchema = engine === 'postgres' ? `rkill_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
      const storeOpts: StoreOptions = { dataDir, databaseUrl: engine === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined, pgSchema };
      const env = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        LOAD_DEMO: '0',
        LOG_REQUESTS: '0',
        DATABASE_URL: storeOpts.databaseUrl ?? '',
        DATABASE_SCHEMA: pgSchema ?? '',
        PAYMENT_PROVIDER_URL: `${providerBase}/pay`,
        PAYMENT_REFUND_URL: `${providerBase}/refund`,
        ...MERCHANT,
      };

      // The provider: the local provider's routes with the same merchant settings as the server's.
      const provider = createPaymentProvider(loadConfig({ PORT: String(providerPort), DATA_DIR: dataDir, PUBLIC_URL: providerBase, PAYMENT_PROVIDER_URL: `${providerBase}/pay`, ...MERCHANT })) as PaymentProvider;
      let child: ChildProcess | null = null;
      let killBeforeAnswer = true;
      const listening = () =>
        new Promise<boolean>((resolve) => {
          const s = net.connect(port, '127.0.0.1');
          s.once('connect', () => (s.destroy(), resolve(true)));
          s.once('error', () => resolve(false));
        });
      const kill = async () => {
        const c = child;
        if (c && c.exitCode === null && c.signalCode === null) {
          const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
          process.kill(-(c.pid as number), 'SIGKILL');
          await exited;
        }
        child = null;
        for (let i = 0; i < 100 && (await listening()); i++) await sleep(20);
      };
      const app = new Hono();
      app.use('/refund', async (c, next) => {
        await next();
        // Refunded (the ledger has it); the server dies before it reads the answer, so before its commit.
        if (killBeforeAnswer) {
          killBeforeAnswer = false;
          await kill();
        }
      });
      app.route('/', createLocalPaymentRoutes(provider, silentLogger));
      const providerServer = serve({ fetch: app.fetch, port: providerPort, hostname: '127.0.0.1' });
      onTestFinished(async () => {
        await kill();
        providerServer.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (pgSchema) await dropSchema(pgSchema);
      });

      // The data: a paid card order (status 0) of an answer, and an operator of its form's team.
      const setup = await openStore(storeOpts);
      await importBundle(setup, { surveyConfigs: [{ surveyId: 'paid', surveyTitle: '有料相談', isAppending: { value: true }, surveySchema: [{ itemKey: 'shimei', type: 'text', title: 'お名前' }] }] }, 'fixture');
      await giveTeam(setup, '窓口', 'survey', ['paid']);
      const staff = await makeStaff(setup, { role: 'operator', teams: ['窓口'] });
      const now = new Date().toISOString();
      await setup.write(async (trx) => {
        await trx
          .insertInto('survey_results')
          .values({ partition_key: PK, sort_key: 'shimei', survey_id: 'paid', user_id: 'U-paid', item_key: 'shimei', value: '返金 太郎', title: 'お名前', type: 'liff', check_status: '対応中', user_search_key: null, is_liff_mode: 1, registrant_name: 'LINEユーザー', user_name: null, clinic_attributes: null, is_appending: 1, status: null, answer_code: '100001', created_at: now, updated_at: now })
          .execute();
        await trx
          .insertInto('payment_orders')
          .values({ order_id: 'ord-kill', survey_id: 'paid', partition_key: PK, user_id: 'U-paid', phase: 'paid', status: 0, amount_with_tax: 2750, order_json: JSON.stringify(order()), result_json: JSON.stringify({ res_result: 'OK', res_tracking_id: 'trk-kill' }), hold_until: now, created_at: now, updated_at: now, completed_at: now, canceled_at: null })
          .execute();
      });
      await setup.close();

      const start = async () => {
        const c = spawn(process.execPath, [serverBundle], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
        child = c;
        let out = '';
        c.stdout?.on('data', (d: Buffer) => (out += d.toString()));
        c.stderr?.on('data', (d: Buffer) => (out += d.toString()));
        for (let i = 0; i < 200 && !out.includes('"msg":"listening"'); i++) {
          if (c.exitCode !== null) break;
          await sleep(25);
        }
        if (!out.includes('"msg":"listening"')) throw new Error(`server did not start:\n${out}`);
      };
      const call = async (p: string, body: unknown, cookie?: string) => {
        try {
          const res = await fetch(`${base}${STAFF_PREFIX}${p}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
            body: JSON.stringify(body),
          });
          return { status: res.status, json: (await res.json()) as any, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] as string };
        } catch {
          return null;
        }
      };
      const cancel = (cookie: string) => call('/forms/paid/answers/status', { partitionKeys: [PK], status: 'キャンセル', note: '返金対応' }, cookie);

      await start();
      const signedIn = await call('/sign-in', { email: staff.email, password: STAFF_PASSWORD, code: totpNow(staff) });
      expect(signedIn?.status).toBe(200);
      const cookie = signedIn?.cookie as string;
      // The first attempt: the provider refunds, the server dies before its commit, no answer.
      expect(await cancel(cookie)).toBeNull();
      expect(localRefunds(provider).get('trk-kill')).toMatchObject({ requests: 1, orderId: 'ord-kill' });
      const left = await openStore(storeOpts);
      try {
        expect((await left.db.selectFrom('payment_refunds').selectAll().execute()).length).toBe(0);
        expect(Number((await left.db.selectFrom('payment_orders').select('status').executeTakeFirstOrThrow()).status)).toBe(0);
        expect((await left.db.selectFrom('survey_results').select('check_status').executeTakeFirstOrThrow()).check_status).toBe('対応中');
      } finally {
        await left.close();
      }

      // Restarted (the session is in the database): the same change again commits, the provider refunding nothing more.
      await start();
      expect((await cancel(cookie))?.json).toMatchObject({ result: 'OK', data: { changed: 1 } });
      expect((await cancel(cookie))?.json).toMatchObject({ result: 'OK', data: { changed: 0 } });
      await kill();
      expect(localRefunds(provider).size).toBe(1);
      expect(localRefunds(provider).get('trk-kill')?.requests).toBe(2);
      const check = await openStore(storeOpts);
      try {
        const refunds = await check.db.selectFrom('payment_refunds').selectAll().execute();
        expect(refunds).toHaveLength(1);
        expect(refunds[0]).toMatchObject({ order_id: 'ord-kill', tracking_id: 'trk-kill', refund_id: localRefunds(provider).get('trk-kill')?.refundId });
        expect(Number((await check.db.selectFrom('payment_orders').select('status').executeTakeFirstOrThrow()).status)).toBe(2);
        expect((await check.db.selectFrom('survey_results').select('check_status').executeTakeFirstOrThrow()).check_status).toBe('NG');
        expect((await check.db.selectFrom('audit_log').select('action').where('action', '=', 'answer.status').execute()).length).toBe(2);
      } finally {
        await check.close();
      }
    }, 60_000);
  }
});
