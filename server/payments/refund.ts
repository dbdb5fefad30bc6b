/**
 * The refund a staff キャンセル makes of the answer's paid card order (core/rules/payment-cancel.ts
 * staffRefundOf), inside the status change's transaction:
 *   1. the order's row is locked (a second change of the same answer waits, then sees status 2);
 *   2. the provider is asked to refund its tracking id (sps-refund.ts);
 *   3. the refund is recorded in payment_refunds, keyed by the order (and unique by tracking id),
 *      and the order set to status 2, both in the same transaction as the answer's new status.
 * Exactly once: a replay after the commit finds the order at 2 and asks nothing; a crash between
 * 2 and the commit leaves no record and the answer unchanged, and the retry asks the provider for
 * the same tracking id again, which answers the refund it already made rather than refunding twice.
 * Any failure refuses the whole change: the answer is not cancelled with its payment kept.
 */
import type { Transaction } from 'kysely';
import { PAYMENT_STATUS } from '@core/contract/payment-codes';
import { staffRefundOf } from '@core/rules/payment-cancel';
import { refuse } from '@core/refusals';
import type { PaymentProvider } from '../providers/payment';
import { findUserOrderOfAnswer, lockOrder } from '../store/payment-orders';
import type { Database } from '../store/schema';

export const refundForCancel = async (
  trx: Transaction<Database>,
  provider: PaymentProvider | null,
  a: { userId: string; partitionKey: string; actorId: string; now: Date },
): Promise<boolean> => {
  const found = await findUserOrderOfAnswer(trx, a.userId, a.partitionKey);
  const order = found && (await lockOrder(trx, found.orderId));
  if (!order) return false;
  const verdict = staffRefundOf({ status: order.status, selectedPayType: order.order.selectedPayType, createdAt: Math.floor(Date.parse(order.createdAt) / 1000) }, Math.floor(a.now.getTime() / 1000));
  if (verdict === 'none') return false;
  const { partitionKey } = a;
  if (verdict === 'tooOld') throw refuse('status_refund_too_old', { partitionKey });
  const trackingId = order.result?.['res_tracking_id'] ?? '';
  if (!provider || trackingId === '') throw refuse('status_refund_unavailable', { partitionKey });
  const r = await provider.refund({ orderId: order.orderId, trackingId });
  if (!r.ok) throw r.code === 'not_configured' ? refuse('status_refund_unavailable', { partitionKey }) : refuse('status_refund_failed', { partitionKey });
  const at = a.now.toISOString();
  await trx
    .insertInto('payment_refunds')
    .values({ order_id: order.orderId, tracking_id: trackingId, partition_key: partitionKey, amount_with_tax: order.amountWithTax, refund_id: r.refundId, actor_id: a.actorId, at })
    .execute();
  await trx.updateTable('payment_orders').set({ status: PAYMENT_STATUS.refunded, canceled_at: at, updated_at: at }).where('order_id', '=', order.orderId).execute();
  return true;
};
