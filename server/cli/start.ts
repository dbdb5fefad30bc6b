/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources, then runs the
 * server (which migrates the database and loads the demo forms on first start).
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { runMain } from '../main';

const SOURCES = ['src', 'core', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'];

const newestMtime = (p: string): number => {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
};

const built = path.resolve('dist/index.html');
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.resolve(s))));
if (builtAt < sourcesAt) {
  process.stdout.write(builtAt ? 'PWA build is stale: rebuilding…\n' : 'PWA not built yet: building…\n');
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build'], { stdio: 'inherit' });
}
await runMain();
