/** The server as a process: it starts with a fresh data folder, and SIGTERM finishes in-flight work. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/main';
import { silentLogger } from '../../server/log';
import { freePort } from './ports';

/** `npm start`'s server as a child process, its output collected. */
const startProcess = (env: Record<string, string>) => {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, out: '', exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
  child.stdout.on('data', (d: Buffer) => (run.out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (run.out += d.toString()));
  return run;
};

describe('server process', () => {
  it('migrates, loads the demo forms, serves, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-'));
    const server = startProcess({ PORT: String(port), DATA_DIR: dataDir, LOAD_DEMO: '1' });
    try {
      for (let i = 0; i < 200 && !server.out.includes('"msg":"listening"'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(server.out).toContain('"msg":"listening"');
      expect(server.out).toContain('"msg":"demo forms loaded"');
      const res = await fetch(`http://127.0.0.1:${port}/survey/api/v1/db/survey-configs/open`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: unknown[] };
      expect(body.data.length).toBeGreaterThanOrEqual(3);
      expect(fs.existsSync(path.join(dataDir, 'app.sqlite'))).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(server.out).toContain('"msg":"shutting down"');
    // A clean close checkpoints the WAL: the file is gone or empty.
    const wal = path.join(dataDir, 'app.sqlite-wal');
    expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('on a port already taken, startServer rejects with EADDRINUSE and the process exits 1 saying so', async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-'));
    try {
      const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOAD_DEMO: '0' });
      await expect(startServer(config, silentLogger)).rejects.toMatchObject({ code: 'EADDRINUSE' });

      const server = startProcess({ PORT: String(port), DATA_DIR: dataDir, LOAD_DEMO: '0' });
      expect(await server.exited).toBe(1);
      expect(server.out).toContain(`cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
      expect(server.out).not.toContain('"msg":"listening"');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
