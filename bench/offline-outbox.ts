/**
 * (c) of the offline benchmark (./offline.bench.ts): the outbox module (src/offline, bundled with
 * esbuild into the page) with strict durability: enqueue p95, target ≤ 50 ms; and 100 queued
 * answers drained against the server, target ≤ 10 s. `surveyId` names an appending form with a
 * text item `name`, which every drained answer fills.
 */
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { build } from 'esbuild';
import { percentile, r1 } from './lib';

/** src/offline/outbox + db as one IIFE for the page (window.__offline). */
const outboxBundle = async (): Promise<string> => {
  const root = path.resolve(import.meta.dirname, '..');
  const result = await build({
    stdin: {
      contents: `
        export { createOutbox } from './src/offline/outbox';
        export { openOfflineDb } from './src/offline/db';
      `,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: '__offline',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    alias: { '@core': path.join(root, 'core') },
    define: { 'import.meta.env.DEV': 'false', 'import.meta.env': '{}' },
    logLevel: 'error',
  });
  return (result.outputFiles[0] as { text: string }).text;
};

export const outboxFigures = async (browser: Browser, baseUrl: string, { userId, token, surveyId }: { userId: string; token: string; surveyId: string }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/survey/api/v1/db/app-config`);
  // Evaluated through CDP (an inline <script> would be refused by the CSP).
  await page.evaluate(`${await outboxBundle()};\nwindow.__offline = __offline; 0`);
  const figures = (await page.evaluate(`
    (async function () {
      var o = window.__offline;
      var auth = { currentUserId: function () { return ${JSON.stringify(userId)}; }, freshToken: function () { return { userId: ${JSON.stringify(userId)}, idToken: ${JSON.stringify(token)} }; } };
      var db = o.openOfflineDb({ name: 'bench-outbox' });
      var outbox = o.createOutbox({ db: db, auth: auth, lock: null });
      var input = function (i) {
        return { endpoint: 'surveyResultsPutItem', request: { body: { data: [{ surveyId: ${JSON.stringify(surveyId)}, itemKey: 'name', value: 'bench-' + i }] } }, meta: { surveyId: ${JSON.stringify(surveyId)}, title: 'bench' } };
      };
      // Enqueue latency with strict durability (db.ts asks for it on every transaction).
      var lat = [];
      for (var i = 0; i < 200; i++) {
        var t0 = performance.now();
        await outbox.enqueue(input(i));
        lat.push(performance.now() - t0);
      }
      await db.outbox.clear();
      // 100 queued answers, then one replay drains them against the server.
      for (var j = 0; j < 100; j++) await outbox.enqueue(input(1000 + j));
      var t1 = performance.now();
      await outbox.replay();
      var drainMs = performance.now() - t1;
      var delivered = await db.outbox.where('status').equals('delivered').count();
      lat.sort(function (a, b) { return a - b; });
      return { lat: lat, drainMs: drainMs, delivered: delivered };
    })()
  `)) as { lat: number[]; drainMs: number; delivered: number };
  await context.close();
  return {
    enqueueP50Ms: r1(percentile(figures.lat, 50)),
    enqueueP95Ms: r1(percentile(figures.lat, 95)),
    drain100Ms: r1(figures.drainMs),
    delivered: figures.delivered,
  };
};
