import { expect, test } from '@playwright/test';
import { signInAsNewResident, waitForServiceWorker } from './support';
import { ja } from '../src/messages/ja';

/**
 * A screen opened offline whose data was never read on this device: the network text with
 * 再読み込み and トップへ戻る, and the screen itself once the connection is back, with no reload.
 */
test('a load that failed offline comes back by itself once online', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signInAsNewResident(page, '/confirm', 'オフライン 再試行');
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.goto('/confirm');
  const failed = page.getByTestId('load-retry');
  await expect(failed).toContainText(ja.errors.network);
  await expect(failed.getByRole('button', { name: ja.common.reload })).toBeVisible();
  await expect(failed.getByRole('link', { name: ja.common.backToStart })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('survey-type').or(page.getByTestId('lookup-search-form'))).toBeVisible({ timeout: 20_000 });
  await expect(failed).toHaveCount(0);

  await context.setOffline(true);
  await page.goto('/calendar/clinic-yoyaku');
  await expect(failed).toContainText(ja.errors.network);
  await expect(failed.getByRole('button', { name: ja.common.reload })).toBeVisible();
  await expect(page.getByText(ja.common.backToStart)).toHaveCount(1);

  await context.setOffline(false);
  await expect(page.getByTestId('survey-form')).toBeVisible({ timeout: 20_000 });
});
