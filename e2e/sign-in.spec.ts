import { expect, test } from '@playwright/test';

/**
 * Issue 2's journey: a resident opens a demo form with no session, goes through the LINE login
 * flow (served by the dev issuer, the same authorize → code → token shape as LINE), and comes back
 * to the form signed in, with their name and picture.
 */
test('open a form without a session → login → dev issuer → back on the form, signed in', async ({ page }) => {
  await page.goto('/survey/kenko-survey');

  // The guard sent us to /login, which sent us to the issuer's authorize page.
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('scope')).toBe('profile openid');
  expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/login$/);
  expect(authorize.searchParams.get('state')).toMatch(/^\d{1,5}$/);

  await page.getByRole('link', { name: /山田 花子/ }).click();

  await expect(page).toHaveURL(/\/survey\/kenko-survey$/);
  await expect(page.getByTestId('resident-name')).toContainText('山田 花子');
  const picture = page.getByTestId('resident-picture');
  await expect(picture).toBeVisible();
  // The picture is the issuer's avatar and actually loads.
  await expect(picture.locator('img')).toHaveAttribute('src', /\/dev\/avatars\//);
  const loaded = await picture.evaluate((el) => {
    const img = el instanceof HTMLImageElement ? el : el.querySelector('img');
    return img ? img.complete && img.naturalWidth > 0 : false;
  });
  expect(loaded).toBe(true);
  await expect(page.getByTestId('survey-title')).toBeVisible();
  await expect(page.getByTestId('survey-title')).not.toBeEmpty();

  // The session survives a reload (stored locally, id token still valid).
  await page.reload();
  await expect(page.getByTestId('resident-name')).toContainText('山田 花子');
});

test('the start page lists the open demo forms in Japanese', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '受付中のフォーム' })).toBeVisible();
  await expect(page.locator('a[href="/survey/kenko-survey"]')).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('PAGE NOT FOUND')).toBeVisible();
  await expect(page.getByText('ごめんなさい！お探しのページは見つかりません。')).toBeVisible();
});

test('pages carry no CSP violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '受付中のフォーム' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('/login/member/{id} leads to the member page after sign-in, and /url-external refuses a non-web address', async ({ page }) => {
  // The member page needs a session: the login remembers it and comes back to it.
  await page.goto('/login/member/sakura-kaiin');
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.getByRole('link', { name: /鈴木 美咲/ }).click();
  await expect(page).toHaveURL(/\/member\/sakura-kaiin$/);
  await expect(page.getByTestId('member-page')).toHaveAttribute('data-member-form-id', 'sakura-kaiin');
  await page.goto('/url-external?url=javascript%3Aalert(1)');
  await expect(page.getByText('PAGE NOT FOUND')).toBeVisible();
});
