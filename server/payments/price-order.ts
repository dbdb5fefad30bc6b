/**
 * An order as the server prices it (spec 02 §3, §5, §9): every figure recomputed from the stored
 * catalogue and tax setting with core/rules/tax.ts, then compared with the client's. The client's
 * figures are only compared, never used: a mismatch is refused and nothing is written. Pure.
 *
 * Readings chosen here:
 * - The rate is the one in force today in Asia/Tokyo (the caller passes today); the service's
 *   tax type, calculation and rounding govern (payment-bundle.ts).
 * - Names, categories' names, cost and reservationPaymentItemId are taken from the catalogue; a
 *   price, taxable type, amount or tax that differs from the catalogue's is a mismatch.
 * - The payment path takes cashless orders only; pay method defaults to credit.
 * - A product sold with a booking (reservationPaymentItemId) is bought only with that booking:
 *   the answer must reserve that reservation item. The slot itself is claimed as putItem claims
 *   it, by the reservation item's cost; the order's reservationCost is kept for the office.
 */
import type { Temporal } from 'temporal-polyfill';
import type { Issue } from '@core/contract/envelope';
import { PAY_TYPE, type OrderDetail, type PaymentOrder, type PaymentProduct, type TaxSetting } from '@core/contract/payment';
import { exceedsPurchaseLimit, orderAmounts, taxRateInForce, type LineAmounts } from '@core/rules/tax';
import { detailOf, figuresOf } from '@core/rules/order';
import type { ServiceRecord } from '../store/payment-catalogue';

export const TAX_NOT_SET_TEXT = '税率が設定されていません。管理者にお問い合わせください。';
export const TAX_NOT_FOUND_TEXT = '適用される税率が見つかりません。管理者にお問い合わせください。';
export const SERVICE_NOT_FOUND_TEXT = '決済サービスが見つかりません。';
export const PRODUCT_NOT_FOUND_TEXT = '商品が見つかりません。';
export const AMOUNT_MISMATCH_TEXT = '金額が正しくありません。商品の価格または税率が変更された可能性があります。最初からやり直してください。';
export const RESERVATION_MISSING_TEXT = 'この商品は対応する予約と一緒に購入してください。';
export const purchaseLimitText = (limit: number) => `全体で${limit}個まで購入可能です。`;

export interface PricingRefusal {
  code: 'tax_not_set' | 'bad_request' | 'purchase_limit' | 'amount_mismatch';
  message: string;
  issues: Issue[];
}

export interface Catalogue {
  service: ServiceRecord | null;
  products: readonly PaymentProduct[];
  taxSetting: TaxSetting | null;
}

const refuse = (code: PricingRefusal['code'], message: string, issues: Issue[] = []): PricingRefusal => ({ code, message, issues });

const differs = (issues: Issue[], path: string, sent: unknown, computed: unknown) => {
  if (sent !== computed) issues.push({ path, message: `${String(sent)} ではなく ${String(computed)} です` });
};

/** The server's order for the client's, or why not. */
/**
 * `reserved`: the reservation items the answer books, as `{categoryId}_{itemId}`.
 */
export const priceOrder = (
  sent: PaymentOrder,
  cat: Catalogue,
  today: Temporal.PlainDate,
  reserved: ReadonlySet<string>,
): { order: PaymentOrder } | PricingRefusal => {
  const { service } = cat;
  if (!service || service.serviceId !== sent.serviceId) {
    return refuse('bad_request', SERVICE_NOT_FOUND_TEXT, [{ path: 'order.serviceId', message: SERVICE_NOT_FOUND_TEXT }]);
  }
  if (!cat.taxSetting) return refuse('tax_not_set', TAX_NOT_SET_TEXT);
  const rate = taxRateInForce(cat.taxSetting, today);
  if (rate === null) return refuse('tax_not_set', TAX_NOT_FOUND_TEXT);

  const products = new Map(cat.products.map((p) => [p.productId, p]));
  const issues: Issue[] = [];
  const lines: { sent: OrderDetail; product: PaymentProduct }[] = [];
  sent.details.forEach((d, n) => {
    const product = products.get(d.productId);
    if (!product) {
      issues.push({ path: `order.details.${n}.productId`, message: PRODUCT_NOT_FOUND_TEXT });
      return;
    }
    if (d.detailId !== n + 1) issues.push({ path: `order.details.${n}.detailId`, message: `detailId は ${n + 1} です（1 から順に振ります）` });
    if (product.reservationPaymentItemId && !reserved.has(product.reservationPaymentItemId)) {
      issues.push({ path: `order.details.${n}.productId`, message: RESERVATION_MISSING_TEXT });
    }
    if (d.productCategoryId && !product.productCategories.some((c) => c.id === d.productCategoryId)) {
      issues.push({ path: `order.details.${n}.productCategoryId`, message: `${d.productCategoryId} はこの商品の分類ではありません` });
    }
    lines.push({ sent: d, product });
  });
  if (issues.length > 0) return refuse('bad_request', `${issues[0]?.path}: ${issues[0]?.message}`, issues);
  if (exceedsPurchaseLimit(service.purchaseLimit, sent.details.map((d) => d.count))) {
    const text = purchaseLimitText(service.purchaseLimit);
    return refuse('purchase_limit', text, [{ path: 'order.details', message: text }]);
  }

  const rule = { rate, taxType: service.taxType, calculationType: service.calculationType, roundingType: service.roundingType };
  const priced = lines.map(({ sent: d, product: p }) => ({
    price: p.price,
    count: d.count,
    taxableType: p.taxableType,
    cost: p.cost,
    reservationPaymentItemId: p.reservationPaymentItemId ?? null,
  }));
  const amounts = orderAmounts(priced, rule);
  const details: OrderDetail[] = lines.map(({ sent: d, product: p }, n) => {
    const a = amounts.lines[n] as LineAmounts;
    const at = `order.details.${n}`;
    differs(issues, `${at}.price`, d.price, p.price);
    differs(issues, `${at}.taxableType`, d.taxableType, p.taxableType);
    differs(issues, `${at}.amount`, d.amount, a.amount);
    differs(issues, `${at}.tax`, d.tax, a.tax);
    differs(issues, `${at}.amountWithTax`, d.amountWithTax, a.amountWithTax);
    return detailOf(n, p, d, a);
  });
  differs(issues, 'order.amount', sent.amount, amounts.amount);
  differs(issues, 'order.tax', sent.tax, amounts.tax);
  differs(issues, 'order.amountWithTax', sent.amountWithTax, amounts.amountWithTax);
  differs(issues, 'order.taxRate', sent.taxRate, rate);
  differs(issues, 'order.taxType', sent.taxType, service.taxType);
  differs(issues, 'order.calculationType', sent.calculationType, service.calculationType);
  differs(issues, 'order.roundingType', sent.roundingType, service.roundingType);
  differs(issues, 'order.reservationCostType', sent.reservationCostType, service.reservationCostType);
  if (issues.length > 0) return refuse('amount_mismatch', AMOUNT_MISMATCH_TEXT, issues);

  return {
    order: {
      ...figuresOf(service, details, amounts, rate, priced),
      payMethod: sent.payMethod && sent.payMethod !== 'cash' ? sent.payMethod : 'credit',
      selectedPayType: PAY_TYPE.cashless,
    },
  };
};
