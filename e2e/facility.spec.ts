import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, importIntoE2e, surveyItem } from './support';

/**
 * Issue 26, facility search (spec 02 §2, §5, §8) against the local places provider: a keyword in
 * a prefecture, a result picked and confirmed (phone normalised), the answer sent; nothing found;
 * the required keyword; a blank direct name; a typed facility.
 */

const RUN = String(Date.now() % 1_000_000).padStart(6, '0');

test.beforeAll(() =>
  importIntoE2e({
    surveyConfigs: [
      {
        surveyId: 'e2e-facility',
        surveyTitle: 'かかりつけ医の登録',
        surveyStatus: 'enabled',
        isAppending: { value: true },
        surveySchema: [
          { itemKey: 'iryokikan', type: 'facility', title: 'かかりつけの医療機関', isRequired: { value: true }, defaultPrefecture: '東京都' },
        ],
      },
    ],
  }),
);

const signInAs = async (page: Page, at: string, name: string) => {
  await page.goto(at);
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.locator('input[name="dev_user"]').fill(`U${'f26'.repeat(8)}${RUN}`);
  await page.locator('input[name="dev_name"]').fill(name);
  await page.getByRole('button', { name: 'この ID でログイン' }).click();
  await expect(page.getByTestId('resident-name')).toContainText(name);
};

test('search a facility in a prefecture, pick and confirm it, send the answer', async ({ page }) => {
  await signInAs(page, '/survey/e2e-facility', `施設 太郎${RUN}`);
  const item = surveyItem(page, 'iryokikan');
  // Required: sending without a facility names what is missing.
  await page.getByTestId('submit-button').click();
  await expect(item).toContainText('施設を指定してください。');

  await item.getByTestId('facility-open').click();
  const dialog = page.getByRole('dialog', { name: '施設検索' });
  await expect(dialog.getByLabel('都道府県')).toHaveValue('東京都');
  // The keyword is required.
  await dialog.getByTestId('facility-search').click();
  await expect(dialog).toContainText('必須です');
  await dialog.getByLabel('都道府県').selectOption('福岡県');
  await dialog.getByLabel('キーワード').fill('見つからない名前');
  await dialog.getByTestId('facility-search').click();
  await expect(dialog.getByTestId('facility-none')).toHaveText('該当する施設が見つかりませんでした');
  // A blank direct name is refused.
  await dialog.getByTestId('facility-direct').click();
  await expect(dialog).toContainText('入力内容を確認してください。');

  await dialog.getByLabel('キーワード').fill('さくら');
  await dialog.getByTestId('facility-search').click();
  await expect(dialog.getByTestId('facility-result')).toHaveCount(2);
  await expectAxeClean(page, 'facility results');
  await dialog.getByTestId('facility-result').filter({ hasText: 'さくら市民病院' }).click();
  const confirm = page.getByRole('dialog', { name: 'この施設でよろしいですか？' });
  await expect(confirm).toContainText('福岡市博多区東公園7-7');
  await expect(confirm.getByTestId('facility-confirm-phone')).toHaveText('0921234567');
  await confirm.getByTestId('facility-confirm-ok').click();
  await expect(item.getByTestId('facility-value')).toContainText('さくら市民病院');
  await expect(item.getByTestId('facility-value')).toContainText('0921234567');

  await page.getByTestId('submit-button').click();
  const sending = page.getByRole('dialog');
  await expect(sending).toContainText('さくら市民病院 / 福岡市博多区東公園7-7 / 0921234567');
  await sending.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('survey-complete')).toBeVisible();
});

test('a facility typed by name when none is found', async ({ page }) => {
  await signInAs(page, '/survey/e2e-facility', `施設 花子${RUN}`);
  const item = surveyItem(page, 'iryokikan');
  await item.getByTestId('facility-open').click();
  const dialog = page.getByRole('dialog', { name: '施設検索' });
  await dialog.getByLabel('施設名を直接入力').fill('となりの山田医院');
  await dialog.getByTestId('facility-direct').click();
  await page.getByTestId('facility-confirm-ok').click();
  await expect(item.getByTestId('facility-value')).toHaveText('となりの山田医院');
  // とりけし clears it.
  await item.getByTestId('facility-clear').click();
  await expect(item.getByTestId('facility-value')).toHaveCount(0);
});
