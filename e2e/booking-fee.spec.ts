import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, importIntoE2e, pickChangeableSlot, signInAsNewResident, surveyItem, formTaken } from './support';

/**
 * A booking fee (spec 02 §3 reservationPaymentItemId): a form of its own whose reservation item
 * (内科 / 一般内科 / 初診 → 初診受付) sells 予約料 500円 with every booking. The resident picks the
 * slot, sees the fee in the order (fixed, 予約に含まれます) with the total, adds a product, pays
 * by the local provider's test card and finds both lines on the 領収書; then changes the paid
 * answer through the lookup and finds the same products and amount afterwards.
 */

const RUN = String(Date.now() % 1_000_000).padStart(6, '0');
const FORM = '/survey/e2e-booking-fee';

// Each journey crosses the app, the provider's page and back: more than the default minute on a
// shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

test.beforeAll(() =>
  importIntoE2e({
    surveyConfigs: [
      {
        surveyId: 'e2e-booking-fee',
        surveyTitle: '予約料のかかる接種予約',
        surveyStatus: 'enabled',
        usePayment: 1,
        isAppending: { value: true },
        isDisplayAnswerCode: { value: true },
        calendarSetting: { updateOrCancelSettings: 'updateAndCancel' },
        surveySchema: [
          {
            itemKey: 'yoyaku',
            type: 'reservation',
            title: '接種日時',
            isRequired: { value: true },
            categories_tree: { large: '内科', medium: '一般内科', small: '初診' },
          },
          { itemKey: 'shohin', type: 'selectProducts', title: 'お申し込み内容', serviceId: 'e2e-booking-fee', isRequired: { value: true } },
          { itemKey: 'shiharai', type: 'selectPayType', title: 'お支払い方法', isRequired: { value: true } },
          { itemKey: 'shimei', type: 'text', title: '氏名', isRequired: { value: true }, isSearchable: { value: true } },
          { itemKey: 'renraku', type: 'textarea', title: '連絡事項' },
        ],
      },
    ],
    // A service of its own, so the demo's payment form and its e2e keep their catalogue.
    paymentServices: [
      {
        serviceId: 'e2e-booking-fee',
        serviceName: '接種予約',
        taxType: 0,
        calculationType: 0,
        roundingType: 0,
        purchaseLimit: 5,
        reservationCostType: 0,
        receiptCreatorName: 'さくら市民クリニック',
        receiptDisplayAddress: 'さくら市中央1-1-1',
        products: [
          { productId: 'influenza', productName: 'インフルエンザ予防接種', price: 3000, taxableType: 0, order: 1, productCategories: [{ id: 'vaccine', name: '予防接種' }] },
          { productId: 'booking-fee', productName: '予約料', price: 500, taxableType: 0, order: 2, reservationPaymentItemId: 'naika-ippan-shoshin_i1' },
        ],
      },
    ],
  }),
);

/** The slot, the fee it brings, one product through the dialog, the name: 3,500 + tax 350 = 3,850 yen. */
const fillOrder = async (page: Page, name: string) => {
  await pickChangeableSlot(page);
  const lines = page.getByTestId('order-line');
  // The booking alone: its fee, fixed and marked, already in the total.
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('予約料');
  await expect(lines.first().getByTestId('order-line-booking')).toHaveText('予約に含まれます');
  await expect(lines.first().getByTestId('order-line-edit')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveText('550円');

  await page.getByTestId('order-add').click();
  const dialog = page.getByRole('dialog');
  // The fee is the booking's: the dialog does not sell it.
  await expect(dialog.getByLabel('商品', { exact: true }).locator('option', { hasText: '予約料' })).toHaveCount(0);
  await dialog.getByLabel('商品分類').selectOption({ label: '予防接種' });
  await dialog.getByLabel('商品', { exact: true }).selectOption({ label: 'インフルエンザ予防接種' });
  await dialog.getByLabel('数量').fill('1');
  await dialog.getByTestId('order-save').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('インフルエンザ予防接種');
  await expect(lines.nth(0)).toContainText('3,000');
  await expect(lines.nth(1)).toContainText('予約料');
  await expect(lines.nth(1)).toContainText('500');
  await expect(page.getByTestId('order-line-edit')).toHaveCount(1);
  await expect(page.getByTestId('order-subtotal')).toHaveText('3,500円');
  await expect(page.getByTestId('order-tax')).toHaveText('350円');
  await expect(page.getByTestId('order-total')).toHaveText('3,850円');
  await surveyItem(page, 'shimei').locator('input').fill(name);
};

/** 決済画面へ → the confirmation (the order with its fee) → the provider → 承認される → 決済結果. */
const pay = async (page: Page) => {
  await expect(page.getByTestId('submit-button')).toHaveText('決済画面へ');
  await page.getByTestId('submit-button').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByTestId('confirm-order-line')).toHaveCount(2);
  await expect(confirm.getByTestId('confirm-order-line').nth(1)).toContainText('予約料予約に含まれます');
  await expect(confirm.getByTestId('confirm-order-total')).toHaveText('3,850円');
  await confirm.getByRole('button', { name: '決済画面へ' }).click();
  await expect(page).toHaveURL(/\/dev\/payment\/pay$/);
  await expect(page.getByRole('heading', { name: 'カード決済（開発用）' })).toBeVisible();
  await expect(page.locator('dd').nth(1)).toContainText('3850円');
  await page.getByRole('button', { name: /承認される/ }).click();
  await expect(page).toHaveURL(/\/completedPayment\/e2e-booking-fee\?orderId=/);
  await expect(page.getByTestId('summary-order-total')).toHaveText('3,850円');
};

