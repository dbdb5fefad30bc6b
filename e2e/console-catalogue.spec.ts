import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAxeClean } from './support';
import { signInClinicStaff } from './console-support';

/**
 * Issue 58's catalogue configuration in Chromium at 1280×800: a member of the clinic's team
 * enrols a kiosk and sees its one-time code and QR code, and stops it.
 */
const TEAM = `受付設定${randomBytes(2).toString('hex')}`;

test.describe.configure({ timeout: 180_000 });

test('a member enrols a kiosk, sees its code and QR code, and stops it', async ({ page, baseURL }) => {
  const tag = randomBytes(2).toString('hex');
  const name = `受付タブレット${tag}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInClinicStaff(page, baseURL as string, { name: `端末 花子${tag}`, role: 'member', team: TEAM });
  await page.goto('/admin');
  await page.getByRole('navigation', { name: '設定' }).getByRole('link', { name: '受付端末' }).click();
  await expect(page.getByRole('heading', { name: '受付端末', level: 1 })).toBeVisible();
  await page.getByLabel('端末の名前').fill(name);
  await page.getByLabel(/さくら市民クリニック/).check();
  await page.getByRole('button', { name: '登録コードを発行する' }).click();
  const enrolled = page.getByTestId('kiosk-enrolled');
  await expect(enrolled).toContainText(`${name} の登録コードを発行しました`);
  const code = (await page.getByTestId('kiosk-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{6,}$/);
  await expect(page.getByTestId('kiosk-url')).toHaveText(`${baseURL}/kiosk/enrol?code=${encodeURIComponent(code)}`);
  await expect(page.getByRole('img', { name: /QRコード/ })).toBeVisible();
  const row = page.locator(`[data-testid="kiosk-row"][data-name="${name}"]`);
  await expect(row).toContainText('登録待ち');
  await expectAxeClean(page, 'console kiosks');

  await row.getByRole('button', { name: `${name} を停止する` }).click();
  await page.getByRole('dialog').getByRole('button', { name: '停止する' }).click();
  await expect(row).toContainText('停止');
  await expect(row.getByRole('button')).toHaveCount(0);
  // The code stopped with the kiosk: a tablet opening it is refused.
  const redeem = await page.request.post('/survey/api/v1/db/kiosk/enrol', { data: { code } });
  expect(redeem.status()).not.toBe(200);
});
