/**
 * What the first screen's JavaScript carries and what of it runs (issue 21, (b) − (e)): the PWA
 * built with source maps, a first visit of the offline benchmark's 30-item form in headless
 * Chromium at 390×844, and V8's function coverage taken once the form is interactive. Every byte
 * of the first chunk (the JS index.html loads) is counted as run (top-level code, or inside a
 * function called at least once) or not run, and attributed to its source through the source
 * map: per package for libraries, per module for the app's own code (src/, core/). What does not
 * run is what a split could move off the first screen; what runs can only get smaller by doing less.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { build as viteBuild } from 'vite';
import { startTestServer } from '../tests/server/harness';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium';
import { importBundle } from '../server/forms/import';
import { r1 } from './lib';
import { interactiveProbe } from './offline.bench';
import { generateForm } from './renderer.bench';

const FORM = 'bench-first-chunk';
const USER = 'Ubench-first-chunk';
const ROOT = path.resolve(import.meta.dirname, '..');
/** How many of the app's modules the report lists, those with the most code not run first. */
const TOP_MODULES = 25;

interface ScriptCoverage {
  url: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}

/** The app's own modules by their path in the repository; a library by its package name. */
const sourceKey = (fromRoot: string): string => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(fromRoot)?.[1] ?? fromRoot;

/**
 * Bytes of one loaded script, run or not, by source. Coverage ranges nest: outer ones first, so
 * an inner function's count wins; the source map's segments say where each stretch came from.
 */
const attribute = (file: string, map: RawSourceMap | null, coverage: ScriptCoverage, into: Map<string, { run: number; notRun: number }>) => {
  const code = fs.readFileSync(file, 'utf8');
  const ran = new Uint8Array(code.length).fill(1);
  const ranges = coverage.functions.flatMap((f) => f.ranges).sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const r of ranges) ran.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
  const lineStart = [0];
  for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStart.push(i + 1);
  const segments: { at: number; key: string }[] = [];
  if (map) {
    new SourceMapConsumer(map).eachMapping((m) => {
      const start = lineStart[m.generatedLine - 1];
      if (start === undefined) return;
      const source = m.source ? sourceKey(path.relative(ROOT, path.resolve(path.dirname(file), m.source))) : '(unmapped)';
      segments.push({ at: start + m.generatedColumn, key: source });
    });
  }
  segments.sort((a, b) => a.at - b.at);
  const add = (key: string, from: number, to: number) => {
    const entry = into.get(key) ?? { run: 0, notRun: 0 };
    for (let i = from; i < to; i++) entry[ran[i] ? 'run' : 'notRun'] += 1;
    into.set(key, entry);
  };
  add('(unmapped)', 0, segments[0]?.at ?? code.length);
  segments.forEach((s, i) => add(s.key, s.at, segments[i + 1]?.at ?? code.length));
};

const kb = (bytes: number) => r1(bytes / 1024);

export const runFirstChunkBench = async (): Promise<void> => {
  const outDir = path.join(ROOT, 'node_modules/.cache/bench-first-chunk');
  await viteBuild({ root: ROOT, logLevel: 'error', build: { outDir, emptyOutDir: true, sourcemap: true } });
  const srv = await startTestServer('sqlite', {}, { distDir: outDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await importBundle(srv.deps.store, { surveyConfigs: [generateForm(FORM, 30)] }, 'bench');
    const token = await srv.token(USER, { name: 'ベンチ 花子', expiresInSeconds: 3600 });
    const session = { idToken: token, accessToken: 'bench', profile: { userId: USER, displayName: 'ベンチ 花子' } };
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP', serviceWorkers: 'block' });
    await context.addInitScript(interactiveProbe(session));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    // Function granularity: a function never called is the unit a split could move.
    await cdp.send('Profiler.startPreciseCoverage', { callCount: false, detailed: false });
    await page.goto(`${srv.url}/survey/${FORM}`);
    await page.waitForFunction(() => typeof (window as { __interactive?: number }).__interactive === 'number', null, { timeout: 60_000 });
    const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
    // The first chunk: what index.html loads (its entry and preloads); chunks of their own load
    // when a screen asks for them, and are split off already.
    const first = new Set([...fs.readFileSync(path.join(outDir, 'index.html'), 'utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
    await context.close();

    const bySource = new Map<string, { run: number; notRun: number }>();
    const files: { name: string; KB: number }[] = [];
    for (const script of result) {
      const pathname = script.url ? new URL(script.url).pathname : '';
      if (!/^\/assets\/.+\.js$/.test(pathname) || !first.has(pathname)) continue;
      const file = path.join(outDir, pathname);
      files.push({ name: pathname, KB: kb(fs.statSync(file).size) });
      // Vite's tiny runtime chunk comes without a map: all of it counts as unmapped.
      const map = fs.existsSync(`${file}.map`) ? (JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as RawSourceMap) : null;
      attribute(file, map, script, bySource);
    }
    const rows = [...bySource].map(([source, b]) => ({ source, runKB: kb(b.run), notRunKB: kb(b.notRun), own: /^(src|core)\//.test(source) }));
    const sum = (list: typeof rows, k: 'runKB' | 'notRunKB') => r1(list.reduce((n, r) => n + r[k], 0));
    const own = rows.filter((r) => r.own);
    const libraries = rows.filter((r) => !r.own).sort((a, b) => b.runKB + b.notRunKB - (a.runKB + a.notRunKB));
    console.log(
      JSON.stringify({
        bench: 'first-chunk',
        form: '30 items, 390x844, first visit up to interactive',
        files,
        runKB: sum(rows, 'runKB'),
        notRunKB: sum(rows, 'notRunKB'),
        app: {
          runKB: sum(own, 'runKB'),
          notRunKB: sum(own, 'notRunKB'),
          modules: own.length,
          mostNotRun: own.sort((a, b) => b.notRunKB - a.notRunKB).slice(0, TOP_MODULES).map(({ source, runKB, notRunKB }) => ({ source, runKB, notRunKB })),
        },
        libraries: libraries.map(({ source, runKB, notRunKB }) => ({ source, runKB, notRunKB })),
      }),
    );
  } finally {
    await browser.close();
    await srv.stop();
  }
};
