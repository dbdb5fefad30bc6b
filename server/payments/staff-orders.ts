/**
 * The console's payments as rows (core/contract/staff-payments.ts): the list's filter from its
 * query, its cursor, and each order with its form's title, its answer's 受付番号 and the resident's
 * name (the form's name item, core/rules/name-item.ts; none: null, never the registrant label).
 */
import { Temporal } from 'temporal-polyfill';
import type { PaymentRow } from '@core/contract/staff-payments';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { nameItemKeyOf } from '@core/rules/name-item';
import { refuse } from '@core/refusals';
import { tokyoDayStart } from '../answers/answer-filter';
import type { RouteStore } from '../route-context';
import { findSurveyConfig } from '../store/configs';
import { answerCodesOf, itemValuesOf, type OrderCursor, type OrderListFilter } from '../store/payment-list';
import type { StoredOrder } from '../store/payment-orders';

type Db = RouteStore['db'];

const listOf = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export const listFilterOf = (
  q: { status?: number | number[] | undefined; payMethod?: string | string[] | undefined; completedFrom?: string | undefined; completedTo?: string | undefined },
  surveyIds: readonly string[] | null,
): OrderListFilter => ({
  surveyIds,
  statuses: [...new Set(listOf(q.status))],
  payMethods: [...new Set(listOf(q.payMethod))],
  completedSince: q.completedFrom ? tokyoDayStart(Temporal.PlainDate.from(q.completedFrom)) : null,
  completedUntil: q.completedTo ? tokyoDayStart(Temporal.PlainDate.from(q.completedTo).add({ days: 1 })) : null,
});

export const encodeOrderCursor = (c: OrderCursor): string => Buffer.from(JSON.stringify([c.createdAt, c.orderId])).toString('base64url');

export const decodeOrderCursor = (cursor: string | undefined): OrderCursor | null => {
  if (cursor === undefined || cursor === '') return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string') return { createdAt: v[0], orderId: v[1] };
  } catch {
    // answered below
  }
  throw refuse('bad_request', { path: 'query.cursor', message: 'cursor が読めません' });
};

/** The orders as the console lists them; their forms' configs and their answers' facts in a few reads whatever their number. */
export const orderRows = async (db: Db, orders: readonly StoredOrder[]): Promise<PaymentRow[]> => {
  const configs = new Map<string, ServedSurveyConfig | null>();
  for (const surveyId of new Set(orders.map((o) => o.surveyId))) configs.set(surveyId, await findSurveyConfig(db, surveyId));
  const nameKeyOf = new Map([...configs].map(([surveyId, c]) => [surveyId, c ? nameItemKeyOf(c.surveySchema) : null]));
  const keys = orders.map((o) => o.partitionKey);
  const [codes, values] = await Promise.all([answerCodesOf(db, keys), itemValuesOf(db, keys, [...new Set([...nameKeyOf.values()].filter((k): k is string => k !== null))])]);
  const surveyOf = new Map(orders.map((o) => [o.partitionKey, o.surveyId]));
  const names = new Map<string, string>();
  for (const v of values) if (nameKeyOf.get(surveyOf.get(v.partition_key) ?? '') === v.sort_key && v.value.trim() !== '') names.set(v.partition_key, v.value);
  return orders.map((o) => ({
    orderId: o.orderId,
    surveyId: o.surveyId,
    formTitle: configs.get(o.surveyId)?.surveyTitle ?? o.surveyId,
    partitionKey: o.partitionKey,
    answerCode: codes.get(o.partitionKey) ?? null,
    residentName: names.get(o.partitionKey) ?? null,
    serviceName: o.order.serviceName,
    amountWithTax: o.amountWithTax,
    payMethod: o.order.payMethod ?? null,
    status: o.status as PaymentRow['status'],
    phase: o.phase,
    createdAt: o.createdAt,
    completedAt: o.completedAt,
    canceledAt: o.canceledAt,
  }));
};
