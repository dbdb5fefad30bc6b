/**
 * The payment path's pure decisions, with no database: pricing against the catalogue, the
 * provider form's hash and request date, and what a notification does to an order.
 */
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { paymentOrderSchema, paymentProductSchema, taxSettingSchema } from '../../core/contract/payment';
import { priceAnswer, type Catalogue } from '../../server/payments/price-order';
import { NOTIFICATION_FIELDS, fieldsOfForm, hashOf, notificationOf, paymentFields, requestDateOf, signFields, signNotification, verifyFields, type Notification } from '../../server/payments/sps-form';
import { decide } from '../../server/payments/notification';
import type { StoredOrder } from '../../server/store/payment-orders';
import { order, productsRow, service, taxSetting, withBookingFee } from './payment-fixture';

const today = Temporal.PlainDate.from('2026-04-01');
const catalogue = (over: Partial<Catalogue> = {}): Catalogue => {
  const { products, ...fields } = service;
  return {
    service: { ...fields, serviceSortKey: 'svc', taxType: 0, calculationType: 0, roundingType: 0, reservationCostType: 0 } as Catalogue['service'],
    products: products.map((p) => paymentProductSchema.parse(p)),
    taxSetting: taxSettingSchema.parse({ taxRate: null, ...taxSetting }),
    ...over,
  };
};
const form = (over: Record<string, unknown> = {}) => ({
  usePayment: 1 as const,
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'yoyaku', type: 'reservation' },
    { itemKey: 'shohin', type: 'selectProducts', serviceId: 'svc' },
    { itemKey: 'pay', type: 'selectPayType', payTypeOptions: [0, 1] },
  ],
  ...over,
}) as unknown as Parameters<typeof priceAnswer>[0];
const lines = JSON.parse(productsRow('f').value) as unknown[];
const rows = (o: { booking?: string; payType?: string; lines?: unknown[] } = {}) => [
  { surveyId: 'f', itemKey: 'yoyaku', value: `${o.booking ?? 'naika-b_v1'}|2026-04-02|1` },
  { surveyId: 'f', itemKey: 'shohin', value: JSON.stringify(o.lines ?? lines) },
  ...(o.payType === undefined ? [] : [{ surveyId: 'f', itemKey: 'pay', value: o.payType }]),
];
const sent = (over: Record<string, unknown> = {}) => paymentOrderSchema.parse(order(over));
const price = (r = rows(), s: ReturnType<typeof sent> | null = sent(), c: Catalogue | null = catalogue(), day = today, f = form()) => priceAnswer(f, r, s, c, day);

describe('priceAnswer', () => {
  it('prices the rows from the catalogue and the rate in force, whatever the client sent or left out', () => {
    expect(price()).toMatchObject({ order: { amount: 2550, tax: 200, amountWithTax: 2750, taxRate: 10, payMethod: 'credit', selectedPayType: 0 } });
    expect(price(rows(), null)).toMatchObject({ order: { amountWithTax: 2750 } });
  });

  it('adds the booking fee of the booked item, and refuses an order that leaves it out', () => {
    const fee = price(rows({ booking: 'naika-d2_d' }), paymentOrderSchema.parse(withBookingFee()));
    expect(fee).toMatchObject({ order: { amountWithTax: 3300, reservationCost: 1 } });
    expect('order' in fee && fee.order?.details.map((d) => d.productId)).toEqual(['p1', 'p2', 'p3']);
    const without = price(rows({ booking: 'naika-d2_d' }));
    expect('issues' in without && without.issues?.map((i) => i.path)).toEqual(['order.details.length', 'order.amount', 'order.tax', 'order.amountWithTax']);
  });

  it('uses the rate of the day: a later entry once its date has come', () => {
    const r = price(rows(), sent(), catalogue(), Temporal.PlainDate.from('2099-01-01'));
    expect(r).toMatchObject({ code: 'amount_mismatch' });
    expect('issues' in r && r.issues?.map((i) => i.path)).toContain('order.taxRate');
  });

  it('refuses a missing tax setting, an unknown product or service, and the purchase limit', () => {
    expect(price(rows(), sent(), catalogue({ taxSetting: null }))).toMatchObject({ code: 'order_tax_not_set' });
    expect(price(rows(), sent(), catalogue({ taxSetting: taxSettingSchema.parse({ ...taxSetting, taxRate: null, taxRates: [] }) }))).toMatchObject({
      code: 'order_tax_not_found',
      message: '適用される税率が見つかりません。管理者にお問い合わせください。',
    });
    expect(price(rows(), sent(), catalogue({ service: null }))).toMatchObject({ code: 'order_service_not_found', message: '決済サービスが見つかりません。' });
    expect(price(rows(), sent(), catalogue({ products: [] }))).toMatchObject({ code: 'product_not_found', message: '商品が見つかりません。' });
    const over = catalogue();
    expect(price(rows(), sent(), { ...over, service: { ...(over.service as NonNullable<Catalogue['service']>), purchaseLimit: 2 } })).toMatchObject({
      code: 'purchase_limit',
      message: '全体で2個まで購入可能です。',
    });
  });

  it('sells a booking product only with its booking', () => {
    const own = [{ productId: 'p3', productName: '予約料', productCategoryId: null, productCategoryName: null, count: 1 }];
    expect(price(rows({ lines: own }), null)).toMatchObject({ code: 'product_not_found', message: '商品が見つかりません。' });
  });

  it('reads the pay type from its item; it must be offered and the order must say the same', () => {
    expect(price(rows({ payType: '1' }), null)).toMatchObject({ order: { selectedPayType: 1, payMethod: 'cash' } });
    expect(price(rows({ payType: '1' }), sent())).toMatchObject({ code: 'amount_mismatch', issues: [{ path: 'order.selectedPayType' }] });
    const cardOnly = form({ surveySchema: [{ itemKey: 'yoyaku', type: 'reservation' }, { itemKey: 'shohin', type: 'selectProducts', serviceId: 'svc' }] });
    expect(price(rows(), sent({ selectedPayType: 1, payMethod: 'cash' }), catalogue(), today, cardOnly)).toMatchObject({
      code: 'pay_type_not_offered',
      message: 'この支払い方法はご利用いただけません。',
    });
  });

  it('a form that takes no orders refuses one; a payment form that is not appending refuses a purchase', () => {
    expect(price(rows(), sent(), catalogue(), today, form({ usePayment: 0 }))).toMatchObject({ code: 'order_not_taken', message: 'このフォームは商品の購入を受け付けていません。' });
    expect(price(rows(), null, null, today, form({ usePayment: 0 }))).toEqual({ order: null });
    expect(price(rows(), null, catalogue(), today, form({ isAppending: undefined }))).toMatchObject({ code: 'appending_only' });
  });

  it('nothing chosen and nothing booked with a fee is no order', () => {
    expect(price([{ surveyId: 'f', itemKey: 'yoyaku', value: 'naika-b_v1|2026-04-02|1' }], null)).toEqual({ order: null });
  });

  it('names every figure that differs', () => {
    const r = price(rows(), sent({ tax: 199, amountWithTax: 2749 }));
    expect('issues' in r && r.issues?.map((i) => i.path)).toEqual(['order.tax', 'order.amountWithTax']);
  });
});

