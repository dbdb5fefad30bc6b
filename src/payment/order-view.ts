/**
 * The products item's lines priced for display: the order the answer would carry, from the
 * cached catalogue (core/rules/order.ts). Pure apart from its inputs, so the list, the submit
 * button and the payment hand-off agree on one figure.
 */
import type { Temporal } from 'temporal-polyfill';
import type { PaymentOrder, PaymentResult, PaymentService, PayType, TaxSetting } from '@core/contract/payment';
import type { FormValue } from '@core/items/define';
import { parseOrderLines, type OrderLine } from '@core/items/select-products';
import { buildOrder, type OrderProblem } from '@core/rules/order';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import { jaScreens } from '../messages/ja-screens';

export const linesOf = (value: FormValue | undefined): OrderLine[] =>
  typeof value === 'string' && value !== '' ? (parseOrderLines(value) ?? []) : [];

export const problemText = (p: OrderProblem): string =>
  p.kind === 'taxNotSet' ? jaScreens.payment.taxNotSet : p.kind === 'productGone' ? jaScreens.payment.productGone : fill(ja.validation.purchaseLimit, { limit: p.limit });

export type PricedOrder = { order: PaymentOrder | null } | { problem: string };

export const priceLines = (
  lines: readonly OrderLine[],
  service: PaymentService,
  taxSetting: TaxSetting | null,
  payType: PayType,
  today: Temporal.PlainDate,
  reservedItems?: ReadonlySet<string>,
): PricedOrder => {
  const built = buildOrder(lines, service, taxSetting, payType, today, reservedItems);
  return 'order' in built ? built : { problem: problemText(built) };
};

export { yen } from './yen';

/**
 * Not yet paid, not yet given back: the provider has not answered and the hold stands. The server
 * dates an order's cancel when it gives the hold back unpaid (cancelled, declined, expired).
 */
export const isUnpaid = (r: Pick<PaymentResult, 'status' | 'canceledDate'>): boolean => r.status === undefined && !r.canceledDate;

/**
 * The payment status label as a resident reads it (jaScreens.payment.residentStatuses: 決済完了, not
 * 与信済み), or null while unpaid; an order given back unpaid was never charged, never 決済確認中.
 */
export const paymentStatusLabel = (r: Pick<PaymentResult, 'status' | 'canceledDate'>): string | null =>
  isUnpaid(r) ? null : r.status !== undefined ? (jaScreens.payment.residentStatuses[r.status] ?? jaScreens.receipt.missing) : jaScreens.payment.releasedShort;
