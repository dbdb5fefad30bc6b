import { expect, test } from '@playwright/test';
import { importIntoE2e } from './support';

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
