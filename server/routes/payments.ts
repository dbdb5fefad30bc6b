/**
 * Payment calls of spec 02 §7: the tax setting and services, the temporary save, the order
 * handed to the card provider, payment results and receipts. A resident reads only their own
 * orders: another's id answers exactly as a missing one (404).
 *
 * The temporary save is payments/temporary-save.ts.
 * Reading: the order post's `amount` and `tax` are the order's own fields (pre-tax amount, tax);
 * the provider is sent amountWithTax as its amount.
 */
import type { Transaction } from 'kysely';
import {
  paymentConfigsService,
  paymentConfigsTaxSetting,
  paymentOrdersCreate,
  paymentOrdersRelease,
  paymentResultsGet,
  paymentResultsGetPaymentResults,
  paymentResultsList,
  paymentResultsReceipt,
  paymentResultsReceiptByKey,
  surveyResultsTemporary,
} from '@core/contract/payment';
import type { Issue } from '@core/contract/envelope';
import { taxRateInForce } from '@core/rules/tax';
import { todayInTokyo } from '@core/ja/date-input';
import type { RouteContext } from '../route-context';
import { refuse } from '@core/refusals';
import { createConfigCache } from '../store/configs';
import type { Database } from '../store/schema';
import { findService, listProducts, readTaxSetting } from '../store/payment-catalogue';
import { findUserOrder, findUserOrderOfAnswer, listUserOrders, type StoredOrder } from '../store/payment-orders';
import { paymentResultOf, receiptOf } from '../payments/results';
import { paidAnswerFacts } from '../payments/paid-answer';
import { releaseOwnOrder } from '../payments/settle';
import { temporarySave, type TemporaryDeps } from '../payments/temporary-save';
import type { PaymentProvider } from '../providers/payment';
import { PAGECON_PATH } from './payment-notification';

export interface PaymentRouteOptions {
  provider: PaymentProvider | null;
  holdMinutes: number;
  publicUrl: string;
  /** Gives back holds left unpaid past their time (its own transactions, before the request's). */
  releaseExpired: () => Promise<unknown>;
}

const notFound = () => refuse('payment_result_not_found');

