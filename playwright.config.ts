import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

/**
 * End-to-end tests in Debian's Chromium (Playwright cannot download its own browser here) against
 * the real server started the way `npm start` starts it, on its own port and a fresh data folder.
 */
const PORT = Number(process.env['E2E_PORT'] ?? 18080);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env['CI'] ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    // A failed test keeps its trace's DOM snapshots and a last screenshot. The trace's screencast is
    // left out: it is recorded for every test, passing or not, and is costly on CI's two cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf .e2e-data && node node_modules/tsx/dist/cli.mjs server/cli/start.ts`,
    url: `http://localhost:${PORT}/survey/api/v1/db/app-config`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: '.e2e-data',
      LOAD_DEMO: '1',
      LOG_REQUESTS: '0',
      // offline-chaos.spec.ts sends 200 answers (and their retries) as one resident in a minute or two.
      WRITE_RATE_LIMIT: '0',
      PUBLIC_URL: `http://localhost:${PORT}`,
      // hostile-links.spec.ts: /url-external redirects to this host at once and asks for any other.
      EXTERNAL_URL_HOSTS: 'www.city.sakura.example.jp',
    },
  },
});
