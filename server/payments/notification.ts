/**
 * What the provider's result notification (pagecon) does to an order: a pure decision on the
 * stored order and the notification's fields, applied by settle.ts in one transaction.
 *
 * Readings chosen here:
 * - res_result OK settles the order paid: credit and credit3d2 as credit authorised (3: the card
 *   was authorised, the office captures the sale), any other method as completed (0). NG (declined)
 *   and CN (the resident cancelled at the provider) settle it failed and give its hold back.
 * - Exactly one transition per order: a notification for a settled order changes nothing, is
 *   logged, and is answered as the first was (OK), so the provider stops retrying; a late NG after
 *   an OK, too.
 * - Every field the provider was sent (pay_method … amount) must come back as sent; the result is
 *   read from res_result alone.
 * - An OK for an order whose hold was given back (expired, or failed earlier) is still recorded
 *   as paid, since the money was taken, but the answer stays cancelled: it is logged for the office
 *   to refund or book by hand.
 */
import { PAYMENT_STATUS, type PaymentStatus } from '@core/contract/payment';
import type { Notification, NotificationField } from './sps-form';
import type { StoredOrder } from '../store/payment-orders';

export type NotificationResult = 'OK' | 'NG' | 'CN';

export type Decision =
  | { kind: 'refuse'; reason: string }
  | { kind: 'pay'; status: PaymentStatus; afterRelease: boolean }
  | { kind: 'fail' }
  | { kind: 'unchanged' };

export const resultOf = (n: Pick<Notification, 'res_result'>): NotificationResult | null => {
  const r = n.res_result;
  return r === 'OK' || r === 'NG' || r === 'CN' ? r : null;
};

export const paidStatusOf = (payMethod: string | undefined): PaymentStatus =>
  payMethod === 'credit' || payMethod === 'credit3d2' ? PAYMENT_STATUS.creditAuthorised : PAYMENT_STATUS.completed;

/** What the notification must say of the order, field by field: what the provider was sent. */
const expectedOf = (order: StoredOrder, merchant: { merchantId: string; serviceId: string }): Partial<Notification> => ({
  pay_method: order.order.payMethod ?? 'credit',
  merchant_id: merchant.merchantId,
  service_id: merchant.serviceId,
  cust_code: order.userId,
  order_id: order.orderId,
  item_id: order.order.serviceId,
  item_name: order.order.serviceName,
  tax: String(order.order.tax),
  amount: String(order.amountWithTax),
});

/** `merchant`: the provider's own ids, which the notification must carry. */
export const decide = (order: StoredOrder | null, n: Notification, merchant: { merchantId: string; serviceId: string }): Decision => {
  if (!order) return { kind: 'refuse', reason: 'unknown order_id' };
  const expected = expectedOf(order, merchant);
  const differs = (Object.keys(expected) as NotificationField[]).filter((k) => n[k] !== expected[k]);
  if (differs.length > 0) return { kind: 'refuse', reason: `${differs.join(', ')} differ from the order` };
  const result = resultOf(n);
  if (result === null) return { kind: 'refuse', reason: 'res_result is not OK, NG or CN' };
  if (order.phase === 'paid') return { kind: 'unchanged' };
  if (result === 'OK') return { kind: 'pay', status: paidStatusOf(n.pay_method), afterRelease: order.phase !== 'pending' };
  return order.phase === 'pending' ? { kind: 'fail' } : { kind: 'unchanged' };
};
