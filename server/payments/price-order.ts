/**
 * The order an answer carries, as the server prices it (spec 02 §3, §5, §9): built from the
 * answer's own rows — the products item's lines, the pay type item and the booked reservation
 * items — with core/rules/order.ts buildOrder over the stored catalogue and tax setting, the very
 * rule the client shows. The client's order is only compared, never used: any difference is
 * refused and nothing is written. Every write that carries or implies an order goes through here
 * (putItem, the temporary save, an amend). Pure.
 *
 * Readings chosen here:
 * - The rate is the one in force today in Asia/Tokyo (the caller passes today); the service's
 *   tax type, calculation and rounding govern (payment-bundle.ts).
 * - The pay type is the pay type item's answer; with no answer, the order's, else the item's
 *   first offered type. It must be one the item offers residents (default: cashless only). In
 *   admin mode (the office's registration) it is cash, whatever the item offers (spec 02 §5).
 * - Products sold with a booking come with it (bookingLinesOf) and are charged whether or not the
 *   client listed them; a client order without them is a mismatch.
 * - A form that does not take orders (no payment, or not appending) refuses an order, and a
 *   payment form that is not appending refuses an answer that would buy anything.
 * - Whether the order may be stored without the provider is core/rules/order.ts needsProvider,
 *   decided by the write once it knows whether the answer is new (answers/extras.ts).
 */
import type { Temporal } from 'temporal-polyfill';
import type { Issue } from '@core/contract/envelope';
import { Refusal, refuse, refusalText } from '@core/refusals';
import type { AnswerRowInput } from '@core/contract/survey';
import type { PaymentOrder, PaymentProduct, TaxSetting } from '@core/contract/payment';
import { isAppending, type ServedSurveyConfig } from '@core/form/survey-config';
import { parseOrderLines } from '@core/items/select-products';
import { payTypeOfValue, payTypesOf } from '@core/items/select-pay-type';
import type { Mode } from '@core/items/define';
import { PAY_TYPE } from '@core/contract/payment-codes';
import { buildOrder, formServiceIdOf, reservedItemsOf } from '@core/rules/order';
import { usesPayment } from '@core/rules/permissions';
import { taxRateInForce } from '@core/rules/tax';
import type { ServiceRecord } from '../store/payment-catalogue';

/** Why an answer's order is refused (400 each, core/refusals.ts), with the field it concerns. */
export type PricingRefusal = Refusal;

export interface Catalogue {
  service: ServiceRecord | null;
  products: readonly PaymentProduct[];
  taxSetting: TaxSetting | null;
}

type PricingCode =
  | 'order_not_taken'
  | 'order_service_not_found'
  | 'order_tax_not_set'
  | 'order_tax_not_found'
  | 'product_not_found'
  | 'amount_mismatch'
  | 'appending_only'
  | 'pay_type_not_offered';

/** The refusal with its own text as the issue's message, at `path`. */
const refuseAt = (code: PricingCode, path: string): PricingRefusal => refuse(code, undefined, { issues: [{ path, message: refusalText(code) }] });

export const isPricingRefusal = (x: { order: PaymentOrder | null } | PricingRefusal): x is PricingRefusal => x instanceof Refusal;

/** What differs between the client's order and the server's, field by field. */
const differences = (sent: PaymentOrder, built: PaymentOrder): Issue[] => {
  const issues: Issue[] = [];
  const same = (path: string, a: unknown, b: unknown) => {
    if ((a ?? null) !== (b ?? null)) issues.push({ path, message: `${String(a)} ではなく ${String(b)} です` });
  };
  same('order.details.length', sent.details.length, built.details.length);
  built.details.forEach((b, n) => {
    const s = sent.details[n];
    if (!s) return;
    const at = `order.details.${n}`;
    same(`${at}.detailId`, s.detailId, b.detailId);
    same(`${at}.productId`, s.productId, b.productId);
    same(`${at}.productCategoryId`, s.productCategoryId, b.productCategoryId);
    same(`${at}.count`, s.count, b.count);
    same(`${at}.price`, s.price, b.price);
    same(`${at}.taxableType`, s.taxableType, b.taxableType);
    same(`${at}.amount`, s.amount, b.amount);
    same(`${at}.tax`, s.tax, b.tax);
    same(`${at}.amountWithTax`, s.amountWithTax, b.amountWithTax);
  });
  same('order.serviceId', sent.serviceId, built.serviceId);
  same('order.selectedPayType', sent.selectedPayType, built.selectedPayType);
  same('order.amount', sent.amount, built.amount);
  same('order.tax', sent.tax, built.tax);
  same('order.amountWithTax', sent.amountWithTax, built.amountWithTax);
  same('order.taxRate', sent.taxRate, built.taxRate);
  same('order.taxType', sent.taxType, built.taxType);
  same('order.calculationType', sent.calculationType, built.calculationType);
  same('order.roundingType', sent.roundingType, built.roundingType);
  same('order.reservationCostType', sent.reservationCostType, built.reservationCostType);
  return issues;
};

