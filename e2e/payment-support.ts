/** What the payment journeys share (payment.spec.ts, console-payments.spec.ts): a resident of their own, a slot, an order line. */
import { expect, type Browser, type Page } from '@playwright/test';
import { formTaken } from './support';

export const PAYMENT_FORM = '/survey/sesshu-shiharai';

/** A new browser context signed in through the dev issuer as `userId`, on the demo payment form. */
export const newPaymentResident = async (browser: Browser, userId: string, name: string): Promise<Page> => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(PAYMENT_FORM);
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.locator('input[name="dev_user"]').fill(userId);
  await page.locator('input[name="dev_name"]').fill(name);
  await page.getByRole('button', { name: 'この ID でログイン' }).click();
  await expect(page.getByTestId('resident-name')).toContainText(name);
  await formTaken(page);
  return page;
};

/** 内科 → 一般内科 → 初診 → 初診受付, then the first open slot, a week at a time. */
export const pickSlot = async (page: Page) => {
  await page.getByLabel('診療科').selectOption({ label: '内科' });
  await page.getByLabel('区分').selectOption({ label: '一般内科' });
  await page.getByLabel('受診種別').selectOption({ label: '初診' });
  await page.getByLabel('予約項目').selectOption({ label: '初診受付' });
  const active = page.locator('[data-testid="slot"][data-state="active"]');
  for (let i = 0; i < 6 && (await active.count()) === 0; i += 1) await page.getByTestId('calendar-next').click();
  await active.first().click();
};

/** One line through the dialog: category, product, quantity; the amount is shown before saving. */
export const addLine = async (page: Page, category: string, product: string, quantity: string, amount: string) => {
  await page.getByTestId('order-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('商品分類').selectOption({ label: category });
  await dialog.getByLabel('商品', { exact: true }).selectOption({ label: product });
  await dialog.getByLabel('数量').fill(quantity);
  await expect(dialog.getByTestId('order-amount')).toHaveText(amount);
  await dialog.getByTestId('order-save').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
};
