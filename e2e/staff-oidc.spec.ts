import { expect, test } from '@playwright/test';

/**
 * Issue 56: a member of staff signs in with the organisation's account, here the staff dev issuer
 * standing in for the municipality's IdP (same OpenID Connect flow), as `npm start` offers it. The
 * console page at /admin is another issue's: only the session behind it is asserted.
 */
test('start → the dev issuer’s page → pick the demo operator → /admin with an operator session', async ({ page }) => {
  await page.goto('/survey/api/v1/staff/oidc/start');

  await expect(page).toHaveURL(/\/dev\/staff-oidc\/authorize\?/);
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  await expect(page.getByRole('heading', { name: '開発用 組織アカウント' })).toBeVisible();

  await page.getByRole('button', { name: /オペレーター デモ/ }).click();

  await page.waitForURL((url) => url.pathname === '/admin');
  const me = await page.request.get('/survey/api/v1/staff/me');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { data: unknown }).data).toMatchObject({ role: 'operator', email: 'operator@demo.sakura.example', teams: ['デモ窓口'] });
});