export const registerPaymentRoutes = (ctx: RouteContext, opts: PaymentRouteOptions): void => {
  const { store } = ctx.deps;
  const configs = createConfigCache();

  ctx.route(paymentConfigsTaxSetting, async () => {
    const setting = await readTaxSetting(store.db);
    if (!setting) throw refuse('tax_not_set');
    return { code: 'success', data: { ...setting, taxRate: taxRateInForce(setting, todayInTokyo()) } };
  });

  ctx.route(paymentConfigsService, async ({ params, query }) => {
    const service = await findService(store.db, params.serviceId);
    if (!service) throw refuse('service_not_found');
    const { receiptCreatorName: _n, receiptDisplayAddress: _a, ...fields } = service;
    return { code: 'success', data: { ...fields, ...(query.include_products ? { products: await listProducts(store.db, service.serviceId) } : {}) } };
  });

  const temporaryDeps: TemporaryDeps = {
    db: store.db,
    configs,
    features: ctx.deps.config.features,
    provider: opts.provider,
    holdMinutes: opts.holdMinutes,
    releaseExpired: opts.releaseExpired,
  };
  ctx.route(surveyResultsTemporary, ({ body, user, commit }) => temporarySave(temporaryDeps, { body, user }, commit));

  ctx.route(paymentOrdersCreate, async ({ body, user }) => {
    const stored = await findUserOrder(store.db, user.userId, body.orderId);
    if (!stored || stored.surveyId !== body.surveyId) throw notFound();
    if (!opts.provider) throw refuse('payment_off');
    if (stored.phase !== 'pending' || stored.holdUntil < new Date().toISOString()) throw refuse('order_closed');
    const o = stored.order;
    const issues: Issue[] = [];
    const same = (path: string, sent: unknown, kept: unknown) => {
      if (sent !== kept) issues.push({ path, message: `${String(sent)} ではなく ${String(kept)} です` });
    };
    same('serviceId', body.serviceId, o.serviceId);
    same('amount', body.amount, o.amount);
    same('tax', body.tax, o.tax);
    if (body.payMethod !== undefined) same('payMethod', body.payMethod, o.payMethod);
    same('details.length', body.details.length, o.details.length);
    body.details.forEach((d, n) => {
      const k = o.details[n];
      if (!k) return;
      same(`details.${n}.productId`, d.productId, k.productId);
      same(`details.${n}.count`, d.count, k.count);
      same(`details.${n}.price`, d.price, k.price);
      same(`details.${n}.amount`, d.amount, k.amount);
      same(`details.${n}.tax`, d.tax, k.tax);
      same(`details.${n}.amountWithTax`, d.amountWithTax, k.amountWithTax);
    });
    if (issues.length > 0) throw refuse('amount_mismatch', undefined, { issues });
    const q = `orderId=${encodeURIComponent(stored.orderId)}`;
    const form = opts.provider.form(o, {
      orderId: stored.orderId,
      custCode: user.userId,
      urls: {
        success: `${opts.publicUrl}/completedPayment/${encodeURIComponent(stored.surveyId)}?${q}`,
        cancel: `${opts.publicUrl}/canceledPayment?${q}`,
        error: `${opts.publicUrl}/errorPayment?${q}`,
        pagecon: `${opts.publicUrl}${PAGECON_PATH}`,
      },
    });
    return { code: 'success', data: form };
  });

  ctx.route(paymentOrdersRelease, async ({ body, user, commit }) =>
    commit(async (trx: Transaction<Database>) => {
      const o = await releaseOwnOrder(trx, user.userId, body.orderId);
      if (!o) throw notFound();
      if (o.phase === 'paid') throw refuse('order_paid');
      return { code: 'success' as const, data: paymentResultOf(o) };
    }),
  );

  const paidOnly = (o: StoredOrder | null): StoredOrder => {
    if (!o || o.phase !== 'paid') throw notFound();
    return o;
  };

  // Before paymentResultsGet (see the contract): `/payment-results/:id` would take `receipt`.
  const factsOf = async (o: StoredOrder) => paidAnswerFacts(store.db, (await configs.refresh(store.db, o.surveyId))?.config ?? null, o);

  ctx.route(paymentResultsReceiptByKey, async ({ query, user }) => {
    const o = paidOnly(await findUserOrderOfAnswer(store.db, user.userId, query.key));
    return { code: 'success', data: receiptOf(o, await findService(store.db, o.order.serviceId), await factsOf(o)) };
  });

  ctx.route(paymentResultsReceipt, async ({ params, user }) => {
    const o = paidOnly(await findUserOrder(store.db, user.userId, params.id));
    return { code: 'success', data: receiptOf(o, await findService(store.db, o.order.serviceId), await factsOf(o)) };
  });

  ctx.route(paymentResultsGet, async ({ params, user }) => {
    const o = await findUserOrder(store.db, user.userId, params.id);
    if (!o) throw notFound();
    return { code: 'success', data: paymentResultOf(o, await factsOf(o)) };
  });

  ctx.route(paymentResultsList, async ({ body, user }) => {
    const keys = body.partitionKeys ? new Set(body.partitionKeys) : null;
    const orders = (await listUserOrders(store.db, user.userId, body.surveyId)).filter((o) => !keys || keys.has(o.partitionKey));
    return { code: 'success', data: orders.map((o) => paymentResultOf(o)) };
  });

  ctx.route(paymentResultsGetPaymentResults, async ({ body, user }) => {
    const out: StoredOrder[] = [];
    for (const key of new Set(body.keys)) {
      const o = await findUserOrderOfAnswer(store.db, user.userId, key);
      if (o) out.push(o);
    }
    return { code: 'success', data: out.map((o) => paymentResultOf(o)) };
  });
};
