/**
 * Payment calls of spec 02 §7: the tax setting and services, the temporary save, the order
 * handed to the card provider, payment results and receipts. A resident reads only their own
 * orders: another's id answers exactly as a missing one (404).
 *
 * The temporary save writes the answer through putItem's own steps (answers/write/), so its slots are claimed exactly as putItem claims them, with the rows
 * marked `status: temporary` and the order the server priced (payments/price-order.ts) beside
 * them, in one commit. The provider's notification settles both (payments/settle.ts).
 * Reading: the order post's `amount` and `tax` are the order's own fields (pre-tax amount, tax);
 * the provider is sent amountWithTax as its amount.
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
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
  type PaymentOrder,
} from '@core/contract/payment';
import type { Issue } from '@core/contract/envelope';
import { isAppending } from '@core/form/survey-config';
import { usesPayment } from '@core/rules/permissions';
import { taxRateInForce } from '@core/rules/tax';
import { needsProvider } from '@core/rules/order';
import { todayInTokyo } from '@core/ja/date-input';
import type { RouteContext } from '../route-context';
import { refuse, refusalText } from '@core/refusals';
import { badRequest, checkSubmission } from '../answers/check';
import { namedKeysOf } from '../answers/partition-key';
import { writeSubmission } from '../answers/write/write-submission';
import { createConfigCache, type StampedConfig } from '../store/configs';
import type { Database } from '../store/schema';
import { categoryLookupFor } from '../store/calendars';
import { catalogueOf, findService, listProducts, readTaxSetting } from '../store/payment-catalogue';
import { findUserOrder, findUserOrderOfAnswer, insertOrder, listUserOrders, type StoredOrder } from '../store/payment-orders';
import { paymentResultOf, receiptOf } from '../payments/results';
import { paidAnswerFacts } from '../payments/paid-answer';
import { TEMPORARY_STATUS, releaseOwnOrder } from '../payments/settle';
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

  ctx.route(surveyResultsTemporary, async ({ body, user, commit }) => {
    const surveyId = body.data[0]?.surveyId as string;
    const mixed: Issue[] = body.data.flatMap((r, n) =>
      r.surveyId === surveyId ? [] : [{ path: `data.${n}.surveyId`, message: `すべての行は同じ surveyId (${surveyId}) でなければなりません` }],
    );
    if (mixed.length > 0) throw badRequest(mixed);
    const named = namedKeysOf(body);
    if ('issues' in named) throw badRequest(named.issues);
    if (named.keys.rowsKey !== null || named.keys.revokeKey !== null) {
      throw refuse('new_answer_only', undefined, { issues: [{ path: 'data', message: refusalText('new_answer_only') }] });
    }
    const checked = await configs.refresh(store.db, surveyId);
    if (!checked || checked.config.surveyStatus !== 'enabled') throw refuse('survey_not_found');
    if (!isAppending(checked.config)) throw refuse('appending_only');
    if (!usesPayment(checked.config) || !opts.provider) throw refuse('payment_off');
    // The answer's rows checked as putItem checks them, and its order priced from them by the
    // server (payments/price-order.ts): the body's order is only compared.
    const answerOf = async (db: Kysely<Database> | Transaction<Database>, config: StampedConfig['config'] | null) => {
      const c = checkSubmission(
        config,
        { data: body.data, order: body.order },
        config ? await catalogueOf(db, config) : null,
        ctx.deps.config.features,
        config ? await categoryLookupFor(db, config, body.data) : () => null,
      );
      if (!needsProvider(c.extras.order)) throw refuse('payment_not_required');
      return { ...c, extras: { subData: null, order: c.extras.order } };
    };
    const submission = await answerOf(store.db, checked.config);
    await opts.releaseExpired();

    const orderId = crypto.randomUUID().replaceAll('-', '');
    return commit(async (trx) => {
      const written = await writeSubmission(trx, {
        checked,
        user,
        rows: submission.rows,
        extras: submission.extras,
        keys: named.keys,
        recheck: async (t) => answerOf(t, (await configs.refresh(t, surveyId))?.config ?? null),
        orderPath: 'temporary',
        rowStatus: TEMPORARY_STATUS,
      });
      const now = new Date();
      await insertOrder(trx, {
        orderId,
        surveyId,
        partitionKey: written.partitionKey,
        userId: user.userId,
        order: written.extras.order as PaymentOrder,
        holdUntil: new Date(now.getTime() + opts.holdMinutes * 60_000).toISOString(),
        now: now.toISOString(),
      });
      return { code: 'success' as const, orderId };
    });
  });

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
