import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { searchKeyOf } from '../core/rules/search-match';
import { expectAxeClean } from './support';

/**
 * Issue 57's answers of a form in Chromium: an operator of the form's team opens the demo's 粗大ごみ
 * form from the console home, filters 未対応 answers of one resident's name, opens one and reads
 * its items; at a desk's 1280×800 and a reception tablet's 1024×768, each screen checked by axe.
 */
const PORT = process.env['E2E_PORT'] ?? 18080;
const ORIGIN = `http://localhost:${PORT}`;
const FORM = 'sodai-gomi';

const staffCli = (...args: string[]): string =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/staff.ts', ...args], {
    env: { ...process.env, DATA_DIR: '.e2e-data', PUBLIC_URL: ORIGIN },
    encoding: 'utf8',
  });

/** Two answers of one resident, as the write path stores them: one 未対応, one 対応中. */
const storeAnswers = (run: string, name: string) => {
  const db = new Database(path.join('.e2e-data', 'app.sqlite'));
  const insert = db.prepare(
    `insert into survey_results (partition_key, sort_key, survey_id, user_id, item_key, value, title, type, check_status, user_search_key, is_liff_mode, registrant_name, user_name, clinic_attributes, answer_code, is_appending, status, created_at, updated_at, search_key)
     values (?, ?, ?, ?, ?, ?, ?, 'liff', ?, null, 1, ?, null, null, ?, 1, null, ?, ?, ?)`,
  );
  const now = new Date().toISOString();
  for (const [i, check] of (['未対応', '対応中'] as const).entries()) {
    const key = `${FORM}#U-e2e-${run}#${Date.now() + i}`;
    const code = `E2E${run}${i}`;
    for (const [itemKey, value, title] of [
      ['name', name, 'お名前'],
      ['items', 'たんす', '品目'],
      ['items', '自転車', '品目'],
      ['notes', i === 0 ? '玄関前に出します' : '裏口', '備考'],
    ]) {
      // The folded key the write path keeps on each row (server/store/search-key.ts): the list's item filter reads it.
      insert.run(key, itemKey === 'items' ? `items#${value}` : itemKey, FORM, `U-e2e-${run}`, itemKey, value, title, check, name, code, now, now, searchKeyOf(value as string, itemKey === 'items' ? 'checkboxes' : itemKey === 'notes' ? 'textarea' : 'text'));
    }
  }
  db.close();
};

const signInOperator = async (page: Page, run: string) => {
  const team = `粗大E2E${run}`;
  const email = `sodai${run}@city.example.jp`;
  const password = 'さくら市 粗大 e2e 2026 red-fox';
  const added = staffCli('add', '--email', email, '--name', `粗大係 ${run}`, '--role', 'operator', '--team', team);
  const token = /#token=([^\s]+)/.exec(added)?.[1];
  staffCli('team', team, '--form', FORM);
  const headers = { origin: ORIGIN };
  const { totpSecret } = (await (await page.request.post('/survey/api/v1/staff/setup/start', { headers, data: { token } })).json()).data as { totpSecret: string };
  const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret) });
  const done = await page.request.post('/survey/api/v1/staff/setup/complete', { headers, data: { token, password, totpSecret, code } });
  const { recoveryCodes } = (await done.json()).data as { recoveryCodes: string[] };
  const signedIn = await page.request.post('/survey/api/v1/staff/sign-in', { headers, data: { email, password, code: recoveryCodes[0] } });
  expect(signedIn.status()).toBe(200);
};

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test(`an operator filters a form's 未対応 answers and opens one (${viewport.width}×${viewport.height})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const run = `${viewport.width}${Date.now() % 100000}`;
    const name = `粗大 太郎${run}`;
    storeAnswers(run, name);
    await signInOperator(page, run);

    await page.goto('/admin');
    const forms = page.getByTestId('console-forms');
    await expect(forms.getByTestId('form-counts').first()).toBeVisible();
    await forms.getByRole('link', { name: '粗大ごみ収集 申込' }).click();
    await expect(page.getByRole('heading', { name: '粗大ごみ収集 申込' })).toBeVisible();

    await page.getByRole('button', { name: '未対応', exact: true }).click();
    await page.getByLabel('検索項目').selectOption('name');
    await page.getByLabel('検索する値').fill(name.replace(' ', '　'));
    await page.getByRole('button', { name: '絞り込む' }).click();
    const table = page.getByTestId('answers-table');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table).toContainText(`E2E${run}0`);
    await expect(table).toContainText('未対応');
    await expect(table).not.toContainText(`E2E${run}1`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAxeClean(page, 'console answers');

    // The filtered answers as CSV: UTF-8 with a BOM, the one answer, Japanese intact.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '絞り込んだ回答を出力' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^粗大ごみ収集 申込_回答_\d{8}-\d{4}\.csv$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter((l) => l !== '');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^受付番号,状態,受付日時,/);
    expect(lines[1]).toContain(`E2E${run}0,未対応,`);
    expect(lines[1]).toContain(name);

    await table.getByRole('link', { name: '詳細' }).click();
    await expect(page.getByRole('heading', { name: /回答の詳細/ })).toBeVisible();
    const items = page.getByTestId('answer-items');
    await expect(items).toContainText(name);
    await expect(items).toContainText('たんす、自転車');
    await expect(items).toContainText('玄関前に出します');
    await expect(page.getByTestId('answer-history')).toContainText('回答');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAxeClean(page, 'console answer');
  });
}

test('an operator changes a ticked answer, then every answer of the filter, each with its count confirmed', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const run = `bulk${Date.now() % 100000}`;
  const name = `一括 次郎${run}`;
  storeAnswers(run, name);
  await signInOperator(page, run);
  await page.goto(`/admin/forms/${FORM}`);
  await page.getByLabel('検索項目').selectOption('name');
  await page.getByLabel('検索する値').fill(name);
  await page.getByRole('button', { name: '絞り込む' }).click();
  const table = page.getByTestId('answers-table');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  const bar = page.getByTestId('bulk-status');
  const changeTo = async (status: string, count: number) => {
    await bar.getByLabel('新しい状態').selectOption(status);
    await bar.getByRole('button', { name: '状態を変更' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`${count}件の回答の状態を「${status}」に変更します。`);
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect(bar.getByRole('status')).toHaveText(`${count}件の回答の状態を変更しました。`);
  };

  await table.getByRole('checkbox', { name: `E2E${run}0を選ぶ` }).check();
  await expect(page.getByTestId('bulk-count')).toHaveText('1件を選択中');
  await expectAxeClean(page, 'console answers with a selection');
  await changeTo('対応中', 1);
  await expect(table.locator('[data-status="対応中"]')).toHaveCount(2);
  await expect(page.getByTestId('bulk-count')).toHaveText('0件を選択中');

  await bar.getByRole('button', { name: '絞り込んだ回答をすべて選ぶ' }).click();
  await expect(page.getByTestId('bulk-count')).toHaveText('2件を選択中');
  await changeTo('完了', 2);
  await expect(table.locator('[data-status="完了"]')).toHaveCount(2);
  await table.getByRole('link', { name: '詳細' }).first().click();
  await expect(page.getByTestId('answer-history')).toContainText(`粗大係 ${run}`);
});
