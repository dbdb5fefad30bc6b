import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkScreen, expectAxeClean, expectFitsPhone, formTaken, PHONES, surveyItem } from './support';
import { PAYMENT_FORM, addLine, newPaymentResident, pickSlot } from './payment-support';

/**
 * Issue 22's card payment journey on the demo form sesshu-shiharai (spec 02 §2, §4, §7), through
 * the local payment provider at /dev/payment: book a slot, choose products in the order-line
 * dialog, 決済画面へ, pay with the test card → 決済結果 → the receipt with its lines and tax; a
 * declined card → the error page and back to the form; cancel → the cancelled page. The paid
 * journey is walked at 360×740 and 390×844 (issue 54): the confirmation shows each line, the tax
 * and the 合計 before 決済画面へ, and 決済結果 and the 領収書 read one 受付番号, the order id only as
 * 注文番号 in small type, with nothing off the screen.
 */

const RUN = Date.now() % 100000;

// Each journey crosses the app, the provider's page and back, several screens with axe: on a
// shared 2-core machine that is more than the default minute.
test.describe.configure({ timeout: 180_000 });

const FORM = PAYMENT_FORM;

const newResident = (browser: Browser, tag: string, name: string): Promise<Page> => newPaymentResident(browser, `U${'e22'.repeat(8)}${tag}${RUN}`, name);

/** A booking with インフルエンザ × 2 (6,000, tax 600) and 予診票 × 1 (550, tax free): 7,150 yen. */
const fillOrder = async (page: Page, name: string) => {
  await pickSlot(page);
  await addLine(page, '予防接種', 'インフルエンザ予防接種', '2', '6,000');
  await addLine(page, '書類', '予診票（再発行）', '1', '550');
  const list = page.getByTestId('order-list');
  await expect(list.getByRole('columnheader')).toHaveText(['商品名', '数量', '金額(円)']);
  await expect(list.getByTestId('order-line')).toHaveCount(2);
  await expect(page.getByTestId('order-subtotal')).toHaveText('6,550円');
  await expect(page.getByTestId('order-tax')).toHaveText('600円');
  await expect(page.getByTestId('order-total')).toHaveText('7,150円');
  await surveyItem(page, 'shimei').locator('input').fill(name);
};

/**
 * 決済画面へ → the confirmation → 決済画面へ: the local provider's card page. The confirmation shows
 * what will be paid (issue 54): each line with its price, the tax and the 合計, before its
 * 決済画面へ; with `phone`, also that it fits the screen and axe finds nothing.
 */
