import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, formTaken, importIntoE2e, signInAsNewResident } from './support';
import { signInClinicStaff } from './console-support';

/**
 * Issue 58's form editor in Chromium: a member of the form's team opens 設定を編集 from the
 * console's form list, changes the title and sees it in the phone-wide preview (user and admin
 * mode), is shown a refused save's problem at its field, saves, and a resident gets the new
 * title; 停止 and the resident reads 本帳票が無効; 戻す to version 1 and the old title is back.
 */
const tag = randomBytes(3).toString('hex');
const FORM = `e2e-edit-${tag}`;
const TEAM = `帳票設定${tag}`;
const BEFORE = `編集前の題名 ${tag}`;
const AFTER = `編集後の題名 ${tag}`;

test.describe.configure({ timeout: 180_000 });

const residentTitle = async (page: Page) => {
  await page.reload();
  // The page comes with the server's form; until the app takes it the title is there twice.
  await formTaken(page);
  return page.getByTestId('survey-title');
};

test('a member edits, previews, saves, closes and rolls back a form; residents see each', async ({ page, browser, baseURL }) => {
  importIntoE2e({ surveyConfigs: [{ surveyId: FORM, surveyTitle: BEFORE, description: '説明の文', surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] }] });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInClinicStaff(page, baseURL as string, { name: `帳票 花子${tag}`, role: 'member', team: TEAM, form: FORM });
  await page.goto('/admin');
  await page.getByTestId(`edit-${FORM}`).click();
  await expect(page.getByRole('heading', { name: `${BEFORE} の設定` })).toBeVisible();
  const preview = page.getByTestId('form-preview');
  await expect(preview.getByTestId('preview-title')).toHaveText(BEFORE);
  await expect(preview.getByText('お名前')).toBeVisible();
  await expectAxeClean(page, 'form editor');

  // An empty title is refused by the server, its problem shown at the field; nothing is saved.
  await page.getByTestId('field-surveyTitle').fill('');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '帳票の設定に誤りがある' })).toBeVisible();
  await expect(page.getByTestId('field-surveyTitle')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('form-version')).toHaveText('版 1');

  // The new title, in the preview as residents and as the office see it, then saved.
  await page.getByTestId('field-surveyTitle').fill(AFTER);
  await expect(preview.getByTestId('preview-title')).toHaveText(AFTER);
  await page.getByText('管理者（窓口）').click();
  await expect(preview.getByTestId('preview-title')).toHaveText(AFTER);
  await expect(preview.getByText('お名前')).toBeVisible();
  await page.getByLabel('変更のメモ（任意）').fill('題名を変更');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('status').filter({ hasText: '版 2 として保存しました。' })).toBeVisible();
  await expect(page.getByTestId('form-version')).toHaveText('版 2');

  const other = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const resident = await other.newPage();
  await signInAsNewResident(resident, `/survey/${FORM}`, `利用 ${tag}`);
  await expect(resident.getByTestId('survey-title')).toHaveText(AFTER);

  // 停止: the resident reads 本帳票が無効.
  await page.getByRole('button', { name: '停止' }).click();
  await expect(page.getByRole('status').filter({ hasText: '停止しました（版 3）' })).toBeVisible();
  await expect(page.getByTestId('form-status')).toHaveText('停止中');
  await resident.reload();
  await expect(resident.getByText('本帳票が無効になっています', { exact: false })).toBeVisible();

  // 戻す to version 1 (open, the old title), after a look at the versions and their diff.
  await page.getByText('版の履歴').click();
  await expect(page.getByTestId('form-version-2')).toContainText('題名を変更');
  await expect(page.getByTestId('form-version-1')).toContainText('取り込み');
  await expect(page.getByTestId('version-diff')).toContainText('"surveyStatus": "disabled"');
  await expectAxeClean(page, 'form versions');
  await page.getByRole('button', { name: '版 1 に戻す' }).click();
  await expect(page.getByRole('dialog')).toContainText('版 1 の内容を、新しい版として保存します。');
  await expectAxeClean(page, 'rollback confirmation');
  await page.getByTestId('rollback-confirm').click();
  await expect(page.getByRole('status').filter({ hasText: '版 1 の内容を、版 4 として保存しました。' })).toBeVisible();
  await expect(page.getByTestId('form-status')).toHaveText('公開中');
  await expect(page.getByTestId('form-version-4')).toContainText('版 1 に戻す');
  await expect(await residentTitle(resident)).toHaveText(BEFORE);
  await other.close();

  // At 1024×768 the editor and the whole phone-wide preview still sit side by side.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByText('基本設定').click();
  const frame = await preview.boundingBox();
  const field = await page.getByTestId('field-surveyTitle').boundingBox();
  expect(frame && frame.x + frame.width).toBeLessThanOrEqual(1024);
  expect(frame?.width).toBeGreaterThanOrEqual(389);
  expect(field && frame && field.x + field.width).toBeLessThan(frame?.x ?? 0);
  expect(field?.width).toBeGreaterThan(300);
  await expectAxeClean(page, 'form editor at 1024');
});
