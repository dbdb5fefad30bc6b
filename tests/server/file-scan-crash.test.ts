/**
 * A scan cut short by SIGKILL (spec 02 §4): the server process is killed while clamd holds the
 * file's scan, restarted on the same data, and the file must end Completed (or Error) — never be
 * served while unscanned, before or after the restart. Also clamd's verdicts through its protocol.
 * The process is server/main.ts bundled by esbuild, as in kill.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CHANNEL_ID, loadConfig } from '../../server/config';
import { devChannelSecret } from '../../server/providers/login-dev';
import { startServer } from '../../server/main';
import { silentLogger } from '../../server/log';
import { dropSchema, engines, startTestServer } from './harness';
import { startFakeClamd } from './fake-clamd';
import { cleanPdf } from './file-fixtures';
import { freePort } from './ports';
import { bundleServer } from './server-process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bundleDir = path.resolve('node_modules/.cache', `file-crash-test-${process.pid}`);
const serverBundle = path.join(bundleDir, 'main.mjs');
beforeAll(() => {
  bundleServer(bundleDir);
});
afterAll(() => fs.rmSync(bundleDir, { recursive: true, force: true }));

const api = async (base: string, token: string, p: string, body: unknown) => {
  const res = await fetch(`${base}/survey/api/v1/db${p}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};

for (const engine of engines()) {
  describe(`file scans (${engine})`, () => {
    it('SIGKILL during a scan: never served meanwhile, Completed after the restart', { timeout: 60_000 }, async ({ onTestFinished }) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-crash-'));
      const pgSchema = engine === 'postgres' ? `fcrash_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
      const clamd = await startFakeClamd(path.join(dataDir, 'clamd.sock'), { hang: true });
      const publicUrl = 'http://files-crash.test';
      const env: Record<string, string> = {
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        LOAD_DEMO: '0',
        LOG_REQUESTS: '0',
        WRITE_RATE_LIMIT: '0',
        FILE_SCAN_LEASE_SECONDS: '1',
        DATABASE_URL: engine === 'postgres' ? (process.env['TEST_DATABASE_URL'] as string) : '',
        DATABASE_SCHEMA: pgSchema ?? '',
      };
      let child: ChildProcess | null = null;
      let restarted: Awaited<ReturnType<typeof startServer>> | null = null;
      onTestFinished(async () => {
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await restarted?.stop();
        await clamd.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (pgSchema) await dropSchema(pgSchema);
      });

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, [serverBundle], {
        env: { ...process.env, ...env, PORT: String(port), CLAMD_SOCKET: clamd.socket },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      while (!out.includes('"msg":"listening"')) {
        if (child.exitCode !== null) throw new Error(`server did not start:\n${out}`);
        await sleep(25);
      }
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(`${publicUrl}/dev`)
        .setAudience(DEV_CHANNEL_ID)
        .setSubject('U-crash')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(await devChannelSecret(dataDir)));

      const made = await api(base, token, '/survey-resources/secure-files', {
        files: [{ itemKey: 'docs', name: 'card.pdf', contentType: 'application/pdf', size: cleanPdf.length }],
      });
      expect(made.status).toBe(200);
      const { id, url } = made.json.data[0] as { id: string; url: string };
      const put = await fetch(`${base}${url}`, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(cleanPdf) });
      expect(put.status).toBe(200);
      // clamd has the file and never answers: the scan is in flight.
      while (clamd.connections() === 0) await sleep(20);
      const during = await api(base, token, '/survey-results/download-secure-file', { surveyId: 's', itemKey: 'docs', fileId: id });
      expect(during.status).toBe(409);
      expect(during.json.code).toBe('file_not_ready');

      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGKILL');
      await exited;

      // Restarted on the same data (without the stuck clamd): the file's lease passes and it is scanned again.
      restarted = await startServer(loadConfig({ ...env, PORT: '0' }), silentLogger);
      const base2 = restarted.url.replace('localhost', '127.0.0.1');
      let status = '';
      for (;;) {
        await restarted.deps.files.pipeline?.kick();
        const s = await api(base2, token, '/survey-resources/secure-files/status', { ids: [id] });
        status = s.json.data[0].fileData.status as string;
        if (status === 'Completed' || status === 'Error' || status === 'Infected') break;
        const meanwhile = await api(base2, token, '/survey-results/download-secure-file', { surveyId: 's', itemKey: 'docs', fileId: id });
        expect(meanwhile.status).toBe(409);
        await sleep(50);
      }
      expect(status).toBe('Completed');
      const link = await api(base2, token, '/survey-results/download-secure-file', { surveyId: 's', itemKey: 'docs', fileId: id });
      const file = await fetch(`${base2}${link.json.data.url as string}`);
      expect(Buffer.from(await file.arrayBuffer()).equals(cleanPdf)).toBe(true);
    });

    it('clamd, when configured, refuses what it finds; unreachable, the file ends Error', { timeout: 30_000 }, async ({ onTestFinished }) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clamd-'));
      const clamd = await startFakeClamd(path.join(dir, 'clamd.sock'), { marker: 'Catalog' });
      const srv = await startTestServer(engine, { CLAMD_SOCKET: clamd.socket });
      const down = await startTestServer(engine, { CLAMD_SOCKET: path.join(dir, 'nobody-here.sock') });
      onTestFinished(async () => {
        await srv.stop();
        await down.stop();
        await clamd.close();
        fs.rmSync(dir, { recursive: true, force: true });
      });
      const settle = async (s: typeof srv, token: string, body: Buffer) => {
        const made = await s.api('POST', '/survey-resources/secure-files', {
          token,
          body: { files: [{ itemKey: 'docs', name: 'a.pdf', contentType: 'application/pdf', size: body.length }] },
        });
        const { id, url } = made.json.data[0] as { id: string; url: string };
        expect((await s.fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(body) })).status).toBe(200);
        for (;;) {
          await s.deps.files.pipeline?.kick();
          const r = await s.api('POST', '/survey-resources/secure-files/status', { token, body: { ids: [id] } });
          const st = r.json.data[0].fileData.status as string;
          if (['Completed', 'Infected', 'Error'].includes(st)) return st;
          await sleep(20);
        }
      };
      const t = await srv.token('U-clamd');
      expect(await settle(srv, t, cleanPdf)).toBe('Infected');
      expect(await settle(srv, t, Buffer.from('%PDF-1.4\n%%EOF\n'))).toBe('Completed');
      expect(clamd.connections()).toBe(2);
      expect(await settle(down, await down.token('U-clamd'), cleanPdf)).toBe('Error');
    });
  });
}
