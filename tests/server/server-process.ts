/**
 * Real server processes for tests that kill or multiply them: server/main.ts bundled once with
 * esbuild (a restart in under a second, where tsx's would take two), spawned in a process group of
 * its own so a SIGKILL takes everything it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Bundles server/main.ts into `dir`; answers the file to spawn. */
export const bundleServer = (dir: string): string => {
  const outfile = path.join(dir, 'main.mjs');
  buildSync({
    entryPoints: ['server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@core': path.resolve('core') },
    outfile,
    logLevel: 'warning',
  });
  return outfile;
};

export const removeBundle = (dir: string): void => fs.rmSync(dir, { recursive: true, force: true });

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGKILL to its process group; resolves once it has exited. */
  kill(): Promise<void>;
}

/** Spawns the bundled server with `env` and waits for its "listening" line (10 s at most). */
export const spawnServer = async (bundle: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> => {
  const child = spawn(process.execPath, [bundle], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
    await exited;
  };
  for (let i = 0; i < 400 && !out.includes('"msg":"listening"'); i++) {
    if (child.exitCode !== null) break;
    await sleep(25);
  }
  if (!out.includes('"msg":"listening"')) {
    await kill();
    throw new Error(`server did not start:\n${out}`);
  }
  return { child, output: () => out, kill };
};
