/**
 * The console's payments (server/routes/staff-payments.ts): a page of card orders, newest first by
 * (created_at, order_id) past a cursor (index payment_orders_created, migration 0032), and what the
 * page shows of each order's answer: its 受付番号 and the value of its form's name item. Unlike
 * payment-orders.ts, these reads take no user id: they are the staff's, behind the team check.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { ORDER_COLUMNS, toStored, type StoredOrder } from './payment-orders';

type Db = Kysely<Database> | Transaction<Database>;

export interface OrderListFilter {
  /** null: every form (an admin's reach); else only these. */
  surveyIds: readonly string[] | null;
  statuses: readonly number[];
  payMethods: readonly string[];
  /** Instants (ISO UTC): completed_at ≥ since and < until. */
  completedSince: string | null;
  completedUntil: string | null;
}

export interface OrderCursor {
  createdAt: string;
  orderId: string;
}

export const orderPage = async (db: Db, f: OrderListFilter, a: { after: OrderCursor | null; limit: number }): Promise<{ orders: StoredOrder[]; next: OrderCursor | null }> => {
  if (f.surveyIds !== null && f.surveyIds.length === 0) return { orders: [], next: null };
  let q = db.selectFrom('payment_orders').select(ORDER_COLUMNS);
  if (f.surveyIds !== null) q = q.where('survey_id', 'in', [...f.surveyIds]);
  if (f.statuses.length > 0) q = q.where('status', 'in', [...f.statuses]);
  if (f.payMethods.length > 0) q = q.where('pay_method', 'in', [...f.payMethods]);
  if (f.completedSince !== null) q = q.where('completed_at', '>=', f.completedSince);
  if (f.completedUntil !== null) q = q.where('completed_at', '<', f.completedUntil);
  const after = a.after;
  if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'order_id'), '<', eb.tuple(after.createdAt, after.orderId)));
  // One more than asked: whether a next page exists, without counting.
  const rows = (await q.orderBy('created_at', 'desc').orderBy('order_id', 'desc').limit(a.limit + 1).execute()).map(toStored);
  const orders = rows.slice(0, a.limit);
  const last = orders.at(-1);
  return { orders, next: rows.length > a.limit && last ? { createdAt: last.createdAt, orderId: last.orderId } : null };
};

/** The forms, among these (null: any), that have an order. */
export const formsWithOrders = async (db: Db, surveyIds: readonly string[] | null): Promise<string[]> => {
  if (surveyIds !== null && surveyIds.length === 0) return [];
  let q = db.selectFrom('payment_orders').select('survey_id').distinct();
  if (surveyIds !== null) q = q.where('survey_id', 'in', [...surveyIds]);
  return (await q.orderBy('survey_id').execute()).map((r) => r.survey_id);
};

/** Each answer's 受付番号 (every row of an answer carries it), by partition key. */
export const answerCodesOf = async (db: Db, partitionKeys: readonly string[]): Promise<Map<string, string>> => {
  if (partitionKeys.length === 0) return new Map();
  const rows = await db
    .selectFrom('survey_results')
    .select(['partition_key', (eb) => eb.fn.max('answer_code').as('code')])
    .where('partition_key', 'in', [...partitionKeys])
    .groupBy('partition_key')
    .execute();
  return new Map(rows.filter((r) => r.code !== null && r.code !== '').map((r) => [r.partition_key, r.code as string]));
};

/** The values of these answers' rows whose sort key is one of these item keys (text items: sort key = item key). */
export const itemValuesOf = async (db: Db, partitionKeys: readonly string[], itemKeys: readonly string[]) =>
  partitionKeys.length === 0 || itemKeys.length === 0
    ? []
    : db.selectFrom('survey_results').select(['partition_key', 'sort_key', 'value']).where('partition_key', 'in', [...partitionKeys]).where('sort_key', 'in', [...itemKeys]).execute();

/** An order by id, whoever's: for staff only, whose route checks the order's form is within reach. */
export const findOrderForStaff = async (db: Db, orderId: string): Promise<StoredOrder | null> => {
  const r = await db.selectFrom('payment_orders').select(ORDER_COLUMNS).where('order_id', '=', orderId).executeTakeFirst();
  return r ? toStored(r) : null;
};