const toProvider = async (page: Page, phone = false) => {
  await expect(page.getByTestId('submit-button')).toHaveText('決済画面へ');
  await page.getByTestId('submit-button').click();
  const dialog = page.getByRole('dialog');
  const lines = dialog.getByTestId('confirm-order-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('インフルエンザ予防接種');
  await expect(lines.nth(0)).toContainText('6,000');
  await expect(lines.nth(1)).toContainText('予診票（再発行）※非課税商品');
  await expect(lines.nth(1)).toContainText('550');
  await expect(dialog.getByTestId('confirm-order-subtotal')).toHaveText('6,550円');
  await expect(dialog.getByTestId('confirm-order-tax')).toHaveText('600円');
  await expect(dialog.getByTestId('confirm-order-total')).toHaveText('7,150円');
  const pay = dialog.getByRole('button', { name: '決済画面へ' });
  // The 合計 comes before the button that pays it.
  expect(
    await dialog.getByTestId('confirm-order-total').evaluate((total, button) => (total.compareDocumentPosition(button as Node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0, await pay.elementHandle()),
  ).toBe(true);
  if (phone) {
    await expect.poll(() => page.locator('.mantine-Modal-content').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await expectFitsPhone(page, 'payment confirmation', [dialog.getByTestId('confirm-order-total'), pay]);
    await checkScreen(page, 'payment confirmation', true);
  }
  await pay.click();
  await expect(page).toHaveURL(/\/dev\/payment\/pay$/);
  await expect(page.getByRole('heading', { name: 'カード決済（開発用）' })).toBeVisible();
  await expect(page.locator('dd').nth(1)).toContainText('7150円');
};

for (const size of PHONES) {
  test(`at ${size.width}×${size.height}: order lines → 決済画面へ → card accepted → 決済結果 → the receipt, one 受付番号`, async ({ browser }) => {
    const name = `決済 花子${size.width}${RUN}`;
    const page = await newResident(browser, `a${size.width}`, name);
    await page.setViewportSize(size);
    await fillOrder(page, name);

    // Changing a line through the dialog, and the purchase limit (5 in all) and quantity rules.
    await page.getByTestId('order-line-edit').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('order-remove')).toBeVisible();
    await dialog.getByLabel('数量').fill('0');
    await expect(dialog.getByText('1以上の半角整数を入力してください。')).toBeVisible();
    await expectAxeClean(page, 'order-line dialog');
    await dialog.getByLabel('数量').fill('5');
    await dialog.getByTestId('order-save').click();
    await expect(dialog.getByText('全体で5個まで購入可能です。')).toBeVisible();
    await dialog.getByTestId('order-cancel').click();
    await expect(page.getByTestId('order-total')).toHaveText('7,150円');
    await expectAxeClean(page, 'payment form with its order list');

    await toProvider(page, true);
    await page.getByRole('button', { name: /承認される/ }).click();

    await expect(page).toHaveURL(/\/completedPayment\/sesshu-shiharai\?orderId=/);
    await expect(page.getByRole('heading', { name: '決済結果' })).toBeVisible();
    await expect(page.getByTestId('payment-message')).toContainText('ご購入ありがとうございます。決済処理が完了しました。');
    await expect(page.getByTestId('summary-order-total')).toHaveText('7,150円');
    await expect(page.getByTestId('summary-status')).toHaveText('決済完了');
    // One booking, one 受付番号: the answer's, on the result, the receipt and the lookup alike.
    const code = ((await page.getByTestId('paid-answer-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^\d+$/);
    await expect(page.getByTestId('summary-order-id')).toHaveText(/^注文番号：[0-9a-f]{32}$/);
    // The order id is in small type beside the 受付番号 a resident reads.
    const fontSize = (testId: string) => page.getByTestId(testId).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await fontSize('summary-order-id')).toBeLessThan(await fontSize('paid-answer-code'));
    // The booked date and time and the products bought.
    const paid = page.getByTestId('paid-answer');
    await expect(paid).toContainText('受付番号');
    await expect(paid).toContainText('ご予約内容');
    await expect(paid.getByTestId('reservation-date')).toHaveText(/^\d{1,2}月\d{1,2}日（[月火水木金土日]）$/);
    await expect(paid.getByTestId('reservation-time')).toHaveText(/^\d{2}:\d{2}〜\d{2}:\d{2}$/);
    const bought = page.getByTestId('summary-order-line');
    await expect(bought).toHaveCount(2);
    await expect(bought.nth(0)).toContainText('インフルエンザ予防接種');
    await expect(bought.nth(1)).toContainText('予診票（再発行）');
    await expect(page.getByTestId('summary-order-tax')).toHaveText('600円');
    await expect(page.getByText('与信済み')).toHaveCount(0);
    await expectFitsPhone(page, '決済結果', [page.getByTestId('paid-answer-code'), page.getByTestId('summary-order-id'), page.getByTestId('show-receipt')]);
    await checkScreen(page, '決済結果', true);

    await page.getByTestId('show-receipt').click();
    await expect(page).toHaveURL(/\/receipt\?key=/);
    await expect(page.getByRole('heading', { name: '領収書' })).toBeVisible();
    await expect(page.getByTestId('receipt-addressee')).toHaveText(`${name} 様`);
    await expect(page.getByTestId('receipt-date')).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
    await expect(page.getByTestId('receipt-content')).toHaveText('予防接種');
    await expect(page.getByTestId('receipt-method')).toHaveText('クレジットカード');
    const lines = page.getByTestId('receipt-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('インフルエンザ予防接種');
    await expect(lines.nth(0)).toContainText('6,000');
    await expect(lines.nth(1)).toContainText('予診票（再発行）※非課税商品');
    await expect(page.getByTestId('receipt-subtotal')).toHaveText('6,550円');
    await expect(page.getByText('消費税（10%）')).toBeVisible();
    await expect(page.getByTestId('receipt-tax')).toHaveText('600円');
    await expect(page.getByTestId('receipt-total')).toHaveText('7,150円');
    await expect(page.getByTestId('receipt-issuer')).toHaveText('さくら市民クリニック');
    await expect(page.getByTestId('receipt-address')).toHaveText('さくら市中央1-1-1');
    await expect(page.getByTestId('receipt-answer-code')).toHaveText(code);
    await page.getByTestId('receipt-copy').click();
    await expect(page.getByTestId('receipt-snackbar')).toHaveText('受付番号をコピーしました');
    // The hex order id only as 注文番号, in small type.
    await expect(page.getByTestId('receipt-order-id')).toHaveText(/^注文番号：[0-9a-f]{32}$/);
    expect(await fontSize('receipt-order-id')).toBeLessThan(await fontSize('receipt-answer-code'));
    await expectFitsPhone(page, '領収書', [page.getByTestId('receipt-answer-code'), page.getByTestId('receipt-total'), page.getByTestId('receipt-copy')]);
    await checkScreen(page, '領収書', true);

    // The lookup list shows the answer's payment, read afresh, with its receipt.
    await page.goto('/confirm');
    await page.getByLabel('照会種別').selectOption('sesshu-shiharai');
    await page.getByTestId('lookup-next').click();
    await page.getByTestId('lookup-search-form').locator('[data-item-key="shimei"]').fill(name);
    await page.getByTestId('lookup-search').click();
    await expect(page.getByTestId('answer-payment-status')).toHaveText('決済完了');
    await expect(page.locator(`[data-testid="answer-card"][data-answer-code="${code}"]`)).toBeVisible();
    await expect(page.getByTestId('answer-receipt')).toBeVisible();

    // Without a key the receipt says so.
    await page.goto('/receipt');
    await expect(page.getByTestId('receipt-error')).toHaveText('不正なURLです。');
  });
}

test('offline: drafted, 決済画面へ says so and queues nothing; a declined card → the error page; cancel → the cancelled page', async ({ browser }) => {
  const page = await newResident(browser, 'b', `拒否 次郎${RUN}`);
  await fillOrder(page, `拒否 次郎${RUN}`);
  await page.context().setOffline(true);
  await page.getByTestId('submit-button').click();
  await page.getByRole('dialog').getByRole('button', { name: '決済画面へ' }).click();
  await expect(page.getByTestId('send-error')).toContainText('決済にはインターネット接続が必要です。');
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0);
  await page.context().setOffline(false);
  await page.getByRole('dialog').getByRole('button', { name: '決済画面へ' }).click();
  await expect(page).toHaveURL(/\/dev\/payment\/pay$/);
  await page.getByRole('button', { name: /拒否される/ }).click();
  await expect(page).toHaveURL(/\/errorPayment\?orderId=/);
  await expect(page.getByTestId('payment-error')).toContainText('決済中にエラーが発生しました。');
  await expect(page.getByTestId('payment-error')).toContainText('ブラウザを閉じて最初からやり直してください。');

  // The error page leads back to the form; this time the resident cancels at the card page.
  await page.getByTestId('back-to-form').click();
  await expect(page).toHaveURL(new RegExp(`${FORM}$`));
  await expect(page.getByTestId('select-products')).toBeVisible();
  // The server's form has no lines; the draft's come when the app takes it over.
  await formTaken(page);
  await page.getByTestId('order-line-edit').or(page.getByTestId('order-add')).first().waitFor();
  while ((await page.getByTestId('order-line').count()) > 0) {
    await page.getByTestId('order-line-edit').first().click();
    await page.getByRole('dialog').getByTestId('order-remove').click();
  }
  await fillOrder(page, `拒否 次郎${RUN}`);
  await toProvider(page);
  await page.getByRole('button', { name: /購入をやめる/ }).click();
  await expect(page).toHaveURL(/\/canceledPayment\?orderId=/);
  await expect(page.getByTestId('payment-canceled')).toContainText('商品の購入をキャンセルしました。最初からやり直してください。');
});

test('back from the card page: the unpaid order is offered and given back, the form pays again; cancel leads back to it', async ({ browser }) => {
  const name = `戻る 三郎${RUN}`;
  const page = await newResident(browser, 'c', name);
  await fillOrder(page, name);
  await toProvider(page);

  // The browser's back button: the form again, with the first order's hold still standing.
  await page.goBack();
  const pending = page.getByTestId('pending-payment');
  await expect(pending).toContainText('お支払いが済んでいないお申し込みがあります');
  await expect(pending).toContainText('（7,150円）');
  await expectAxeClean(page, 'form with an unpaid order');
  await page.getByTestId('pending-release').click();
  await expect(pending).toHaveCount(0);

  // Sent again: no longer refused by the resident's own hold.
  await expect(page.getByTestId('order-total')).toHaveText('7,150円');
  await toProvider(page);
  await page.getByRole('button', { name: /購入をやめる/ }).click();
  await expect(page).toHaveURL(/\/canceledPayment\?orderId=/);
  await page.getByTestId('back-to-form').click();
  await expect(page).toHaveURL(/\/survey\/sesshu-shiharai$/);
  // A full load: the worker's copy of the form's page, until the app takes the form.
  await formTaken(page);
  await expect(page.getByTestId('survey-title')).toBeVisible();
  await expect(pending).toHaveCount(0);

  // Both orders were given back unpaid: the lookup says so, not 決済確認中.
  await page.goto('/confirm');
  await page.getByLabel('照会種別').selectOption('sesshu-shiharai');
  await page.getByTestId('lookup-next').click();
  await page.getByTestId('lookup-search-form').locator('[data-item-key="shimei"]').fill(name);
  await page.getByTestId('lookup-search').click();
  await expect(page.getByTestId('answer-payment-status')).toHaveText(['キャンセル（請求なし）', 'キャンセル（請求なし）']);
});