describe('the provider form', () => {
  const merchant = { merchantId: 'm1', serviceId: 's1', hashKey: 'secret' };
  const priced = (price() as { order: ReturnType<typeof sent> }).order;
  const fields = paymentFields(priced, merchant, {
    orderId: 'o1',
    custCode: 'U1',
    urls: { success: 'https://x/s', cancel: 'https://x/c', error: 'https://x/e', pagecon: 'https://x/p' },
    now: Temporal.Instant.from('2026-03-31T15:04:05Z'),
  });

  it('signs the values in order, then the key, with SHA1', () => {
    const values = fields.slice(0, -1).map((f) => f.value).join('');
    expect(values.startsWith('creditm1s1U1o1svc予防接種2002750')).toBe(true);
    expect(fields.at(-1)).toEqual({ name: 'sps_hashcode', value: hashOf(fields.slice(0, -1), 'secret') });
    expect(hashOf([{ name: 'a', value: 'abc' }], '')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(verifyFields(fields, 'secret')).toBe(true);
    expect(verifyFields(fields, 'other')).toBe(false);
    expect(verifyFields(fields.map((f) => (f.name === 'amount' ? { ...f, value: '1' } : f)), 'secret')).toBe(false);
    expect(verifyFields(fields.slice(0, -1), 'secret')).toBe(false);
    expect(verifyFields([...fields, fields.at(-1) as (typeof fields)[0]], 'secret')).toBe(false);
  });

  it('dates the request in Tokyo time', () => {
    expect(requestDateOf(Temporal.Instant.from('2026-03-31T15:04:05Z'))).toBe('20260401000405');
    expect(fields.find((f) => f.name === 'request_date')?.value).toBe('20260401000405');
  });

  it('reads a form body in the order received', () => {
    const signed = signFields([{ name: 'b', value: '2' }, { name: 'a', value: '日本' }], 'k');
    const body = new URLSearchParams(signed.map((f) => [f.name, f.value])).toString();
    expect(fieldsOfForm(body)).toEqual(signed);
  });
});

describe('a notification', () => {
  const stored = (phase: StoredOrder['phase'], payMethod = 'credit'): StoredOrder =>
    ({ orderId: 'o1', userId: 'U1', phase, amountWithTax: 2750, order: sent({ payMethod }) }) as unknown as StoredOrder;
  const m = { merchantId: 'm1', serviceId: 's1' };
  const note = (res: string, amount = '2750', payMethod = 'credit'): Notification => ({
    pay_method: payMethod,
    merchant_id: 'm1',
    service_id: 's1',
    cust_code: 'U1',
    order_id: 'o1',
    item_id: 'svc',
    item_name: '予防接種',
    tax: '200',
    amount,
    res_result: res,
    res_tracking_id: 't1',
    res_payment_date: '',
    res_err_code: '',
    res_date: '20260101120000',
  });

  it.each([
    ['OK on a pending card order: credit authorised', 'pending', note('OK'), { kind: 'pay', status: 3, afterRelease: false }],
    ['OK by PayPay: completed', 'pending', note('OK', '2750', 'paypay'), { kind: 'refuse', reason: 'pay_method differ from the order' }],
    ['NG on pending: failed', 'pending', note('NG'), { kind: 'fail' }],
    ['CN on pending: failed', 'pending', note('CN'), { kind: 'fail' }],
    ['OK again once paid', 'paid', note('OK'), { kind: 'unchanged' }],
    ['NG once paid', 'paid', note('NG'), { kind: 'unchanged' }],
    ['NG again once failed', 'failed', note('NG'), { kind: 'unchanged' }],
    ['OK after the hold was given back', 'expired', note('OK'), { kind: 'pay', status: 3, afterRelease: true }],
    ['a wrong amount', 'pending', note('OK', '2749'), { kind: 'refuse', reason: 'amount differ from the order' }],
    ['an unknown result', 'pending', note('XX'), { kind: 'refuse', reason: 'res_result is not OK, NG or CN' }],
  ] as const)('%s', (_name, phase, fields, expected) => {
    expect(decide(stored(phase), fields, m)).toEqual(expected);
  });

  it('refuses an unknown order and another merchant', () => {
    expect(decide(null, note('OK'), m).kind).toBe('refuse');
    expect(decide(stored('pending'), note('OK'), { ...m, merchantId: 'm2' }).kind).toBe('refuse');
  });

  it('a PayPay order paid by PayPay is completed, not authorised', () => {
    expect(decide(stored('pending', 'paypay'), note('OK', '2750', 'paypay'), m)).toEqual({ kind: 'pay', status: 0, afterRelease: false });
  });

  it('refuses a notification whose customer, service, name or tax is not the order\'s', () => {
    for (const [k, v] of [['cust_code', 'U2'], ['item_id', 'svc2'], ['item_name', '別'], ['tax', '0'], ['order_id', 'o2']] as const) {
      expect(decide(stored('pending'), { ...note('OK'), [k]: v }, m)).toEqual({ kind: 'refuse', reason: `${k} differ from the order` });
    }
  });
});

describe('reading a notification', () => {
  const key = 'secret';
  const n: Notification = {
    pay_method: 'credit', merchant_id: 'm1', service_id: 's1', cust_code: 'U1', order_id: 'o1', item_id: 'svc', item_name: '予防接種',
    tax: '200', amount: '2750', res_result: 'OK', res_tracking_id: 't1', res_payment_date: '20260101120000', res_err_code: '', res_date: '20260101120000',
  };
  const signed = signNotification(n, key);

  it('takes the provider\'s fields in any order, hashed in the provider\'s', () => {
    expect(notificationOf(signed, key)).toEqual(n);
    expect(notificationOf([...signed].reverse(), key)).toEqual(n);
    expect(notificationOf(signed, 'other')).toBeNull();
  });

  it('refuses a field twice, a field outside the list, no hash, or a value changed', () => {
    expect(notificationOf([...signed, { name: 'res_result', value: 'OK' }], key)).toBeNull();
    expect(notificationOf([...signed, { name: 'free1', value: '' }], key)).toBeNull();
    expect(notificationOf(signed.slice(0, -1), key)).toBeNull();
    expect(notificationOf(signed.map((f) => (f.name === 'res_result' ? { ...f, value: 'NG' } : f)), key)).toBeNull();
  });

  it('a signed request form cannot be re-cut into a notification saying OK', () => {
    const form = paymentFields(sent({ serviceName: 'OK' }), { merchantId: 'm1', serviceId: 's1', hashKey: key }, {
      orderId: 'o1',
      custCode: 'U1',
      urls: { success: 'https://x/OK', cancel: 'https://x/c', error: 'https://x/e', pagecon: 'https://x/p' },
      now: Temporal.Instant.from('2026-03-31T15:04:05Z'),
    });
    const hash = form.at(-1) as { name: string; value: string };
    const text = form.slice(0, -1).map((f) => f.value).join('');
    // Every way of placing "OK" in the signed text as res_result, the values before it pinned.
    const prefix = 'creditm1s1U1o1svcOK2002750';
    for (let at = text.indexOf('OK'); at >= 0; at = text.indexOf('OK', at + 1)) {
      const cut: Notification = { ...n, item_name: 'OK', res_result: 'OK', res_tracking_id: text.slice(at + 2), res_payment_date: '', res_date: '' };
      const fields = [...NOTIFICATION_FIELDS.map((name) => ({ name, value: cut[name] })), hash];
      if (text.slice(0, at) === prefix) throw new Error('the pinned prefix is followed by OK in the request form');
      expect(notificationOf(fields, key)).toBeNull();
    }
  });
});
