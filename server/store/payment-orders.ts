/**
 * Payment orders (server/payments/): opened by a temporary save, settled by the provider's
 * notification, given back when unpaid past their hold. Reads take the user id, as results do:
 * no read here hands one resident another's order.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { paymentOrderSchema, type PaymentOrder } from '@core/contract/payment';
import type { Database, PaymentOrderTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export type OrderPhase = 'pending' | 'paid' | 'failed' | 'expired';

export const ORDER_COLUMNS = [
  'order_id',
  'survey_id',
  'partition_key',
  'user_id',
  'phase',
  'status',
  'amount_with_tax',
  'order_json',
  'result_json',
  'hold_until',
  'created_at',
  'updated_at',
  'completed_at',
  'canceled_at',
] as const satisfies readonly (keyof PaymentOrderTable)[];

export interface StoredOrder {
  orderId: string;
  surveyId: string;
  partitionKey: string;
  userId: string;
  phase: OrderPhase;
  status: number | null;
  amountWithTax: number;
  order: PaymentOrder;
  result: Record<string, string> | null;
  holdUntil: string;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  canceledAt: string | null;
}

export const toStored = (r: Pick<Selectable<PaymentOrderTable>, (typeof ORDER_COLUMNS)[number]>): StoredOrder => ({
  orderId: r.order_id,
  surveyId: r.survey_id,
  partitionKey: r.partition_key,
  userId: r.user_id,
  phase: r.phase as OrderPhase,
  status: r.status === null ? null : Number(r.status),
  amountWithTax: Number(r.amount_with_tax),
  order: paymentOrderSchema.parse(JSON.parse(r.order_json)),
  result: r.result_json === null ? null : (JSON.parse(r.result_json) as Record<string, string>),
  holdUntil: r.hold_until,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  completedAt: r.completed_at,
  canceledAt: r.canceled_at,
});

export const insertOrder = async (
  trx: Transaction<Database>,
  o: { orderId: string; surveyId: string; partitionKey: string; userId: string; order: PaymentOrder; holdUntil: string; now: string },
): Promise<void> => {
  await trx
    .insertInto('payment_orders')
    .values({
      order_id: o.orderId,
      survey_id: o.surveyId,
      partition_key: o.partitionKey,
      user_id: o.userId,
      phase: 'pending',
      status: null,
      amount_with_tax: o.order.amountWithTax,
      pay_method: o.order.payMethod ?? null,
      order_json: JSON.stringify(o.order),
      result_json: null,
      hold_until: o.holdUntil,
      created_at: o.now,
      updated_at: o.now,
      completed_at: null,
      canceled_at: null,
    })
    .execute();
};

/** The user's order by id; null when there is none or it is another's. */
export const findUserOrder = async (db: Db, userId: string, orderId: string): Promise<StoredOrder | null> => {
  const r = await db.selectFrom('payment_orders').select(ORDER_COLUMNS).where('order_id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  return r ? toStored(r) : null;
};

/** The user's order of one answer; null when none or another's. */
export const findUserOrderOfAnswer = async (db: Db, userId: string, partitionKey: string): Promise<StoredOrder | null> => {
  const r = await db
    .selectFrom('payment_orders')
    .select(ORDER_COLUMNS)
    .where('partition_key', '=', partitionKey)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r ? toStored(r) : null;
};

/** The user's orders of a survey, oldest first. */
export const listUserOrders = async (db: Db, userId: string, surveyId: string): Promise<StoredOrder[]> =>
  (await db.selectFrom('payment_orders').select(ORDER_COLUMNS).where('user_id', '=', userId).where('survey_id', '=', surveyId).execute())
    .map(toStored)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.orderId < b.orderId ? -1 : 1));

/**
 * The order, its row locked until the transaction ends (a no-op update: portable where SELECT …
 * FOR UPDATE is not), so two notifications of one order settle one after the other.
 */
export const lockOrder = async (trx: Transaction<Database>, orderId: string): Promise<StoredOrder | null> => {
  const r = await trx
    .updateTable('payment_orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('order_id', '=', orderId)
    .returning(ORDER_COLUMNS)
    .executeTakeFirst();
  return r ? toStored(r) : null;
};

export const settleOrder = async (
  trx: Transaction<Database>,
  orderId: string,
  s: { phase: OrderPhase; status: number | null; result: Record<string, string> | null; now: string; completedAt?: string | null; canceledAt?: string | null },
): Promise<void> => {
  await trx
    .updateTable('payment_orders')
    .set({
      phase: s.phase,
      status: s.status,
      result_json: s.result === null ? null : JSON.stringify(s.result),
      updated_at: s.now,
      ...(s.completedAt !== undefined ? { completed_at: s.completedAt } : {}),
      ...(s.canceledAt !== undefined ? { canceled_at: s.canceledAt } : {}),
    })
    .where('order_id', '=', orderId)
    .execute();
};

/** Ids of pending orders whose hold has passed, oldest first (a bounded batch). */
export const expiredOrderIds = async (db: Db, now: string, limit: number): Promise<string[]> =>
  (
    await db
      .selectFrom('payment_orders')
      .select(['order_id'])
      .where('phase', '=', 'pending')
      .where('hold_until', '<', now)
      .orderBy('hold_until')
      .limit(limit)
      .execute()
  ).map((r) => r.order_id);

/** An amend's successor takes over the card order of the answer it replaces (answers/write.ts). */
export const moveOrderToAnswer = async (trx: Transaction<Database>, orderId: string, userId: string, from: string, to: string, now: string): Promise<void> => {
  await trx
    .updateTable('payment_orders')
    .set({ partition_key: to, updated_at: now })
    .where('order_id', '=', orderId)
    .where('user_id', '=', userId)
    .where('partition_key', '=', from)
    .execute();
};
