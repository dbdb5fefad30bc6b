/**
 * What the provider's result notification (pagecon) does to an order: a pure decision on the
 * stored order and the notification's fields, applied by settle.ts in one transaction.
 *
 * Readings chosen here:
 * - res_result OK settles the order paid: credit and credit3d2 as credit authorised (3: the card
 *   was authorised, the office captures the sale), any other method as completed (0). NG (declined)
 *   and CN (the resident cancelled at the provider) settle it failed and give its hold back.
 * - Exactly one transition per order: a notification for a settled order changes nothing and is
 *   answered as the first was (OK), so the provider stops retrying; a late NG after an OK, too.
 * - An OK for an order whose hold was given back (expired, or failed earlier) is still recorded
 *   as paid, since the money was taken, but the answer stays cancelled: it is logged for the office
 *   to refund or book by hand.
 */
import { PAYMENT_STATUS, type PaymentStatus } from '@core/contract/payment';
import { fieldValue, type Field } from './sps-form';
import type { StoredOrder } from '../store/payment-orders';

export type NotificationResult = 'OK' | 'NG' | 'CN';

export type Decision =
  | { kind: 'refuse'; reason: string }
  | { kind: 'pay'; status: PaymentStatus; afterRelease: boolean }
  | { kind: 'fail' }
  | { kind: 'unchanged' };

export const resultOf = (fields: readonly Field[]): NotificationResult | null => {
  const r = fieldValue(fields, 'res_result');
  return r === 'OK' || r === 'NG' || r === 'CN' ? r : null;
};

export const paidStatusOf = (payMethod: string | undefined): PaymentStatus =>
  payMethod === 'credit' || payMethod === 'credit3d2' ? PAYMENT_STATUS.creditAuthorised : PAYMENT_STATUS.completed;

/** `merchant`: the provider's own ids, which the notification must carry. */
export const decide = (order: StoredOrder | null, fields: readonly Field[], merchant: { merchantId: string; serviceId: string }): Decision => {
  if (!order) return { kind: 'refuse', reason: 'unknown order_id' };
  if (fieldValue(fields, 'merchant_id') !== merchant.merchantId || fieldValue(fields, 'service_id') !== merchant.serviceId) {
    return { kind: 'refuse', reason: 'merchant_id or service_id differs' };
  }
  if (fieldValue(fields, 'amount') !== String(order.amountWithTax)) return { kind: 'refuse', reason: 'amount differs from the order' };
  const result = resultOf(fields);
  if (result === null) return { kind: 'refuse', reason: 'res_result is not OK, NG or CN' };
  if (order.phase === 'paid') return { kind: 'unchanged' };
  if (result === 'OK') return { kind: 'pay', status: paidStatusOf(fieldValue(fields, 'pay_method')), afterRelease: order.phase !== 'pending' };
  return order.phase === 'pending' ? { kind: 'fail' } : { kind: 'unchanged' };
};
