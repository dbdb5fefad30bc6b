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


describe('server process', () => {
  it('migrates, loads the demo forms, serves, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-'));
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOAD_DEMO: '1', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 200 && !out.includes('"msg":"listening"'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain('"msg":"listening"');
      expect(out).toContain('"msg":"demo forms loaded"');
      const res = await fetch(`http://127.0.0.1:${port}/survey/api/v1/db/survey-configs/open`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: unknown[] };
      expect(body.data.length).toBeGreaterThanOrEqual(3);
      expect(fs.existsSync(path.join(dataDir, 'app.sqlite'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(out).toContain('"msg":"shutting down"');
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

      const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOAD_DEMO: '0', DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      expect(code).toBe(1);
      expect(out).toContain(`cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
      expect(out).not.toContain('"msg":"listening"');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
