// Lint: TypeScript rules plus the dependency boundaries of ARCHITECTURE.md, enforced with ESLint's
// own no-restricted-imports so no extra plugin is needed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import fs from 'node:fs';

// Every folder of src/features, read from the disk so a new feature is bounded from its first file.
const FEATURES = fs.readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

const pwaPatterns = [{ group: ['**/server/**', '**/sw/**'], message: 'The PWA imports core, never server or sw.' }];
const liffPath = [{ name: '@line/liff', message: 'LIFF only through src/lib/liff.ts.' }];

/** Each feature folder may not import another feature (compose them in src/app). */
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: liffPath,
        patterns: [
          ...pwaPatterns,
          {
            group: FEATURES.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}`, `**/features/${f}/**`, `../${f}/**`, `../${f}`]),
            message: 'Features do not import each other: compose them in src/app.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'dist-ssr/**', '.scratch/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '**/server/**', '**/sw/**', '@/*'], message: 'core imports nothing local outside core.' },
            { group: ['react', 'react-dom', 'hono', 'kysely', 'dexie', '@mantine/*', '@line/*'], message: 'core is framework-free.' },
          ],
        },
      ],
      // Dates in core are Temporal (Asia/Tokyo where it matters), never Date.
      'no-restricted-globals': ['error', { name: 'Date', message: 'Use Temporal in core/.' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: pwaPatterns,
          paths: liffPath,
        },
      ],
    },
  },
  { files: ['src/lib/liff.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', '**/sw/**'], message: 'The server imports core, never src or sw.' }] },
      ],
    },
  },
  {
    // The store is the bottom floor of the server: the parts above it (import, answers, routes…)
    // import it, never the other way (issue 55: no cycle through the store).
    files: ['server/store/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '**/sw/**'], message: 'The server imports core, never src or sw.' },
            {
              group: ['../forms/**', '../answers/**', '../audit/**', '../routes/**', '../payments/**', '../beds/**', '../members/**', '../files/**', '../app', '../route-context'],
              message: 'server/store imports only core and its own modules.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['tests/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
