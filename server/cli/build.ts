/** Builds the PWA when dist/ is missing or older than its sources (npm start, benchmarks). */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const SOURCES = ['src', 'core', 'sw', 'public', 'index.html', 'vite.config.ts', 'vite.ssr.config.ts', 'package.json'];

const newestMtime = (p: string): number => {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
};

export const buildIfStale = (log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): boolean => {
  // Both builds: the PWA, then the server's render of form pages (vite.ssr.config.ts), written last.
  const built = path.resolve('dist-ssr/render-page.js');
  const builtAt = fs.existsSync(built) && fs.existsSync(path.resolve('dist/index.html')) ? fs.statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.resolve(s))));
  if (builtAt >= sourcesAt) return false;
  log(builtAt ? 'PWA build is stale: rebuilding…' : 'PWA not built yet: building…');
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build'], { stdio: 'inherit' });
  execFileSync(process.execPath, [vite, 'build', '-c', 'vite.ssr.config.ts'], { stdio: 'inherit' });
  return true;
};
