import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAxeClean } from './support';

/**
 * Issue 56's passkey as the second factor, in Chromium with a virtual authenticator (CDP's WebAuthn
 * domain: a platform authenticator that holds discoverable credentials and verifies its user): an
 * account added from the command line is set up through its link with a passkey instead of an
 * authenticator app, then signs in with its password and the passkey and lands on the console.
 */
const PORT = process.env['E2E_PORT'] ?? 18080;
const PASSWORD = 'さくら市 窓口 2026 amber-crane';

const staffCli = (...args: string[]): string =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/staff.ts', ...args], {
    env: { ...process.env, DATA_DIR: '.e2e-data', PUBLIC_URL: `http://localhost:${PORT}` },
    encoding: 'utf8',
  });

test('a staff member sets up a passkey through the set-up link and signs in with password + passkey', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  const email = `passkey-${randomBytes(4).toString('hex')}@city.example.jp`;
  const out = staffCli('add', '--email', email, '--name', '鍵山 花子', '--role', 'admin');
  const link = out.split('\n').find((l) => l.includes('/admin/setup#token=')) as string;

  await page.goto(link.trim());
  await expect(page.getByText(`鍵山 花子さん（${email}）`)).toBeVisible();
  await page.getByLabel('新しいパスワード（12文字以上）').fill(PASSWORD);
  await page.getByLabel('新しいパスワード（確認）').fill(PASSWORD);
  await page.getByText('パスキー', { exact: true }).click();
  await expect(page.getByText(/この端末（指紋・顔認証・PINなど）またはセキュリティキー/)).toBeVisible();
  await expect(page.getByLabel('認証アプリに表示された6桁のコード')).toHaveCount(0);
  await expectAxeClean(page, 'staff set-up with a passkey');
  await page.getByRole('button', { name: '設定する' }).click();
  await expect(page.getByRole('heading', { name: '設定が完了しました' })).toBeVisible();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  // The passkey lives in the authenticator, made for this site.
  const made = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(made.credentials).toHaveLength(1);
  expect(made.credentials[0]?.rpId).toBe('localhost');

  await page.getByRole('link', { name: 'サインイン画面へ' }).click();
  await expect(page.getByRole('heading', { name: '職員サインイン' })).toBeVisible();
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await expect(page.getByLabel('確認コード')).toBeVisible();
  await page.getByRole('button', { name: 'パスキーでサインイン' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('console-staff')).toHaveText('鍵山 花子（管理者）');
  await expect(page.getByRole('heading', { name: '担当のフォーム' })).toBeVisible();
  const used = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(used.credentials[0]?.signCount).toBeGreaterThan(0);
});
