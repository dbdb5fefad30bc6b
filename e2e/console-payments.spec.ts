import { expect, test } from '@playwright/test';
import { signInClinicStaff } from './console-support';
import { addLine, newPaymentResident, pickSlot } from './payment-support';
import { expectAxeClean, surveyItem } from './support';

/**
 * Issue 57's payments screen in Chromium at a reception tablet's 1024×768: a resident books and
 * pays by card on the local provider's page (authorised: 与信済み); a member of the form's team,
 * made with the CLI, opens 決済 from the console home, finds the order by its form and pay method,
 * reads its receipt, and refunds it — the authorisation is cancelled, so the row then reads
 * 与信取消 (spec 02 §9's word for a cancelled credit), and the answer page's history says 返金.
 * Each screen and the confirmation are checked by axe.
 */
test.describe.configure({ timeout: 180_000 });

const RUN = Date.now() % 100000;
const FORM_TITLE = 'さくら市民クリニック 予防接種の予約とお支払い';

test('a member finds a paid order, reads its receipt and refunds it; it reads 与信取消 and the answer stays', async ({ browser, page, baseURL }) => {
  const name = `返金 花子${RUN}`;
  const resident = await newPaymentResident(browser, `U${'f57'.repeat(8)}p${RUN}`, name);
  await pickSlot(resident);
  await addLine(resident, '予防接種', 'インフルエンザ予防接種', '1', '3,000');
  await surveyItem(resident, 'shimei').locator('input').fill(name);
  await resident.getByTestId('submit-button').click();
  await resident.getByRole('dialog').getByRole('button', { name: '決済画面へ' }).click();
  await expect(resident).toHaveURL(/\/dev\/payment\/pay$/);
  await resident.getByRole('button', { name: /承認される/ }).click();
  await expect(resident).toHaveURL(/\/completedPayment\/sesshu-shiharai\?orderId=/);
  const code = ((await resident.getByTestId('paid-answer-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^\d+$/);
  await resident.context().close();

  await page.setViewportSize({ width: 1024, height: 768 });
  await signInClinicStaff(page, baseURL as string, { name: `会計 一郎${RUN}`, role: 'member', team: `会計E2E${RUN}`, form: 'sesshu-shiharai' });
  await page.goto('/admin');
  await page.getByRole('link', { name: '決済', exact: true }).click();
  await expect(page.getByRole('heading', { name: '決済', exact: true })).toBeVisible();
  await page.getByLabel('フォーム').selectOption({ label: FORM_TITLE });
  await page.getByLabel('支払方法').selectOption('credit');
  await page.getByRole('button', { name: '与信済み', exact: true }).click();
  await page.getByRole('button', { name: '絞り込む' }).click();
  const row = page.getByTestId('payments-table').locator('tbody tr', { hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText('3,300円');
  await expect(row).toContainText('クレジットカード');
  await expect(row.getByTestId('order-state')).toHaveText('与信済み');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await expectAxeClean(page, 'console payments');

  // Its receipt, as the resident's, addressed to the answer's name.
  await row.getByRole('link', { name: `${code} の領収書` }).click();
  await expect(page.getByRole('heading', { name: '領収書' })).toBeVisible();
  await expect(page.getByTestId('receipt-addressee')).toHaveText(`${name} 様`);
  await expect(page.getByTestId('receipt-answer-code')).toHaveText(code);
  await expect(page.getByTestId('receipt-total')).toHaveText('3,300円');
  await expectAxeClean(page, 'console receipt');
  await page.getByRole('link', { name: '決済一覧へ' }).click();

  // 返金: the dialog says what goes back and that the answer stays; then the row's state.
  await page.getByLabel('フォーム').selectOption({ label: FORM_TITLE });
  await page.getByRole('button', { name: '絞り込む' }).click();
  await page.getByRole('button', { name: `${code} を返金` }).click();
  const dialog = page.getByRole('dialog', { name: '返金の確認' });
  await expect(dialog).toContainText(`${name}（受付番号 ${code}）の3,300円を返金します。`);
  await expect(dialog).toContainText('与信済みの注文は与信を取り消します');
  await expect(dialog).toContainText('回答の状態と予約枠は変わりません。');
  await expect.poll(() => page.locator('.mantine-Modal-content').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await expectAxeClean(page, 'refund confirmation');
  await dialog.getByRole('button', { name: '返金する' }).click();
  await expect(page.getByTestId('refund-done')).toHaveText(`${code} を返金しました（与信取消）。`);
  const refunded = page.getByTestId('payments-table').locator('tbody tr', { hasText: code });
  await expect(refunded.getByTestId('order-state')).toHaveText('与信取消');
  await expect(refunded.getByRole('button', { name: `${code} を返金` })).toHaveCount(0);
  await expectAxeClean(page, 'console payments after the refund');

  // The answer keeps its status; its order and history say what happened.
  await refunded.getByRole('link', { name: `${code} の回答` }).click();
  await expect(page.getByRole('heading', { name: /回答の詳細/ })).toBeVisible();
  await expect(page.getByTestId('answer-status')).toHaveText('未対応');
  await expect(page.getByTestId('answer-order').getByTestId('order-state')).toHaveText('与信取消');
  await expect(page.getByTestId('answer-history')).toContainText('返金');
  await expect(page.getByTestId('answer-history')).toContainText('与信済み → 与信取消');
  await expectAxeClean(page, 'console answer after the refund');
});