/** The 領収書 lists the product and the fee, with the figures of the order paid. */
const expectReceipt = async (page: Page, name: string) => {
  await expect(page.getByRole('heading', { name: '領収書' })).toBeVisible();
  await expect(page.getByTestId('receipt-addressee')).toHaveText(`${name} 様`);
  const lines = page.getByTestId('receipt-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('インフルエンザ予防接種');
  await expect(lines.nth(0)).toContainText('3,000');
  await expect(lines.nth(1)).toContainText('予約料');
  await expect(lines.nth(1)).toContainText('500');
  await expect(page.getByTestId('receipt-subtotal')).toHaveText('3,500円');
  await expect(page.getByTestId('receipt-tax')).toHaveText('350円');
  await expect(page.getByTestId('receipt-total')).toHaveText('3,850円');
};

/** The lookup's list of this resident's answers to the form, found by name. */
const lookUp = async (page: Page, name: string) => {
  await page.goto('/confirm');
  await page.getByLabel('照会種別').selectOption('e2e-booking-fee');
  await page.getByTestId('lookup-next').click();
  await page.getByTestId('lookup-search-form').locator('[data-item-key="shimei"]').fill(name);
  await page.getByTestId('lookup-search').click();
  await expect(page).toHaveURL(/\/confirmList$/);
};

test('the slot brings its fee into the order; paid by card, the receipt lists it with the total', async ({ page }) => {
  const name = `予約料 花子${RUN}`;
  await signInAsNewResident(page, FORM, name);
  await fillOrder(page, name);
  await expectAxeClean(page, 'order list with a booking fee');
  await pay(page);
  await page.getByTestId('show-receipt').click();
  await expect(page).toHaveURL(/\/receipt\?key=/);
  await expectReceipt(page, name);
});

test('a paid answer changed through the lookup keeps its products and amount', async ({ page }) => {
  const name = `予約料 次郎${RUN}`;
  await signInAsNewResident(page, FORM, name);
  await fillOrder(page, name);
  await pay(page);

  await lookUp(page, name);
  const card = page.getByTestId('answer-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('answer-payment')).toContainText('（3,850円）');
  await card.getByTestId('answer-edit').click();
  await expect(page).toHaveURL(/\/survey\/e2e-booking-fee\?partitionKey=/);
  await expect(page.getByTestId('survey-form')).toHaveAttribute('data-rendered', 'all');
  await formTaken(page);

  // The order comes fixed: the same lines and total, nothing to add or change; sending is 予約する.
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  await expect(page.getByTestId('order-total')).toHaveText('3,850円');
  await expect(page.getByTestId('order-add')).toHaveCount(0);
  await expect(page.getByTestId('order-line-edit')).toHaveCount(0);
  await surveyItem(page, 'renraku').locator('textarea').fill('当日は駐車場を利用します');
  await expect(page.getByTestId('submit-button')).toHaveText('予約する');
  await page.getByTestId('submit-button').click();
  await page.getByRole('dialog').getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('survey-complete')).toBeVisible();
  await expect(page).not.toHaveURL(/\/dev\/payment/);

  // The change is a new answer (an appending form): it keeps the products and carries the order
  // paid, its amount and its receipt's two lines; the 取り消し answer it replaced carries none.
  await lookUp(page, name);
  const live = page.locator('[data-testid="answer-card"]:not([data-status="取り消し"])');
  await expect(live).toHaveCount(1);
  await expect(live).toContainText('当日は駐車場を利用します');
  await expect(live).toContainText('インフルエンザ予防接種 × 1');
  await expect(page.getByTestId('answer-payment')).toHaveCount(1);
  await expect(live.getByTestId('answer-payment')).toContainText('決済完了（3,850円）');
  await live.getByTestId('answer-receipt').click();
  await expect(page).toHaveURL(/\/receipt\?key=/);
  await expectReceipt(page, name);
});
