/**
 * Issue 60 on a bed form: its page carries the first screen's frame, the form's title and the
 * calendar's first line, so with the app's code held back 3 s a resident opening the form's link
 * sees the form at once; the app's screen then replaces it with no moment of anything else in
 * between, and the stay is booked as ever. No session: sign-in, the form never shown; a closed or
 * unknown bed form says 本帳票が無効 with no sign-in.
 */
import { expect, test } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { holdBackScripts, JS_DELAY_MS, signInAsNewResident } from './support';

// page.route cannot hold back what a service worker answers: these visits go to the server.
test.use({ serviceWorkers: 'block' });

const SURVEY = 'nyuin-yoyaku';
const TITLE = 'さくら市民病院 入院ベッド予約';

/**
 * Records, from the server's page's first sight until the app's bed title shows, every state of
 * the page with neither on screen: the app must take over from the server's page, not after a gap.
 */
const watchHandOver = () => {
  const w = window as unknown as { __bedGaps: string[] };
  w.__bedGaps = [];
  let seen = false;
  let done = false;
  const check = () => {
    if (done) return;
    if (document.documentElement.hasAttribute('data-ssr-form') && document.getElementById('ssr-page')) {
      seen = true;
      return;
    }
    if (!seen) return;
    if (document.querySelector('#root [data-testid="bed-title"]')) done = true;
    else w.__bedGaps.push(document.getElementById('root')?.textContent?.slice(0, 80) ?? '');
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
};

test("a bed form's heading shows before the scripts, and the app then books the stay", async ({ page }) => {
  test.setTimeout(90_000);
  const name = `前読 入院${Date.now() % 100000}`;
  await signInAsNewResident(page, `/bed-reservation/${SURVEY}`, '前読 花子');
  await holdBackScripts(page);
  await page.addInitScript(watchHandOver);
  // The form's link, as LINE opens it: the app moves on to the bed screen.
  await page.goto(`/survey/${SURVEY}`, { waitUntil: 'commit' });

  // Before any of the app's code has run: the server's page, its title and first line.
  const serverTitle = page.locator('#ssr-page').getByTestId('bed-title');
  await expect(serverTitle).toHaveText(TITLE, { timeout: JS_DELAY_MS - 500 });
  await expect(page.locator('#ssr-page')).toContainText('入院日を選んでください。');
  expect(await page.evaluate(() => performance.getEntriesByName('ssr-boot').length)).toBe(0);
  // Nothing personal in it, and no form to hydrate.
  await expect(page.locator('#ssr-page')).not.toContainText('前読 花子');
  await expect(page.locator('#form-island')).toHaveCount(0);

  // The app's screen, once its calendar is here: the server's page is gone, with no gap between.
  await expect(page).toHaveURL(new RegExp(`/bed-reservation/${SURVEY}$`), { timeout: 20_000 });
  await expect(page.locator('.bed-day:not([disabled])').first()).toContainText(/残り\d床/, { timeout: 20_000 });
  await expect(page.locator('#ssr-page')).toHaveCount(0);
  await expect(page.getByTestId('bed-title')).toHaveText(TITLE);
  await expect(page.getByTestId('resident-name')).toContainText('前読 花子');
  expect(await page.evaluate(() => (window as unknown as { __bedGaps: string[] }).__bedGaps)).toEqual([]);

  // Booked as ever: a day, 1泊2日, the form, confirm, finish.
  const start = Temporal.Now.plainDateISO('Asia/Tokyo').add({ days: 25 });
  const months = start.toPlainYearMonth().since(Temporal.Now.plainDateISO('Asia/Tokyo').toPlainYearMonth()).months;
  for (let i = 0; i < months; i += 1) await page.getByRole('button', { name: '次の月' }).click();
  await page.locator(`.bed-day[data-date="${start.toString()}"]`).click();
  const dialog = page.getByRole('dialog', { name: '入院期間' });
  await dialog.getByRole('radio', { name: '1泊2日' }).check();
  await dialog.getByRole('button', { name: '決定' }).click();
  await page.getByLabel('お名前').fill(name);
  await page.getByLabel('電話番号').fill('090-1234-5678');
  await page.getByRole('button', { name: '確認へ進む' }).click();
  const confirm = page.getByTestId('bed-confirm');
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: '予約する' }).click();
  await expect(page.getByTestId('bed-finish')).toContainText('ベッドの予約を受け付けました。');
});

test("the bed screen's own address carries the same page, and hands over as well", async ({ page }) => {
  await signInAsNewResident(page, `/bed-reservation/${SURVEY}`, '前読 次郎');
  await holdBackScripts(page);
  await page.addInitScript(watchHandOver);
  await page.goto(`/bed-reservation/${SURVEY}`, { waitUntil: 'commit' });
  await expect(page.locator('#ssr-page').getByTestId('bed-title')).toHaveText(TITLE, { timeout: JS_DELAY_MS - 500 });
  expect(await page.evaluate(() => performance.getEntriesByName('ssr-boot').length)).toBe(0);
  await expect(page.locator('.bed-day:not([disabled])').first()).toContainText(/残り\d床/, { timeout: 20_000 });
  await expect(page.locator('#ssr-page')).toHaveCount(0);
  await expect(page.getByTestId('resident-name')).toContainText('前読 次郎');
  expect(await page.evaluate(() => (window as unknown as { __bedGaps: string[] }).__bedGaps)).toEqual([]);
});

test('no session: sign-in, the bed page never shown; a closed bed form says so at once', async ({ page }) => {
  await holdBackScripts(page);
  await page.goto(`/bed-reservation/${SURVEY}`, { waitUntil: 'commit' });
  // early.ts took the page's mark away: the splash shows, the server's page does not.
  await expect(page.getByTestId('splash')).toBeVisible();
  await expect(page.locator('#ssr-page')).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-ssr-form');
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/, { timeout: 20_000 });

  await page.goto('/bed-reservation/no-such-bed-form');
  await expect(page.getByText('本帳票が無効')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/bed-reservation\/no-such-bed-form$/);
});
