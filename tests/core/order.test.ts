/** The order a products answer carries (core/rules/order.ts): priced as the server prices it. */
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import type { PaymentService, TaxSetting } from '@core/contract/payment';
import { surveyConfigSchema } from '@core/form/survey-config';
import { parseOrderLines, orderLinesValue } from '@core/items/select-products';
import { buildOrder, chosenDetailsOf, formServiceIdOf, offeredProducts, reservedItemsOf, takesPaymentPath } from '@core/rules/order';

const today = Temporal.PlainDate.from('2026-01-10');
const service: PaymentService = {
  serviceSortKey: 'svc',
  serviceId: 'svc',
  serviceName: '予防接種',
  taxType: 0,
  calculationType: 0,
  roundingType: 0,
  purchaseLimit: 5,
  reservationCostType: 0,
  products: [
    { productId: 'p2', productName: '問診票', price: 550, taxableType: 1, order: 2, productCategories: [] },
    { productId: 'p1', productName: '接種料', price: 1000, taxableType: 0, order: 1, productCategories: [{ id: 'c1', name: '接種' }] },
    { productId: 'p3', productName: '予約料', price: 300, taxableType: 0, order: 0, productCategories: [], reservationPaymentItemId: 'a_b' },
  ],
};
const tax: TaxSetting = { taxRate: null, taxRates: [{ applyDate: '2019-10-01', value: 10 }, { applyDate: '2099-01-01', value: 12 }], roundingType: 0, calculationType: 0, taxType: 0, reservationCostType: 0 };
const lines = [
  { productId: 'p1', productName: '接種料', productCategoryId: 'c1', productCategoryName: '接種', count: 2 },
  { productId: 'p2', productName: '問診票', productCategoryId: null, productCategoryName: null, count: 1 },
];

describe('buildOrder', () => {
  it('prices the lines as the server fixture does: 2,550 + 200 tax = 2,750', () => {
    const r = buildOrder(lines, service, tax, 0, today);
    if (!('order' in r) || !r.order) throw new Error(JSON.stringify(r));
    expect(r.order).toMatchObject({ amount: 2550, tax: 200, amountWithTax: 2750, taxRate: 10, payMethod: 'credit', selectedPayType: 0 });
    expect(r.order.details.map((d) => [d.detailId, d.productId, d.amount, d.tax, d.productCategoryName])).toEqual([
      [1, 'p1', 2000, 200, '接種'],
      [2, 'p2', 550, 0, null],
    ]);
  });
  it('refuses a missing rate, a product no longer sold and the purchase limit', () => {
    expect(buildOrder(lines, service, null, 0, today)).toEqual({ kind: 'taxNotSet' });
    expect(buildOrder([{ ...lines[0]!, productId: 'gone' }], service, tax, 0, today)).toEqual({ kind: 'productGone', productId: 'gone' });
    expect(buildOrder([{ ...lines[0]!, count: 6 }], service, tax, 0, today)).toEqual({ kind: 'purchaseLimit', limit: 5 });
  });
  it('cash is marked as such', () => {
    const r = buildOrder(lines, service, tax, 1, today);
    expect('order' in r && r.order?.payMethod).toBe('cash');
  });
});

describe('a booking brings its products', () => {
  it('adds one of each product of a booked reservation item after the chosen lines', () => {
    const r = buildOrder(lines, service, tax, 0, today, new Set(['a_b']));
    if (!('order' in r) || !r.order) throw new Error(JSON.stringify(r));
    expect(r.order.details.map((d) => [d.detailId, d.productId, d.count, d.amount])).toEqual([
      [1, 'p1', 2, 2000],
      [2, 'p2', 1, 550],
      [3, 'p3', 1, 300],
    ]);
    expect(r.order.amountWithTax).toBe(2750 + 330);
    expect(chosenDetailsOf(r.order.details).map((d) => d.productId)).toEqual(['p1', 'p2']);
  });
  it('prices a booking alone, with no chosen line; nothing booked and nothing chosen is no order', () => {
    const r = buildOrder([], service, tax, 1, today, new Set(['a_b']));
    expect('order' in r && r.order?.amountWithTax).toBe(330);
    expect(buildOrder([], service, tax, 0, today, new Set(['x_y']))).toEqual({ order: null });
  });
  it('refuses a booking product chosen on its own, and leaves booking lines out of the purchase limit', () => {
    expect(buildOrder([{ ...lines[0]!, productId: 'p3', count: 1 }], service, tax, 0, today, new Set(['a_b']))).toEqual({ kind: 'productGone', productId: 'p3' });
    const five = [{ ...lines[0]!, count: 5 }];
    expect('order' in buildOrder(five, service, tax, 0, today, new Set(['a_b']))).toBe(true);
  });
  it('reads the booked items from the reservation items only', () => {
    const cfg = { surveySchema: [{ itemKey: 'r', type: 'reservation' }, { itemKey: 't', type: 'text' }] } as never;
    expect([...reservedItemsOf(cfg, { r: 'a_b|2026-01-12|1', t: 'c_d|2026-01-12|1' })]).toEqual(['a_b']);
    expect([...reservedItemsOf(cfg, { r: '' })]).toEqual([]);
  });
});

describe('payment path and service', () => {
  const base = { usePayment: 1 as const, isAppending: { value: true } };
  it('applies only to a new cashless order above 0 on an appending payment form', () => {
    const o = { selectedPayType: 0 as const, amountWithTax: 100 };
    expect(takesPaymentPath(base, o)).toBe(true);
    expect(takesPaymentPath({ ...base, usePayment: 0 }, o)).toBe(false);
    expect(takesPaymentPath({ usePayment: 1 }, o)).toBe(false);
    expect(takesPaymentPath(base, { ...o, selectedPayType: 1 })).toBe(false);
    expect(takesPaymentPath(base, { ...o, amountWithTax: 0 })).toBe(false);
    expect(takesPaymentPath(base, { ...o, status: 0 })).toBe(false);
    expect(takesPaymentPath(base, null)).toBe(false);
  });
  it('a form sells the service its products item names', () => {
    const cfg = surveyConfigSchema.parse({
      surveyId: 's',
      surveyTitle: 't',
      surveySchema: [
        { itemKey: 'n', type: 'text', title: '名前' },
        { itemKey: 'p', type: 'selectProducts', title: '商品', serviceId: 'svc' },
      ],
    });
    expect(formServiceIdOf(cfg)).toBe('svc');
    expect(formServiceIdOf({ surveySchema: [] })).toBeNull();
  });
  it('offers products by order then name, without those sold with a booking', () => {
    expect(offeredProducts(service.products ?? []).map((p) => p.productId)).toEqual(['p1', 'p2']);
  });
  it('lines round-trip through the value', () => {
    expect(parseOrderLines(orderLinesValue(lines))).toEqual(lines);
    expect(orderLinesValue([])).toBe('');
    expect(parseOrderLines('{')).toBeNull();
  });
});
