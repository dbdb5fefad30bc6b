import { expect, test, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { signInAt, waitForServiceWorker } from './support';

/**
 * Issue 24 offline: the bed calendar seen once shows again with no network (its remaining beds
 * from the device's cache), a stay booked offline waits in the outbox, and once the network is
 * back it is delivered exactly once: one stay in the history, one bed fewer on its night.
 */
const SURVEY = 'nyuin-yoyaku';
const start = Temporal.Now.plainDateISO('Asia/Tokyo').add({ days: 20 });

const idTokenOf = async (page: Page): Promise<string> => {
  const raw = await page.evaluate(() => localStorage.getItem('session'));
  const token = raw ? (JSON.parse(raw) as { idToken?: string }).idToken : undefined;
  if (!token) throw new Error('no session stored');
  return token;
};

/** Beds left on the night, as the server counts them. */
const remainingOnServer = async (page: Page): Promise<number> => {
  const res = await page.request.get(`/survey/api/v1/db/bed-reservation/${SURVEY}/calendarBookingBeds?startDate=${start}&endDate=${start}`, {
    headers: { Authorization: `Bearer ${await idTokenOf(page)}` },
  });
  return ((await res.json()) as { data: { bedRemaining: number }[] }).data[0]!.bedRemaining;
};

const showMonth = async (page: Page) => {
  await expect(page.getByTestId('bed-calendar')).toBeVisible();
  await page.getByRole('button', { name: '今日' }).click();
  const months = start.toPlainYearMonth().since(Temporal.Now.plainDateISO('Asia/Tokyo').toPlainYearMonth()).months;
  for (let i = 0; i < months; i += 1) await page.getByRole('button', { name: '次の月' }).click();
  await expect(page.locator(`.bed-day[data-date="${start}"]`)).toContainText(/残り\d床/);
};

test('bed offline: the calendar from the cache, a stay queued offline and delivered once', async ({ page, context }) => {
  test.setTimeout(180_000);
  const name = `オフライン 花子${Date.now() % 100000}`;
  await signInAt(page, `/bed-reservation/${SURVEY}`, '山田 花子');
  await showMonth(page);
  await waitForServiceWorker(page);
  await showMonth(page);
  const before = await remainingOnServer(page);

  await context.setOffline(true);
  await page.reload();
  await showMonth(page);
  await page.locator(`.bed-day[data-date="${start}"]`).click();
  const dialog = page.getByRole('dialog', { name: '入院期間' });
  await dialog.getByRole('radio', { name: '1泊2日' }).check();
  await dialog.getByRole('button', { name: '決定' }).click();
  await page.getByLabel('お名前').fill(name);
  await page.getByRole('button', { name: '確認へ進む' }).click();
  await page.getByTestId('bed-confirm').getByRole('button', { name: '予約する' }).click();
  await expect(page.getByTestId('bed-finish')).toContainText('送信待ちです。');

  await context.setOffline(false);
  await expect.poll(() => remainingOnServer(page), { timeout: 60_000 }).toBe(before - 1);
  await page.goto(`/bed-reservation-list/${SURVEY}`);
  await expect(page.getByTestId('bed-history-item').filter({ hasText: name })).toHaveCount(1);
  expect(await remainingOnServer(page)).toBe(before - 1);
});
