/**
 * The transitions of an order and its temporary answer, each one transaction through
 * Store.write: the provider's notification (pay or fail) and the release of holds left unpaid.
 *
 * How long a temporary answer holds its slots: PAYMENT_HOLD_MINUTES (config, default 30) from the
 * temporary save. A hold is given back by an NG/CN notification at once, or, unpaid past its
 * time, by releaseExpired, which runs before each temporary save and every PAYMENT_SWEEP_SECONDS
 * (sweep.ts), so slots come back with no traffic too; the resident may give back their own at
 * once (releaseOwnOrder). Released: the slots are
 * given back and the answer marked cancelled (キャンセル with a reservation, else NG).
 * Locks: the order row first, then the answer's slots in slot order (releasePartition).
 */
import type { Transaction } from 'kysely';
import type { PaymentStatus } from '@core/contract/payment';
import { cancelledStatus } from '@core/rules/status';
import type { Logger } from '../log';
import type { Store } from '../store/open';
import type { Database } from '../store/schema';
import { expiredOrderIds, lockOrder, settleOrder, type StoredOrder } from '../store/payment-orders';
import { releasePartition } from '../store/reservations';
import { setPartitionCheck, setPartitionStatus } from '../store/results';
import { setExtrasOrder } from '../store/extras';
import { decide } from './notification';
import type { Notification } from './sps-form';
import { queueLineMessages, type LineOutbox } from '../line/outbox';
import type { AnswerFacts } from '../line/facts';

/** 決済完了 links to the receipt (src/app/routes/payment.tsx receiptRoute). */
const withReceipt = (outbox: LineOutbox | null, partitionKey: string) => (a: AnswerFacts): AnswerFacts => ({
  ...a,
  facts: { ...a.facts, receiptUrl: `${outbox?.publicUrl ?? ''}/receipt?key=${encodeURIComponent(partitionKey)}` },
});

export const TEMPORARY_STATUS = 'temporary';

/** The order kept beside the answer follows its payment, so the answer's own read shows it. */
const keepOnAnswer = (trx: Transaction<Database>, order: StoredOrder, fields: { status?: PaymentStatus; completedDate?: number; canceledDate?: number }, now: string) =>
  setExtrasOrder(trx, order.partitionKey, { ...order.order, orderId: order.orderId, ...fields }, now);

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

const release = async (trx: Transaction<Database>, order: StoredOrder, now: string) => {
  const held = await releasePartition(trx, order.partitionKey);
  await setPartitionCheck(trx, order.surveyId, order.userId, order.partitionKey, cancelledStatus(held.length > 0), now);
};

export interface NotificationOutcome {
  ok: boolean;
  reason?: string;
  changed: boolean;
}

/** Applies a notification whose hash was verified (sps-form.ts notificationOf). */
export const applyNotification = (
  store: Store,
  log: Logger,
  notification: Notification,
  merchant: { merchantId: string; serviceId: string },
  outbox: LineOutbox | null = null,
): Promise<NotificationOutcome> => {
  const orderId = notification.order_id;
  return store.write(async (trx) => {
    const order = await lockOrder(trx, orderId);
    const d = decide(order, notification, merchant);
    const now = new Date().toISOString();
    if (d.kind === 'refuse' || !order) {
      const reason = d.kind === 'refuse' ? d.reason : 'unknown order_id';
      log('warn', { msg: 'payment notification refused', orderId, reason });
      return { ok: false, reason, changed: false };
    }
    const result: Record<string, string> = { ...notification };
    if (d.kind === 'unchanged') {
      log('warn', { msg: 'payment notification for an order not waiting for one: nothing changed', orderId, phase: order.phase, result: notification.res_result });
      return { ok: true, changed: false };
    }
    if (d.kind === 'pay') {
      await settleOrder(trx, order.orderId, { phase: 'paid', status: d.status, result, now, completedAt: now });
      await keepOnAnswer(trx, order, { status: d.status, completedDate: seconds(now) }, now);
      if (d.afterRelease) {
        log('error', { msg: 'payment completed after its hold was given back: refund or book by hand', orderId: order.orderId });
      } else {
        await setPartitionStatus(trx, order, null, now);
        await queueLineMessages(trx, outbox, order, { kind: 'paid' }, { adjust: withReceipt(outbox, order.partitionKey) });
      }
      return { ok: true, changed: true };
    }
    await settleOrder(trx, order.orderId, { phase: 'failed', status: null, result, now, canceledAt: now });
    await keepOnAnswer(trx, order, { canceledDate: seconds(now) }, now);
    await release(trx, order, now);
    return { ok: true, changed: true };
  });
};

/**
 * The resident gives back their own unpaid order: back on the form from the provider's page
 * without paying, their hold would otherwise block a new send until it expires. Released as a CN
 * is (failed, slots back, answer cancelled), and only while pending: a paid order is never
 * released, and the lock waits out a notification being applied. A late OK finds it released and
 * is kept for a refund (notification.ts). Answers the order as it stands, null when not theirs.
 */
export const releaseOwnOrder = async (trx: Transaction<Database>, userId: string, orderId: string): Promise<StoredOrder | null> => {
  const order = await lockOrder(trx, orderId);
  if (!order || order.userId !== userId) return null;
  if (order.phase !== 'pending') return order;
  const now = new Date().toISOString();
  await settleOrder(trx, orderId, { phase: 'failed', status: null, result: null, now, canceledAt: now });
  await keepOnAnswer(trx, order, { canceledDate: seconds(now) }, now);
  await release(trx, order, now);
  return { ...order, phase: 'failed', updatedAt: now, canceledAt: now };
};

/** Gives back the holds of up to `limit` orders unpaid past their time; answers how many. */
export const releaseExpired = async (store: Store, now: Date, limit = 20): Promise<number> => {
  const ids = await expiredOrderIds(store.db, now.toISOString(), limit);
  let released = 0;
  for (const id of ids) {
    released += await store.write(async (trx) => {
      const order = await lockOrder(trx, id);
      // Settled meanwhile (paid at the last moment, or released by another server): nothing to do.
      if (!order || order.phase !== 'pending' || order.holdUntil >= now.toISOString()) return 0;
      const at = now.toISOString();
      await settleOrder(trx, id, { phase: 'expired', status: null, result: null, now: at, canceledAt: at });
      await keepOnAnswer(trx, order, { canceledDate: seconds(at) }, at);
      await release(trx, order, at);
      return 1;
    });
  }
  return released;
};
