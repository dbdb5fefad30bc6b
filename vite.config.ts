import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Hono server serves the API, the dev issuer and the app config on 8080; in dev the PWA runs
// on Vite's port and reaches them through this proxy so the browser sees one origin.
const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
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
  },
});
