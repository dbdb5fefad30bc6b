import { expect, test, type Page } from '@playwright/test';
import { formTaken } from './support';
import { ja } from '../src/messages/ja';

/**
 * Temporal where the browser has it, the polyfill where it has not (src/lib/temporal.ts): a first
 * visit on Chromium downloads no polyfill, and a browser without Temporal (iOS's WebView, played
 * here by deleting the global before any script runs) gets it before the form renders, preloaded
 * by the early script, with dates read and checked as everywhere else, on the form and on a screen
 * loaded later; a polyfill chunk that did not arrive is fetched again.
 */

// The worker's precache would fetch every chunk, the polyfill's too: only the page's own requests count here.
test.use({ serviceWorkers: 'block' });

const polyfillFiles = async (page: Page): Promise<string[]> => {
  const html = await (await page.request.get('/')).text();
  const block = /<script type="application\/json" id="temporal-chunks">([^<]*)<\/script>/.exec(html)?.[1];
  expect(block, 'index.html names the polyfill chunk').toBeTruthy();
  const files = JSON.parse(block as string) as string[];
  expect(files.length).toBeGreaterThan(0);
  return files;
};

/** Signs in on the all-items form and reads two typed dates: an era date converted, a word refused. */
const answerDates = async (page: Page) => {
  await page.goto('/survey/all-items');
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.getByRole('link', { name: /山田 花子/ }).click();
  await expect(page.getByTestId('survey-form')).toHaveAttribute('data-rendered', 'all');
  await formTaken(page);
  const field = page.locator('#f-tenkyo_bi');
  await field.fill('あした');
  await field.blur();
  await expect(page.locator('#f-tenkyo_bi-error')).toHaveText(ja.validation.invalidDate);
  await field.fill('S50.8.21');
  await field.blur();
  await expect(field).toHaveValue('1975-08-21');
  await expect(page.locator('#f-tenkyo_bi-error')).toHaveCount(0);
};

const requestsFor = (page: Page, files: readonly string[]) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (files.includes(p)) seen.push(p);
  });
  return seen;
};

/** One of the polyfill's own error texts: where it is, the polyfill's code is. */
const POLYFILL_MARK = 'Mismatching Calendars';

test('on a browser with Temporal no polyfill is downloaded', async ({ page }) => {
  const files = await polyfillFiles(page);
  // Not in the app's first chunk (what index.html loads), only in the polyfill's own.
  const html = await (await page.request.get('/')).text();
  const firstChunk = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  expect(firstChunk.length).toBeGreaterThan(0);
  for (const f of firstChunk) expect((await (await page.request.get(f)).text()).includes(POLYFILL_MARK), f).toBe(false);
  expect((await (await page.request.get(files[0] as string)).text()).includes(POLYFILL_MARK)).toBe(true);
  const seen = requestsFor(page, files);
  await answerDates(page);
  expect(seen).toEqual([]);
});

test('without Temporal the polyfill arrives before the form, and dates are read as usual', async ({ page }) => {
  const files = await polyfillFiles(page);
  await page.addInitScript(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
  });
  const seen = requestsFor(page, files);
  // The polyfill comes last, after the form's config: the form must wait for it, not render without it.
  await page.route(`**${files[0]}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const preloaded = page.waitForSelector(`link[rel="modulepreload"][href="${files[0]}"]`, { state: 'attached' });
  await answerDates(page);
  await preloaded;
  expect(seen.length).toBeGreaterThan(0);
  // On the page that shows the form, the app rendered (src/main.tsx's mark) once the polyfill was here.
  const order = await page.evaluate((file) => {
    const loaded = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === file) as PerformanceResourceTiming | undefined;
    return { loaded: loaded?.responseEnd ?? null, rendered: performance.getEntriesByName('app-render')[0]?.startTime ?? null };
  }, files[0] as string);
  expect(order.loaded).not.toBeNull();
  expect(order.rendered).toBeGreaterThan(order.loaded as number);
  expect(await page.evaluate(() => 'Temporal' in globalThis)).toBe(false);
});

test('without Temporal, a polyfill that did not arrive is fetched again and the form still comes', async ({ page }) => {
  const files = await polyfillFiles(page);
  await page.addInitScript(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
  });
  await page.goto('/survey/all-items');
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  // From here on the link drops the polyfill twice (the early script's preload and the app's own
  // import); the splash stays, and the app's next try (src/lib/temporal.ts) gets it.
  let dropped = 0;
  await page.route(`**${files[0]}`, async (route) => {
    if (dropped < 2) {
      dropped += 1;
      await route.abort('internetdisconnected');
    } else await route.continue();
  });
  await page.getByRole('link', { name: /山田 花子/ }).click();
  await expect(page.getByTestId('splash')).toBeVisible();
  await expect(page.getByTestId('survey-form')).toHaveAttribute('data-rendered', 'all', { timeout: 20_000 });
  await formTaken(page);
  expect(dropped).toBe(2);
});

test('without Temporal, a screen loaded later reads the polyfill too (the bed calendar)', async ({ page }) => {
  await page.addInitScript(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
  });
  await page.goto('/bed-reservation/nyuin-yoyaku');
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.getByRole('link', { name: /山田 花子/ }).click();
  // Its month is worked out with Temporal in the screen's own chunk, through the first chunk's binding.
  await expect(page.locator('.bed-day:not([disabled])').first()).toContainText(/残り\d床/);
  expect(await page.evaluate(() => 'Temporal' in globalThis)).toBe(false);
});
