import { expect, test } from '@playwright/test';
import { pickChangeableSlot, signInAt, surveyItem } from './support';

/**
 * Issue 59's demo: a resident books in the PWA and the LINE message arrives in the chat, once,
 * with the 受付番号 and the booked day, as the dev chat page (/dev/line-chat) shows LINE's side.
 */
test('a booking made in the PWA arrives once as a LINE message with its 受付番号', async ({ page }) => {
  await signInAt(page, '/calendar/clinic-yoyaku', '山田 花子');
  await page.getByLabel('診療科').selectOption({ label: '内科' });
  await page.getByLabel('区分').selectOption({ label: '一般内科' });
  await page.getByLabel('受診種別').selectOption({ label: '初診' });
  await page.getByLabel('予約項目').selectOption({ label: '初診受付' });
  // Two weeks on: the slots of the first days stay for the specs that need several on one day.
  await expect(page.getByTestId('calendar-view')).toHaveAttribute('data-view', 'week');
  for (let i = 0; i < 2; i += 1) await page.getByTestId('calendar-next').click();
  const chosen = await pickChangeableSlot(page);
  await page.getByTestId('slot-next').click();
  await surveyItem(page, 'shimei').locator('input').fill(`LINE 花子${Date.now() % 100000}`);
  await surveyItem(page, 'denwa').locator('input').fill('08012345678');
  await page.getByTestId('submit-button').click();
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('survey-complete')).toBeVisible();
  const code = (await page.getByTestId('answer-code').locator('p, div').last().textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d+$/);

  await page.goto('/dev/line-chat');
  const chat = page.getByRole('region', { name: '山田 花子' });
  const bubble = chat.locator('.bubble', { hasText: code });
  // The page refreshes itself every 2 s; the message is sent by the job queue within a second or two.
  await expect(bubble).toHaveCount(1, { timeout: 15_000 });
  await expect(bubble).toContainText('予約が完了しました');
  const [, m, d] = chosen.date.split('-').map(Number);
  await expect(bubble).toContainText(`${m}月${d}日`);
});