/**
 * The server's order for an answer's rows (null: it buys nothing), or why not. `sent`: the order
 * the client sent, compared with it. `cat`: the form's service, its products and the tax setting
 * (null when the form sells nothing).
 */
export const priceAnswer = (
  config: Pick<ServedSurveyConfig, 'surveySchema' | 'usePayment' | 'isAppending'>,
  rows: readonly AnswerRowInput[],
  sent: PaymentOrder | null,
  cat: Catalogue | null,
  today: Temporal.PlainDate,
  mode: Mode = 'user',
): { order: PaymentOrder | null } | PricingRefusal => {
  if (!usesPayment(config)) return sent ? refuseAt('order_not_taken', 'order') : { order: null };
  const valueOf = (type: string): string | undefined => {
    const key = config.surveySchema.find((i) => i.type === type)?.itemKey;
    return key === undefined ? undefined : rows.find((r) => r.itemKey === key)?.value;
  };
  const chosen = parseOrderLines(valueOf('selectProducts') ?? '') ?? [];
  const reserved = reservedItemsOf(config, Object.fromEntries(rows.map((r) => [r.itemKey, r.value])));

  const payTypeItem = config.surveySchema.find((i) => i.type === 'selectPayType');
  const offered = payTypesOf(payTypeItem && 'payTypeOptions' in payTypeItem ? payTypeItem : {}, mode);
  const payType = mode === 'admin' ? PAY_TYPE.cash : (payTypeOfValue(valueOf('selectPayType')) ?? sent?.selectedPayType ?? (offered[0] as (typeof offered)[number]));

  const serviceId = formServiceIdOf(config);
  const service = cat?.service && cat.service.serviceId === serviceId ? cat.service : null;
  if (sent && (!service || sent.serviceId !== service.serviceId)) return refuseAt('order_service_not_found', 'order.serviceId');
  if (!service || !cat) return chosen.length > 0 ? refuseAt('order_service_not_found', 'order.serviceId') : { order: null };

  const built = buildOrder(chosen, { ...service, products: [...cat.products] }, cat.taxSetting, payType, today, reserved);
  if ('kind' in built) {
    if (built.kind === 'taxNotSet') return refuse(cat.taxSetting && taxRateInForce(cat.taxSetting, today) === null ? 'order_tax_not_found' : 'order_tax_not_set', undefined, { issues: [] });
    if (built.kind === 'productGone') return refuseAt('product_not_found', 'order.details');
    const params = { limit: built.limit };
    return refuse('purchase_limit', params, { issues: [{ path: 'order.details', message: refusalText('purchase_limit', params) }] });
  }
  if (built.order === null) return sent && sent.details.length > 0 ? refuseAt('amount_mismatch', 'order.details.length') : { order: null };
  // Spec 02 §4: payment is only for appending-type surveys.
  if (!isAppending(config)) return refuseAt('appending_only', 'order');
  if (!offered.includes(payType)) return refuseAt('pay_type_not_offered', 'order.selectedPayType');
  // A card order may name the provider's method the resident picks (credit3d2, paypay…).
  const order = sent?.payMethod && sent.payMethod !== 'cash' && built.order.payMethod !== 'cash' ? { ...built.order, payMethod: sent.payMethod } : built.order;
  if (sent) {
    const issues = differences(sent, order);
    if (issues.length > 0) return refuse('amount_mismatch', undefined, { issues });
  }
  return { order };
};
