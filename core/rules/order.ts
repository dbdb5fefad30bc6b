/**
 * The order a form's answer carries (spec 02 §3–§5, §9), built from the products item's lines,
 * the service's catalogue and the tax setting with the rules of tax.ts; and whether the answer
 * takes the payment path. The client builds it for display and sending; the server prices it
 * again from its own catalogue (server/payments/price-order.ts) and refuses a difference.
 *
 * Readings chosen here:
 * - A form sells one payment service: the one its select-products item names (`serviceId`). The
 *   server refuses a temporary save whose order names another service, or any order on a form
 *   that names none; /calendars/reservation-payment-products narrows to it with ?serviceId=.
 * - Products sold with a booking (reservationPaymentItemId) are not offered in the order-line
 *   dialog: they belong to the reservation, not to the resident's free choice. The order carries
 *   one of each for every reservation item the answer books (bookingLinesOf), after the products
 *   item's lines; the products item's value holds the resident's own lines only.
 * - The payment path (決済画面へ): payment on, an appending form, a new answer (the order has no
 *   status), pay type not cash and an amount above 0. Otherwise the order rides with putItem.
 */
import type { Temporal } from 'temporal-polyfill';
import type { OrderDetail, PaymentOrder, PaymentProduct, PaymentService, TaxSetting } from '../contract/payment';
import { PAY_TYPE, type PayType } from '../contract/payment-codes';
import type { SurveyConfig } from '../form/survey-config';
import { isAppending } from '../form/survey-config';
import type { OrderLine } from '../items/select-products';
import { usesPayment } from './permissions';
import { isReservationItem, parseReservationValue } from './reservation-value';
import { exceedsPurchaseLimit, orderAmounts, reservationCostOf, taxRateInForce, type LineAmounts, type OrderAmounts, type PricedLine } from './tax';

type Schema = Pick<SurveyConfig, 'surveySchema'>;

/** The service a form sells: its (first) select-products item's serviceId; null when none. */
export const formServiceIdOf = (config: Schema): string | null => {
  for (const item of config.surveySchema) {
    if (item.type === 'selectProducts') return item.serviceId ?? null;
  }
  return null;
};

const sortedProducts = (products: readonly PaymentProduct[]): PaymentProduct[] =>
  [...products].sort((a, b) => a.order - b.order || (a.productName < b.productName ? -1 : a.productName > b.productName ? 1 : 0));

/**
 * The lines a booking brings (spec 02 §3 reservationPaymentItemId): one of each product sold with
 * a reservation item the answer books, in catalogue order. They are the order's, not the resident's
 * to add or remove; they follow the resident's own lines in the order.
 */
export const bookingLinesOf = (products: readonly PaymentProduct[], reservedItems: ReadonlySet<string>): OrderLine[] =>
  sortedProducts(products.filter((p) => p.reservationPaymentItemId !== undefined && p.reservationPaymentItemId !== null && reservedItems.has(p.reservationPaymentItemId))).map(
    (p) => ({ productId: p.productId, productName: p.productName, productCategoryId: null, productCategoryName: null, count: 1 }),
  );

/** The reservation items (`{categoryId}_{itemId}`) an answer's reservation values book. */
export const reservedItemsOf = (config: Schema, values: Readonly<Record<string, unknown>>): Set<string> => {
  const out = new Set<string>();
  for (const item of config.surveySchema) {
    if (!isReservationItem(item)) continue;
    const v = values[item.itemKey];
    const parsed = typeof v === 'string' ? parseReservationValue(v) : null;
    if (parsed) out.add(`${parsed.categoryId}_${parsed.itemId}`);
  }
  return out;
};

/** Spec 02 §9: products by order, then name. Booking products are left out (see the header). */
export const offeredProducts = (products: readonly PaymentProduct[]): PaymentProduct[] => sortedProducts(products.filter((p) => !p.reservationPaymentItemId));

export type OrderProblem =
  | { kind: 'taxNotSet' }
  | { kind: 'productGone'; productId: string }
  | { kind: 'purchaseLimit'; limit: number };

/**
 * The order for `lines` under the service and the tax setting on `today`. detailId counts from 1
 * in line order (renumbered after a removal, spec 02 §3).
 */
/**
 * The order's line n as the catalogue has it: names, price, cost and booking from the product,
 * the figures from the computed amounts; only the category chosen and the count come from the line.
 */
export const detailOf = (
  n: number,
  p: PaymentProduct,
  line: { productCategoryId?: string | null | undefined; count: number },
  a: LineAmounts,
): OrderDetail => {
  const category = p.productCategories.find((c) => c.id === line.productCategoryId) ?? null;
  return {
    detailId: n + 1,
    productCategoryId: category?.id ?? null,
    productCategoryName: category?.name ?? null,
    productId: p.productId,
    productName: p.productName,
    price: p.price,
    count: line.count,
    tax: a.tax,
    amount: a.amount,
    amountWithTax: a.amountWithTax,
    taxableType: p.taxableType,
    ...(p.cost === undefined ? {} : { cost: p.cost }),
    ...(p.reservationPaymentItemId ? { reservationPaymentItemId: p.reservationPaymentItemId } : {}),
  };
};

