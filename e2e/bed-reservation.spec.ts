import { expect, test, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { signInAt } from './support';

/**
 * Issue 24's bed stay journey on the demo ward nyuin-yoyaku (3 beds, bookable from tomorrow,
 * cancel or change until 3 days before admission): pick a day, 3泊4日, confirm, finish; the history
 * shows it; change its dates; cancel it; and a stay starting tomorrow is refused a cancel with the
 * spec's text.
 */

const SURVEY = 'nyuin-yoyaku';
const today = Temporal.Now.plainDateISO('Asia/Tokyo');
const day = (offset: number) => today.add({ days: offset });
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];
const jaDate = (d: Temporal.PlainDate) => `${d.year}年${d.month}月${d.day}日（${WEEKDAYS[d.dayOfWeek % 7]}）`;

/** Moves the calendar to the date's month, then opens the stay dialog on it. */
const pickDay = async (page: Page, d: Temporal.PlainDate) => {
  await expect(page.getByTestId('bed-calendar')).toBeVisible();
  await page.getByRole('button', { name: '今日' }).click();
  for (let i = 0; i < d.toPlainYearMonth().since(today.toPlainYearMonth()).months; i += 1) await page.getByRole('button', { name: '次の月' }).click();
  await expect(page.locator('caption')).toHaveText(`${d.year}年${d.month}月`);
  const cell = page.locator(`.bed-day[data-date="${d.toString()}"]`);
  await expect(cell).toBeEnabled();
  await expect(cell).toContainText(/残り\d床/);
  await cell.click();
};

const chooseStay = async (page: Page, label: string) => {
  const dialog = page.getByRole('dialog', { name: '入院期間' });
  await dialog.getByRole('radio', { name: label }).check();
  await dialog.getByRole('button', { name: '決定' }).click();
};

const remainingOn = async (page: Page, d: Temporal.PlainDate): Promise<number> =>
  Number(/残り(\d)床/.exec((await page.locator(`.bed-day[data-date="${d.toString()}"]`).textContent()) ?? '')?.[1] ?? NaN);

