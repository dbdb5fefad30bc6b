/**
 * Products (商品選択: spec 02 §2 order-line dialog, §5 order validation). The value is the order's
 * lines as JSON, `[{productId, productName, productCategoryId, productCategoryName, count}]`: what
 * the resident chose, by id and with the names for reading. Prices, tax and totals are not in it:
 * they come from the catalogue when the order is built (core/rules/order.ts), and the server
 * prices the order again from its own catalogue.
 *
 * Readings chosen here:
 * - A form sells the one payment service its select-products item names (`serviceId`); the
 *   server refuses an order for any other service (core/rules/order.ts formServiceIdOf).
 * - No answer (blank) is the requiredness rule's 必須です; a list of no lines is refused with the
 *   spec's "add product details" (zero details rejected).
 * - The purchase limit is the service's, so the dialog and the server check it, not this validator.
 */
import * as z from 'zod/mini';
import { MAX_ORDER_LINES } from '../contract/payment-codes';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export interface OrderLine {
  productId: string;
  productName: string;
  productCategoryId: string | null;
  productCategoryName: string | null;
  count: number;
}

const lineSchema = z.object({
  productId: z.string().check(z.minLength(1), z.maxLength(200)),
  productName: z.string().check(z.maxLength(200)),
  productCategoryId: z._default(z.nullable(z.string().check(z.maxLength(200))), null),
  productCategoryName: z._default(z.nullable(z.string().check(z.maxLength(200))), null),
  count: z.number(),
});

/** Spec 02 §5: a quantity is a half-width integer of at least 1. */
export const QUANTITY_PATTERN = /^[0-9]+$/;
export const MAX_QUANTITY = 100_000;
export const isQuantity = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY;

/** The lines a value holds; null when it is not a list of lines. Counts are not judged here. */
export const parseOrderLines = (value: string): OrderLine[] | null => {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = z.array(lineSchema).safeParse(json);
  return parsed.success ? parsed.data : null;
};

export const orderLinesValue = (lines: readonly OrderLine[]): string => (lines.length === 0 ? '' : JSON.stringify(lines));

export const selectProductsItem = defineItem({
  type: 'selectProducts',
  configShape: () => ({
    /** The payment service the form sells (its products and tax rules). */
    serviceId: z.optional(z.string().check(z.maxLength(200))),
  }),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const lines = parseOrderLines(s);
    if (!lines || lines.length > MAX_ORDER_LINES) return [INVALID_VALUE];
    if (lines.length === 0) return [issue('orderDetailsRequired')];
    if (lines.some((l) => !isQuantity(l.count))) return [issue('quantityInteger')];
    return [];
  },
});

export const selectProductsSamples: SamplesOf<typeof selectProductsItem> = {
  configs: [{ serviceId: 'svc' }, {}],
  valid: [
    '[{"productId":"p1","productName":"接種料","productCategoryId":"c1","productCategoryName":"接種","count":2}]',
    '[{"productId":"p1","productName":"接種料","count":1},{"productId":"p2","productName":"問診票","count":3}]',
  ],
  invalid: [
    { value: '[{"productId":"p1","productName":"接種料","count":0}]', issue: { key: 'quantityInteger' } },
    { value: '[{"productId":"p1","productName":"接種料","count":1.5}]', issue: { key: 'quantityInteger' } },
    { value: '[{"productName":"接種料","count":1}]', issue: { key: 'invalidValue' } },
    { value: 'p1', issue: { key: 'invalidValue' } },
    { value: '[]', issue: { key: 'orderDetailsRequired' } },
    { value: ['[]'], issue: { key: 'invalidValue' } },
  ],
};
