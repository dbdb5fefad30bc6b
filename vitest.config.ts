import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@core': path.resolve(import.meta.dirname, 'core') };

export default defineConfig({
  resolve: { alias },
  test: {
    // One file per core: Vitest's default keeps a core for its main process, which on CI's two
    // cores runs the files one at a time; they wait on databases, timers and child processes enough
    // to share the cores.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/core/**/*.test.ts'], environment: 'node', setupFiles: ['tests/item-defs-setup.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/item-defs-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
