import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAxeClean } from './support';

/**
 * Issue 56's local staff account in Chromium: an operator adds a person from the command line, the
 * person opens the one-time set-up link, chooses a password, enrols the authenticator app (its
 * secret read from the page, as an app reads the QR code) and keeps the recovery codes; then signs
 * in with password and a recovery code, sees the console with their forms, and signs out. The
 * console is a page of its own at a desk's and a reception tablet's size.
 */
const PORT = process.env['E2E_PORT'] ?? 18080;
const PASSWORD = 'さくら市 受付 2026 green-kite';

const staffCli = (...args: string[]): string =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/staff.ts', ...args], {
    env: { ...process.env, DATA_DIR: '.e2e-data', PUBLIC_URL: `http://localhost:${PORT}` },
    encoding: 'utf8',
  });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test(`a staff member sets up a local account, signs in with a recovery code and signs out (${viewport.width}×${viewport.height})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = `uketsuke-${randomBytes(4).toString('hex')}@city.example.jp`;
    const out = staffCli('add', '--email', email, '--name', '受付 花子', '--role', 'admin');
    const link = out.split('\n').find((l) => l.includes('/admin/setup#token=')) as string;
    expect(link).toContain(`http://localhost:${PORT}/admin/setup#token=`);

    await page.goto(link.trim());
    await expect(page.getByText(`受付 花子さん（${email}）`)).toBeVisible();
    await expect(page.getByRole('img', { name: /QRコード/ })).toBeVisible();
    await expectAxeClean(page, 'staff set-up');
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() as string;
    await page.getByLabel('新しいパスワード（12文字以上）').fill(PASSWORD);
    await page.getByLabel('新しいパスワード（確認）').fill(`${PASSWORD}!`);
    await page.getByLabel('認証アプリに表示された6桁のコード').fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
    await page.getByRole('button', { name: '設定する' }).click();
    await expect(page.getByRole('alert')).toHaveText('確認用のパスワードが一致しません。');
    await page.getByLabel('新しいパスワード（確認）').fill(PASSWORD);
    await page.getByRole('button', { name: '設定する' }).click();
    await expect(page.getByRole('heading', { name: '設定が完了しました' })).toBeVisible();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    // The used link leaves the address bar.
    expect(page.url()).not.toContain('token=');

    await page.getByRole('link', { name: 'サインイン画面へ' }).click();
    await expect(page.getByRole('heading', { name: '職員サインイン' })).toBeVisible();
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'サインイン', exact: true }).click();
    const code = page.getByLabel('確認コード');
    await expect(code).toBeVisible();
    await code.fill(codes[0] as string);
    await page.getByRole('button', { name: 'サインイン', exact: true }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('console-staff')).toHaveText('受付 花子（管理者）');
    await expect(page.getByRole('heading', { name: '担当のフォーム' })).toBeVisible();
    await expect(page.getByTestId('console-forms')).toContainText('さくら市民クリニック 診療予約');
    await expect(page.getByTestId('console-forms').getByRole('link', { name: '窓口で登録' }).first()).toBeVisible();
    // The console is no phone column: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAxeClean(page, 'console home');

    await page.getByRole('button', { name: 'サインアウト' }).click();
    await expect(page.getByRole('heading', { name: '職員サインイン' })).toBeVisible();
    // The session is gone on the server: the console sends the next visit to the sign-in page.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/sign-in\?returnTo=%2Fadmin/);
    // A used recovery code does not work twice.
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'サインイン', exact: true }).click();
    await page.getByLabel('確認コード').fill(codes[0] as string);
    await page.getByRole('button', { name: 'サインイン', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('メールアドレス、パスワードまたは確認コードが正しくありません。');
  });
}
