/**
 * The console's payments (core/contract/staff-payments.ts). The list reaches the orders of the
 * forms within the person's teams (an admin's: every form's); an order named by id is checked
 * against its form's teams. Each read names residents' answers and leaves its audit row
 * (payment.list with the filter and the answers listed, payment.receipt), in a transaction of its
 * own once the read has succeeded; a refund writes its audit row and the answer's history event
 * in the refund's own transaction, under its Idempotency-Key.
 *
 * Reading chosen: a refund is the money only. The answer keeps its status and its slots; the
 * office cancels it through its status when the booking goes too (which refunds as well).
 */
import type { Context } from 'hono';
import { staffPaymentReceipt, staffPaymentRefund, staffPayments } from '@core/contract/staff-payments';
import { inTeam } from '@core/rules/staff';
import { refuse } from '@core/refusals';
import { recordAudit, type AuditEntry } from '../audit/record';
import { paidAnswerFacts } from '../payments/paid-answer';
import { refundByStaff } from '../payments/refund';
import { receiptOf } from '../payments/results';
import { decodeOrderCursor, encodeOrderCursor, listFilterOf, orderRows } from '../payments/staff-orders';
import type { RouteContext } from '../route-context';
import { clientAddressOf } from '../staff/guard';
import { requireReach } from '../staff/reach';
import type { StaffPrincipal } from '../staff/session';
import { insertAnswerEvents } from '../store/answer-events';
import { findSurveyConfig, listSurveyTitles } from '../store/configs';
import type { Store } from '../store/open';
import { findService } from '../store/payment-catalogue';
import { findOrderForStaff, formsWithOrders, orderPage } from '../store/payment-list';
import { teamTargets } from '../store/teams';

const PAGE = 50;

export const registerStaffPaymentRoutes = (ctx: RouteContext, store: Store): void => {
  const { config } = ctx.deps;
  const fromOf = (c: Context) => ({ ip: clientAddressOf(c, config.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) });
  const audit = (c: Context, staff: StaffPrincipal, entry: Omit<AuditEntry, 'actor' | 'from'>) =>
    store.write((trx) => recordAudit(trx, { ...entry, actor: { kind: 'staff', id: staff.id }, from: fromOf(c) }));

  /** The forms within reach; their ids are the list's scope except for an admin, who reaches forms since removed too. */
  const reachOf = async (staff: StaffPrincipal) => {
    const [titles, teams] = await Promise.all([listSurveyTitles(store.db), teamTargets(store.db, 'survey')]);
    const forms = titles.filter((f) => inTeam(staff, teams.get(f.surveyId) ?? [])).map((f) => ({ surveyId: f.surveyId, title: f.title }));
    return { forms, scope: staff.role === 'admin' ? null : forms.map((f) => f.surveyId) };
  };

  const orderOf = async (staff: StaffPrincipal, orderId: string) => {
    const order = await findOrderForStaff(store.db, orderId);
    if (!order) throw refuse('payment_order_not_found');
    await requireReach(store, staff, 'survey', order.surveyId);
    return order;
  };

  ctx.route(staffPayments, async ({ staff, query, c }) => {
    const reach = await reachOf(staff);
    if (query.surveyId !== undefined) await requireReach(store, staff, 'survey', query.surveyId);
    const filter = listFilterOf(query, query.surveyId !== undefined ? [query.surveyId] : reach.scope);
    const page = await orderPage(store.db, filter, { after: decodeOrderCursor(query.cursor), limit: query.limit ?? PAGE });
    const [orders, withOrders] = await Promise.all([orderRows(store.db, page.orders), formsWithOrders(store.db, reach.scope)]);
    await audit(c, staff, {
      action: 'payment.list',
      targets: { kind: 'answer', ids: orders.map((o) => o.partitionKey) },
      detail: { filter: { ...filter, surveyIds: query.surveyId ?? null }, cursor: query.cursor ?? null },
    });
    const has = new Set(withOrders);
    return { result: 'OK' as const, data: { orders, forms: reach.forms.filter((f) => has.has(f.surveyId)), next: page.next ? encodeOrderCursor(page.next) : null } };
  });

  ctx.route(staffPaymentRefund, async ({ staff, params, body, c, commit }) => {
    const order = await orderOf(staff, params.orderId);
    const note = body.note?.trim() || null;
    const now = new Date();
    return commit(async (trx) => {
      const done = await refundByStaff(trx, ctx.deps.payment, { order, actorId: staff.id, now });
      const at = now.toISOString();
      const actor = { kind: 'staff' as const, id: staff.id, name: staff.name };
      await insertAnswerEvents(trx, [{ partitionKey: order.partitionKey, at, actor, kind: 'refund', from: String(done.from), to: String(done.to), note }]);
      await recordAudit(
        trx,
        {
          actor: { kind: 'staff', id: staff.id },
          action: 'payment.refund',
          targets: { kind: 'answer', ids: [order.partitionKey] },
          from: fromOf(c),
          detail: { surveyId: order.surveyId, orderId: order.orderId, from: done.from, to: done.to, amountWithTax: order.amountWithTax, noted: note !== null },
        },
        now,
      );
      const [row] = await orderRows(trx, [done.order]);
      if (!row) throw new Error('refunded order without its row');
      return { result: 'OK' as const, data: { order: row } };
    });
  });

  ctx.route(staffPaymentReceipt, async ({ staff, params, c }) => {
    const order = await orderOf(staff, params.orderId);
    // As for a resident: only a paid order has a receipt (a refunded one keeps it).
    if (order.phase !== 'paid') throw refuse('payment_order_not_found');
    const [facts, service, [row]] = await Promise.all([
      paidAnswerFacts(store.db, await findSurveyConfig(store.db, order.surveyId), order),
      findService(store.db, order.order.serviceId),
      orderRows(store.db, [order]),
    ]);
    await audit(c, staff, { action: 'payment.receipt', targets: { kind: 'answer', ids: [order.partitionKey] }, detail: { surveyId: order.surveyId, orderId: order.orderId } });
    return { result: 'OK' as const, data: { receipt: receiptOf(order, service, facts), addressee: row?.residentName ?? null } };
  });
};
