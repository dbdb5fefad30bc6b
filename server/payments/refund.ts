/**
 * Giving a card order's money back, inside the caller's transaction: a staff キャンセル of its answer
 * (refundForCancel, core/rules/payment-cancel.ts staffRefundOf) and the payments screen's 返金
 * (refundByStaff, the answer left as it is). One path for both:
 *   1. the order's row is locked (a second refund of the same order waits, then sees it settled);
 *   2. the provider is asked to cancel/refund its tracking id (sps-refund.ts);
 *   3. the refund is recorded in payment_refunds, keyed by the order (and unique by tracking id),
 *      and the order set to its state after (statusAfterRefund: 0 → 2, 3 → 4), with the order kept
 *      beside the answer, all in the caller's transaction.
 * Exactly once: a replay after the commit finds the order settled and asks nothing; a crash between
 * 2 and the commit leaves no record, and the retry asks the provider for the same tracking id
 * again, which answers the refund it already made rather than refunding twice.
 * Any failure refuses the whole transaction: nothing is cancelled with its payment kept.
 */
import type { Transaction } from 'kysely';
import type { PaymentStatus } from '@core/contract/payment';
import { orderStateLabel } from '@core/ja/payment-status';
import { staffRefundOf, statusAfterRefund } from '@core/rules/payment-cancel';
import { refuse, type Refusal } from '@core/refusals';
import type { PaymentProvider } from '../providers/payment';
import { setExtrasOrder } from '../store/extras';
import { findUserOrderOfAnswer, lockOrder, type StoredOrder } from '../store/payment-orders';
import { REVISION_COUNTER, claimCounter } from '../store/results';
import type { Database } from '../store/schema';

type Why = 'tooOld' | 'unavailable' | 'failed';
type Outcome = { kind: 'none' } | { kind: 'refused'; why: Why } | { kind: 'refunded'; order: StoredOrder; from: PaymentStatus; to: PaymentStatus };

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

const refundLocked = async (trx: Transaction<Database>, provider: PaymentProvider | null, order: StoredOrder, a: { actorId: string; now: Date }): Promise<Outcome> => {
  const verdict = staffRefundOf({ status: order.status, selectedPayType: order.order.selectedPayType, createdAt: seconds(order.createdAt) }, Math.floor(a.now.getTime() / 1000));
  if (verdict === 'none') return { kind: 'none' };
  if (verdict === 'tooOld') return { kind: 'refused', why: 'tooOld' };
  const trackingId = order.result?.['res_tracking_id'] ?? '';
  if (!provider || trackingId === '') return { kind: 'refused', why: 'unavailable' };
  const r = await provider.refund({ orderId: order.orderId, trackingId });
  if (!r.ok) return { kind: 'refused', why: r.code === 'not_configured' ? 'unavailable' : 'failed' };
  const from = order.status as 0 | 3;
  const to = statusAfterRefund(from);
  const at = a.now.toISOString();
  await trx
    .insertInto('payment_refunds')
    .values({ order_id: order.orderId, tracking_id: trackingId, partition_key: order.partitionKey, amount_with_tax: order.amountWithTax, refund_id: r.refundId, actor_id: a.actorId, at })
    .execute();
  await trx.updateTable('payment_orders').set({ status: to, canceled_at: at, updated_at: at }).where('order_id', '=', order.orderId).execute();
  // The answer's own read shows its order as settle.ts keeps it (none left after a cancel).
  await setExtrasOrder(trx, order.partitionKey, { ...order.order, orderId: order.orderId, status: to, canceledDate: seconds(at) }, at);
  return { kind: 'refunded', order: { ...order, status: to, canceledAt: at, updatedAt: at }, from, to };
};

/** The キャンセル path: true when a refund was made; the answer's change is refused when one is due and cannot be. */
export const refundForCancel = async (
  trx: Transaction<Database>,
  provider: PaymentProvider | null,
  a: { userId: string; partitionKey: string; actorId: string; now: Date },
): Promise<boolean> => {
  const found = await findUserOrderOfAnswer(trx, a.userId, a.partitionKey);
  const order = found && (await lockOrder(trx, found.orderId));
  if (!order) return false;
  const out = await refundLocked(trx, provider, order, a);
  const { partitionKey } = a;
  const refusals: Record<Why, () => Refusal> = {
    tooOld: () => refuse('status_refund_too_old', { partitionKey }),
    unavailable: () => refuse('status_refund_unavailable', { partitionKey }),
    failed: () => refuse('status_refund_failed', { partitionKey }),
  };
  if (out.kind === 'refused') throw refusals[out.why]();
  return out.kind === 'refunded';
};

/**
 * The payments screen's 返金 of one order: its answer's revision counter first, as a キャンセル
 * takes it before the order (so the two never lock in a cycle), then the order. Refused, with
 * nothing changed, unless the order is completed or authorised and the provider gives it back.
 */
export const refundByStaff = async (
  trx: Transaction<Database>,
  provider: PaymentProvider | null,
  a: { order: StoredOrder; actorId: string; now: Date },
): Promise<{ order: StoredOrder; from: PaymentStatus; to: PaymentStatus }> => {
  await claimCounter(trx, a.order.partitionKey, REVISION_COUNTER);
  const order = await lockOrder(trx, a.order.orderId);
  if (!order) throw refuse('payment_order_not_found');
  const out = await refundLocked(trx, provider, order, a);
  if (out.kind === 'refunded') return out;
  if (out.kind === 'none') throw refuse('payment_refund_not_allowed', { status: orderStateLabel(order) });
  throw refuse(out.why === 'tooOld' ? 'payment_refund_too_old' : out.why === 'unavailable' ? 'payment_refund_unavailable' : 'payment_refund_failed');
};
