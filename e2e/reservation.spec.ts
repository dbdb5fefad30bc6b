import { expect, test, type Locator, type Page } from '@playwright/test';
import { pickChangeableSlot, signInAt, surveyItem } from './support';

/**
 * Issue 6's calendar reservation journey (spec 02 §2, spec 01 §2): book 内科 → 一般内科 → 初診 →
 * 初診受付 on /calendar/clinic-yoyaku in the week view, send it (受付番号), see the slot's remaining
 * count drop by one, change the reservation to another slot through the list's 予約・変更, cancel
 * it, and see キャンセル済 in the list.
 */

const NAME = `予約 太郎${Date.now() % 100000}`;
const PHONE = '08012345678';

const item = surveyItem;

const slot = (page: Page, date: string, key: string): Locator =>
  page.locator(`[data-testid="slot"][data-date="${date}"][data-slot="${key}"]`);

/** 内科 → 一般内科 → 初診 → 初診受付, then the week view is shown. */
const pickShoshin = async (page: Page) => {
  await page.getByLabel('診療科').selectOption({ label: '内科' });
  await page.getByLabel('区分').selectOption({ label: '一般内科' });
  await page.getByLabel('受診種別').selectOption({ label: '初診' });
  await page.getByLabel('予約項目').selectOption({ label: '初診受付' });
  await expect(page.getByTestId('calendar-view')).toHaveAttribute('data-view', 'week');
};

const send = async (page: Page) => {
  await page.getByTestId('submit-button').click();
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('survey-complete')).toBeVisible();
};

const searchClinic = async (page: Page) => {
  await page.goto('/confirm');
  await page.getByLabel('照会種別').selectOption('clinic-yoyaku');
  await page.getByTestId('lookup-next').click();
  const form = page.getByTestId('lookup-search-form');
  await form.locator('[data-item-key="shimei"]').fill(NAME);
  await form.locator('[data-item-key="denwa"]').fill(PHONE);
  await page.getByTestId('lookup-search').click();
  await expect(page).toHaveURL(/\/confirmList$/);
};

test('calendar: book a slot → 受付番号 → count drops → change via 予約・変更 → cancel → キャンセル済', async ({ page }) => {
  await signInAt(page, '/calendar/clinic-yoyaku', '山田 花子');
  await expect(page.getByTestId('survey-title')).toHaveText('さくら市民クリニック 診療予約');
  await expect(page.getByTestId('survey-form')).toHaveAttribute('data-step', 'slot');
  await pickShoshin(page);
  // Monday first, times HH:mm.
  await expect(page.getByTestId('calendar-day-head').first()).toContainText('月');
  await expect(page.getByTestId('slot-time').first()).toHaveText('09:00〜09:30');

  const chosen = await pickChangeableSlot(page);
  expect(chosen.remaining).toBeGreaterThan(0);
  await expect(page.getByTestId('reservation-summary')).toContainText('初診受付');
  await page.getByTestId('slot-next').click();

  // Confirm step: the rest of the form with the chosen slot summarised.
  await expect(page.getByTestId('survey-form')).toHaveAttribute('data-step', 'form');
  await expect(page.getByTestId('reservation-summary')).toContainText('初診受付');
  await item(page, 'shimei').locator('input').fill(NAME);
  await item(page, 'denwa').locator('input').fill(PHONE);
  await send(page);
  const code = (await page.getByTestId('answer-code').locator('p, div').last().textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d+$/);

  // The calendar again: the slot has one place fewer.
  await page.goto('/calendar/clinic-yoyaku');
  await pickShoshin(page);
  for (let i = 0; i < 6 && (await slot(page, chosen.date, chosen.key).count()) === 0; i += 1) await page.getByTestId('calendar-next').click();
  const again = slot(page, chosen.date, chosen.key);
  if (chosen.remaining > 1) await expect(again).toHaveText(`残り${chosen.remaining - 1}`);
  else await expect(again).toHaveAttribute('data-state', 'full');

  // Change the reservation to another day through the list's 予約・変更.
  await searchClinic(page);
  const card = page.locator(`[data-testid="answer-card"][data-answer-code="${code}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('reservation-time')).toHaveText(/^\d{2}:\d{2}〜\d{2}:\d{2}$/);
  await expect(card).toContainText('初診受付');
  await expect(card).toContainText('内科');
  await expect(card.getByTestId('answer-edit')).toHaveText('予約・変更');
  await card.getByTestId('answer-edit').click();
  await expect(page).toHaveURL(/\/survey\/clinic-yoyaku\?partitionKey=/);
  await expect(page.getByTestId('reservation-summary')).toContainText('初診受付');
  await expect(page.getByTestId('calendar-view')).toBeVisible();
  await pickChangeableSlot(page, `:not([data-date="${chosen.date}"])`);
  await send(page);
  const changedCode = (await page.getByTestId('answer-code').locator('p, div').last().textContent())?.trim() ?? '';
  expect(changedCode).toMatch(/^\d+$/);

  // Cancel the changed reservation.
  await searchClinic(page);
  const live = page.locator(`[data-testid="answer-card"][data-answer-code="${changedCode}"]`);
  await expect(live.getByTestId('answer-edit')).toHaveText('予約・変更');
  await live.getByTestId('answer-cancel').click();
  await expect(page).toHaveURL(/\/cancelConfirm$/);
  await page.getByTestId('cancel-submit').click();
  await page.getByTestId('cancel-dialog-confirm').click();
  await expect(page.getByTestId('cancel-done')).toBeVisible();
  await page.getByTestId('back-to-list').click();
  const cancelled = page.locator(`[data-testid="answer-card"][data-answer-code="${changedCode}"]`);
  await expect(cancelled.getByTestId('cancelled-label')).toHaveText('キャンセル済');
  await expect(cancelled.getByTestId('reservation-time')).toHaveClass(/lookup-struck/);
});