/** What an order takes from its service and its computed figures, whoever computed them. */
export const figuresOf = (
  service: Omit<PaymentService, 'products'>,
  details: OrderDetail[],
  amounts: OrderAmounts,
  rate: number,
  priced: readonly PricedLine[],
) => ({
  serviceSortKey: service.serviceSortKey,
  serviceId: service.serviceId,
  serviceName: service.serviceName,
  details,
  tax: amounts.tax,
  amount: amounts.amount,
  amountWithTax: amounts.amountWithTax,
  taxRate: rate,
  calculationType: service.calculationType,
  roundingType: service.roundingType,
  taxType: service.taxType,
  reservationCostType: service.reservationCostType,
  reservationCost: reservationCostOf(priced, service.reservationCostType),
});

/**
 * The order for the resident's `chosen` lines plus the lines the booked reservation items bring
 * (bookingLinesOf), under the service and the tax setting on `today`: what the client shows and
 * sends, and what the server charges (server/payments/price-order.ts). Null: nothing to buy.
 */
export const buildOrder = (
  chosen: readonly OrderLine[],
  service: PaymentService,
  taxSetting: TaxSetting | null,
  payType: PayType,
  today: Temporal.PlainDate,
  reservedItems: ReadonlySet<string> = new Set(),
): { order: PaymentOrder | null } | OrderProblem => {
  const lines = [...chosen, ...bookingLinesOf(service.products ?? [], reservedItems)];
  if (lines.length === 0) return { order: null };
  const rate = taxSetting ? taxRateInForce(taxSetting, today) : null;
  if (rate === null) return { kind: 'taxNotSet' };
  const byId = new Map((service.products ?? []).map((p) => [p.productId, p]));
  const products: PaymentProduct[] = [];
  for (const [n, l] of lines.entries()) {
    const p = byId.get(l.productId);
    // A booking's product is the booking's: the resident cannot choose it on its own.
    if (!p || (n < chosen.length && p.reservationPaymentItemId)) return { kind: 'productGone', productId: l.productId };
    products.push(p);
  }
  // The limit is on what the resident buys: a booking's own lines do not count against it.
  if (exceedsPurchaseLimit(service.purchaseLimit, chosen.map((l) => l.count))) return { kind: 'purchaseLimit', limit: service.purchaseLimit };
  const rule = { rate, taxType: service.taxType, calculationType: service.calculationType, roundingType: service.roundingType };
  const priced = lines.map((l, n) => {
    const p = products[n] as PaymentProduct;
    return { price: p.price, count: l.count, taxableType: p.taxableType, cost: p.cost, reservationPaymentItemId: p.reservationPaymentItemId ?? null };
  });
  const amounts = orderAmounts(priced, rule);
  const details = lines.map((l, n) => detailOf(n, products[n] as PaymentProduct, l, amounts.lines[n] as LineAmounts));
  return {
    order: {
      ...figuresOf(service, details, amounts, rate, priced),
      ...(payType === PAY_TYPE.cash ? { payMethod: 'cash' as const } : { payMethod: 'credit' as const }),
      selectedPayType: payType,
    },
  };
};

/** The lines the resident chose, without those a booking brought. */
export const chosenDetailsOf = <D extends Pick<OrderDetail, 'reservationPaymentItemId'>>(details: readonly D[]): D[] =>
  details.filter((d) => !d.reservationPaymentItemId);

/**
 * Whether the products item's lines are the order's: the same products, categories and counts in
 * the same order. The server refuses an answer whose stored lines would say otherwise than the
 * order it charges for.
 */
export const linesMatchOrder = (
  lines: readonly { productId: string; productCategoryId?: string | null | undefined; count: number }[],
  details: readonly Pick<OrderDetail, 'productId' | 'productCategoryId' | 'count'>[],
): boolean =>
  lines.length === details.length &&
  lines.every((l, n) => {
    const d = details[n] as (typeof details)[number];
    return l.productId === d.productId && l.count === d.count && (l.productCategoryId ?? null) === (d.productCategoryId ?? null);
  });

/**
 * Spec 02 §4: an order that only the card provider may settle — cashless, above 0. Any other
 * (cash, or costing nothing) rides with the answer's putItem; this one only through the temporary
 * save and the provider's verified notification.
 */
export const needsProvider = (order: Pick<PaymentOrder, 'selectedPayType' | 'amountWithTax'> | null): boolean =>
  order !== null && order.selectedPayType !== PAY_TYPE.cash && order.amountWithTax > 0;

/** Spec 02 §4: whether sending goes through the card provider (決済画面へ) rather than putItem. */
export const takesPaymentPath = (
  config: Pick<SurveyConfig, 'usePayment' | 'isAppending'>,
  order: Pick<PaymentOrder, 'status' | 'selectedPayType' | 'amountWithTax'> | null,
): boolean => usesPayment(config) && isAppending(config) && order !== null && order.status === undefined && needsProvider(order);
