/**
 * The offline benchmark's floor pages (bench/offline.bench.ts): (d) React and Mantine alone,
 * (e) the same through every library the app's first screen needs, both built by Vite, and (g)
 * the app's own page with its scripts and links taken out. Each is served brotli-compressed, as
 * the app's build serves its files.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { build as viteBuild } from 'vite';

export interface FloorPage {
  url: string;
  close: () => Promise<void>;
}

export const FLOOR_ITEMS = 30;

/** The User Timing mark set where rendering starts, all code evaluated: src/main.tsx sets it too. */
export const RENDER_MARK = 'app-render';

const floorForm = `<form data-testid="survey-form" data-rendered="all" data-interactive="true">
      <Stack>{items.map((i) => <TextInput key={i} label={'質問 ' + (i + 1)} description="説明" />)}</Stack>
      <Button type="button" data-testid="submit-button">送信</Button>
    </form>`;

/** The floor pages' code: (d) the UI libraries alone; (e) every library the app's first screen needs. */
export const FLOOR_MAIN = {
  ui: (root: string) => `import ${JSON.stringify(path.join(root, 'src/app/mantine.css'))};
import { createRoot } from 'react-dom/client';
import { Button, MantineProvider, Stack, TextInput } from '@mantine/core';
const items = Array.from({ length: ${FLOOR_ITEMS} }, (_, i) => i);
performance.mark(${JSON.stringify(RENDER_MARK)});
createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    ${floorForm}
  </MantineProvider>,
);
`,
  // The form's config goes through a query and a zod/mini schema, the date through Temporal, the
  // page through the router, as in the app; the config is a literal (the app's arrives early, off
  // the critical path, see src/early.ts).
  stack: (root: string) => `import ${JSON.stringify(path.join(root, 'src/app/mantine.css'))};
import { createRoot } from 'react-dom/client';
import { Button, MantineProvider, Stack, TextInput } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { Temporal } from 'temporal-polyfill';
import * as z from 'zod/mini';
const Config = z.object({ title: z.string(), items: z.array(z.object({ itemKey: z.string(), title: z.string(), required: z.optional(z.boolean()) })) });
const literal = { title: 'floor', items: Array.from({ length: ${FLOOR_ITEMS} }, (_, i) => ({ itemKey: 'q' + i, title: '質問 ' + (i + 1) })) };
const Form = () => {
  const q = useQuery({ queryKey: ['config'], queryFn: async () => Config.parse(literal) });
  const today = Temporal.Now.plainDateISO('Asia/Tokyo');
  if (!q.data) return null;
  const items = q.data.items.map((_, i) => i);
  return (<><p>{today.toString()}</p>${floorForm}</>);
};
const rootRoute = createRootRoute({ component: () => <Outlet /> });
const formRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Form });
const router = createRouter({ routeTree: rootRoute.addChildren([formRoute]) });
const client = new QueryClient();
performance.mark(${JSON.stringify(RENDER_MARK)});
createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </MantineProvider>,
);
`,
};

export type FloorKind = keyof typeof FLOOR_MAIN;

/**
 * A floor page of (d) or (e), built under node_modules/.cache (so its bare imports resolve to the
 * project's packages) and served brotli-compressed, as the app's build serves its files.
 */
export const floorPage = async (kind: FloorKind): Promise<FloorPage> => {
  const root = path.resolve(import.meta.dirname, '..');
  const dir = path.join(root, `node_modules/.cache/bench-floor-${kind}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>floor</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'main.tsx'), FLOOR_MAIN[kind](root));
  const out = path.join(dir, 'dist');
  await viteBuild({ root: dir, configFile: false, logLevel: 'error', build: { outDir: out, emptyOutDir: true } });
  // The app's first chunk carries V8's compile hint (vite.config.ts compileHints); the floor's one
  // chunk gets it too, as everything in it also runs on load.
  for (const name of fs.readdirSync(path.join(out, 'assets'))) {
    const file = path.join(out, 'assets', name);
    if (name.endsWith('.js')) fs.writeFileSync(file, `//# allFunctionsCalledOnLoad\n${fs.readFileSync(file, 'utf8')}`);
  }
  return serveBrotli(out);
};

/**
 * (g): the page the app's server sends for the form's address (its splash naming the form), with
 * every script and link taken out, so nothing but the HTML and its inline style paints.
 */
export const splashFloorPage = async (appPageUrl: string): Promise<FloorPage> => {
  const page = (await (await fetch(appPageUrl)).text()).replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link\b[^>]*>/g, '');
  if (!page.includes('data-testid="splash"')) throw new Error(`${appPageUrl}: no splash in the page`);
  const dir = path.resolve(import.meta.dirname, '../node_modules/.cache/bench-floor-splash');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  return serveBrotli(dir);
};

/**
 * A static server of `dir` (index.html for any other path) that answers every file
 * brotli-compressed, compressed before the first visit, as the app's build precompresses its
 * files: compressing on the first request would slow the floor's first visit alone.
 */
export const serveBrotli = async (dir: string): Promise<FloorPage> => {
  const compressed = new Map<string, Buffer>();
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isFile()) compressed.set(file, zlib.brotliCompressSync(fs.readFileSync(file)));
  }
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8' };
  const server = http.createServer((req, res) => {
    const wanted = path.join(dir, path.normalize(new URL(req.url ?? '/', 'http://x').pathname));
    const file = compressed.has(wanted) ? wanted : path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'content-encoding': 'br' });
    res.end(compressed.get(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
