import { expect, test, type Page } from '@playwright/test';
import { formTaken, importIntoE2e } from './support';

/**
 * A form an operator imported whose description holds javascript: and data: addresses beside an
 * https one: only the https address becomes a link. The form goes in through the import CLI
 * (npm run forms:import), into the e2e server's database (DATA_DIR .e2e-data, see
 * playwright.config.ts) while the server runs.
 */
const SURVEY_ID = 'e2e-hostile-links';
const HTTPS = 'https://www.city.sakura.example.jp/info';
const description = [
  'スクリプト javascript:alert(1) です。',
  'データ data:text/html,<script>alert(1)</script> です。',
  `案内 ${HTTPS} をご覧ください。`,
].join('\n');

test.beforeAll(() =>
  importIntoE2e({
    surveyConfigs: [
      {
        surveyId: SURVEY_ID,
        surveyTitle: 'リンクの確認',
        description,
        surveySchema: [{ itemKey: 'namae', type: 'text', title: 'お名前', description }],
      },
    ],
  }),
);

test('an imported description links only its https address', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/survey/${SURVEY_ID}`);
  await formTaken(page);
  await page.getByRole('link', { name: /山田 花子/ }).click();
  await expect(page.getByTestId('survey-title')).toHaveText('リンクの確認');

  for (const scope of [page.getByTestId('survey-description'), page.locator('[data-item-key="namae"]')]) {
    await expect(scope).toContainText('javascript:alert(1)');
    await expect(scope).toContainText('data:text/html,');
    const links = scope.getByRole('link');
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute('href', HTTPS);
  }
  await expect(page.locator('a[href^="javascript:"], a[href^="data:"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

/**
 * /url-external with a crafted address: the e2e server lists only www.city.sakura.example.jp in
 * EXTERNAL_URL_HOSTS (playwright.config.ts). Both sites are played by page.route, which also
 * records whether the browser ever went there.
 */
test.describe('/url-external', () => {
  const fakeSite = async (page: Page, origin: string) => {
    const visits: string[] = [];
    await page.route(`${origin}/**`, (route) => {
      visits.push(route.request().url());
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><meta charset="utf-8"><title>外部</title><h1>外部のサイト</h1>' });
    });
    return visits;
  };

  test('an unlisted host is named and left only on 移動する', async ({ page }) => {
    const visits = await fakeSite(page, 'https://evil.example');
    const target = 'https://evil.example/login?next=%2Faccount';
    await page.goto(`/url-external?url=${encodeURIComponent(target)}`);
    await expect(page.getByRole('heading', { name: '外部サイトへ移動します' })).toBeVisible();
    await expect(page.getByTestId('external-host')).toHaveText('evil.example');
    await expect(page.getByTestId('external-url')).toHaveText(target);
    // The app config has been read and the page has settled: still here, nothing fetched there.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/url-external\?/);
    expect(visits).toEqual([]);

    await page.getByRole('button', { name: '移動する' }).click();
    await expect(page).toHaveURL(target);
    await expect(page.getByRole('heading', { name: '外部のサイト' })).toBeVisible();
    expect(visits).toEqual([target]);
  });

  test('戻る leaves nowhere and lands on the start page', async ({ page }) => {
    const visits = await fakeSite(page, 'https://evil.example');
    await page.goto(`/url-external?url=${encodeURIComponent('https://evil.example/')}`);
    await page.getByRole('button', { name: '戻る' }).click();
    await expect(page.getByRole('heading', { name: '受付中のフォーム' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(visits).toEqual([]);
  });

  test('a listed host, in any case, is a history-replacing redirect', async ({ page }) => {
    const visits = await fakeSite(page, 'https://www.city.sakura.example.jp');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '受付中のフォーム' })).toBeVisible();
    await page.goto(`/url-external?url=${encodeURIComponent('https://WWW.City.Sakura.example.jp/kurashi/')}`);
    await expect(page).toHaveURL('https://www.city.sakura.example.jp/kurashi/');
    await expect(page.getByRole('heading', { name: '外部のサイト' })).toBeVisible();
    expect(visits).toEqual(['https://www.city.sakura.example.jp/kurashi/']);
    // /url-external left no entry of its own behind.
    await page.goBack();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});
