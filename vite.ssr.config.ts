import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's render of a form's page (issue 60): src/ssr/render-page.tsx as one ES module for
 * Node in dist-ssr/, its libraries left to node_modules. `npm run build` runs it after the PWA's build.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@core': fileURLToPath(new URL('./core', import.meta.url)) } },
  build: {
    ssr: fileURLToPath(new URL('./src/ssr/render-page.tsx', import.meta.url)),
    outDir: 'dist-ssr',
    emptyOutDir: true,
    rolldownOptions: { output: { entryFileNames: 'render-page.js' } },
  },
});