test('bed stay: pick a day, 3泊4日, confirm, finish; history; change the dates; cancel; late cancel refused', async ({ page }) => {
  // One resident's whole journey, five screens over: longer than one screen's default.
  test.setTimeout(180_000);
  const name = `入院 太郎${Date.now() % 100000}`;
  await signInAt(page, `/bed-reservation/${SURVEY}`, '山田 花子');

  // The calendar: Sunday first, the caption, past days disabled.
  await expect(page.locator('.bed-month thead th')).toHaveText(['日', '月', '火', '水', '木', '金', '土']);
  await expect(page.locator('caption')).toHaveText(`${today.year}年${today.month}月`);
  if (today.day > 1) await expect(page.locator(`.bed-day[data-date="${day(-1).toString()}"]`)).toBeDisabled();
  await expect(page.locator(`.bed-day[data-date="${today.toString()}"]`)).toBeDisabled();

  // Book 3泊4日 from a week ahead.
  const start = day(7);
  await pickDay(page, start);
  const before = await remainingOn(page, start);
  await chooseStay(page, '3泊4日');
  await expect(page.getByTestId('bed-stay')).toContainText(`${jaDate(start)} 午後`);
  await expect(page.getByTestId('bed-stay')).toContainText(`${jaDate(day(10))} 午前（3泊4日）`);
  await page.getByRole('button', { name: '確認へ進む' }).click();
  await expect(page.getByText('必須です')).toBeVisible();
  await page.getByLabel('お名前').fill(name);
  // Typed as residents write it: the survey forms' rule makes it the digits.
  await page.getByLabel('電話番号').fill('090-1234-5678');
  await page.getByRole('button', { name: '確認へ進む' }).click();
  const confirm = page.getByTestId('bed-confirm');
  await expect(confirm.getByRole('heading', { name: '予約を確認' })).toBeVisible();
  await expect(confirm).toContainText(name);
  await expect(confirm).toContainText('電話番号: 09012345678');
  await confirm.getByRole('button', { name: '予約する' }).click();
  await expect(page.getByTestId('bed-finish')).toContainText('ベッドの予約を受け付けました。');
  // A reload keeps the finish page and its dates, not an empty calendar.
  await page.reload();
  await expect(page.getByTestId('bed-finish')).toContainText('ベッドの予約を受け付けました。');
  await expect(page.getByTestId('bed-stay')).toContainText(`${jaDate(start)} 午後`);
  await expect(page.getByTestId('bed-calendar')).toHaveCount(0);

  // The history shows it as a tentative reservation.
  await page.getByRole('link', { name: '予約履歴を見る' }).click();
  const entry = page.getByTestId('bed-history-item').filter({ hasText: name });
  await expect(entry).toContainText('仮予約');
  await expect(entry).toContainText(`入院日: ${jaDate(start)} 午後`);
  await expect(entry).toContainText(`退院日: ${jaDate(day(10))} 午前`);

  // Change the dates: two days later, 2泊3日.
  await entry.getByRole('button', { name: '予約の詳細' }).click();
  await page.getByTestId('bed-detail').getByRole('link', { name: '日程を変更' }).click();
  const moved = day(9);
  await pickDay(page, moved);
  await chooseStay(page, '2泊3日');
  await expect(page.getByLabel('お名前')).toHaveValue(name);
  await page.getByRole('button', { name: '確認へ進む' }).click();
  await expect(page.getByTestId('bed-confirm').getByRole('button', { name: '取り消し' })).toBeVisible();
  await page.getByTestId('bed-confirm').getByRole('button', { name: '変更' }).click();
  await expect(page.getByTestId('bed-finish')).toContainText('ベッドの予約情報を変更しました。');
  await page.getByRole('link', { name: '予約履歴を見る' }).click();
  await expect(entry).toContainText(`入院日: ${jaDate(moved)} 午後`);
  await expect(entry).toContainText(`退院日: ${jaDate(day(11))} 午前`);

  // The first day it held is free again; the new nights are taken.
  await page.goto(`/bed-reservation/${SURVEY}`);
  await pickDay(page, start);
  expect(await remainingOn(page, start)).toBe(before);
  await page.getByRole('dialog', { name: '入院期間' }).getByRole('button', { name: 'キャンセル' }).click();

  // Cancel it.
  await page.goto(`/bed-reservation-list/${SURVEY}`);
  await entry.getByRole('button', { name: '予約の詳細' }).click();
  await page.getByTestId('bed-detail').getByRole('button', { name: '予約をキャンセル' }).click();
  await page.getByTestId('bed-detail').getByRole('button', { name: 'キャンセルする' }).click();
  await expect(page.getByTestId('bed-notice')).toHaveText('キャンセル受付が完了いたしました。');
  await expect(entry).toContainText('キャンセル済');

  // A stay from tomorrow: said before it is booked that it cannot be changed or cancelled, then
  // its detail says the deadline has passed instead of offering either.
  const late = `入院 次郎${Date.now() % 100000}`;
  await page.goto(`/bed-reservation/${SURVEY}`);
  await pickDay(page, day(1));
  await expect(page.getByTestId('stay-deadline-warning')).toBeVisible();
  await chooseStay(page, '1泊2日');
  await page.getByLabel('お名前').fill(late);
  await page.getByRole('button', { name: '確認へ進む' }).click();
  await expect(page.getByTestId('confirm-deadline-warning')).toBeVisible();
  await page.getByTestId('bed-confirm').getByRole('button', { name: '予約する' }).click();
  await expect(page.getByTestId('bed-finish')).toBeVisible();
  await page.getByRole('link', { name: '予約履歴を見る' }).click();
  const lateEntry = page.getByTestId('bed-history-item').filter({ hasText: late });
  await lateEntry.getByRole('button', { name: '予約の詳細' }).click();
  await expect(page.getByTestId('bed-deadline')).toHaveText('予約のキャンセル・変更が可能な期限を過ぎています。');
  await expect(page.getByTestId('bed-detail').getByRole('button', { name: '予約をキャンセル' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(lateEntry).toContainText('仮予約');
});
