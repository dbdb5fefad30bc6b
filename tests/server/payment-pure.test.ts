/**
 * The payment path's pure decisions, with no database: pricing against the catalogue, the
 * provider form's hash and request date, and what a notification does to an order.
 */
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { paymentOrderSchema, paymentProductSchema, taxSettingSchema } from '../../core/contract/payment';
import { priceOrder, type Catalogue } from '../../server/payments/price-order';
import { fieldsOfForm, hashOf, paymentFields, requestDateOf, signFields, verifyFields } from '../../server/payments/sps-form';
import { decide } from '../../server/payments/notification';
import type { StoredOrder } from '../../server/store/payment-orders';
import { order, service, taxSetting } from './payment-fixture';

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
/** The answer books the reservation item the vaccination product is sold with. */
const booked: ReadonlySet<string> = new Set(['naika-b_v1']);
const sent = (over: Record<string, unknown> = {}) => paymentOrderSchema.parse(order(over));

describe('priceOrder', () => {
  it('prices the order from the catalogue and the rate in force', () => {
    const r = priceOrder(sent(), catalogue(), today, booked);
    expect(r).toMatchObject({ order: { amount: 2550, tax: 200, amountWithTax: 2750, taxRate: 10, reservationCost: 1, payMethod: 'credit' } });
  });

  it('uses the rate of the day: a later entry once its date has come', () => {
    const r = priceOrder(sent(), catalogue(), Temporal.PlainDate.from('2099-01-01'), booked);
    expect(r).toMatchObject({ code: 'amount_mismatch' });
    expect('issues' in r && r.issues.map((i) => i.path)).toContain('order.taxRate');
  });

  it('refuses a missing tax setting, an unknown product or service, and the purchase limit', () => {
    expect(priceOrder(sent(), catalogue({ taxSetting: null }), today, booked)).toMatchObject({ code: 'tax_not_set' });
    expect(priceOrder(sent(), catalogue({ taxSetting: taxSettingSchema.parse({ ...taxSetting, taxRate: null, taxRates: [] }) }), today, booked)).toMatchObject({
      code: 'tax_not_set',
      message: '適用される税率が見つかりません。管理者にお問い合わせください。',
    });
    expect(priceOrder(sent(), catalogue({ service: null }), today, booked)).toMatchObject({ code: 'bad_request', message: '決済サービスが見つかりません。' });
    expect(priceOrder(sent(), catalogue({ products: [] }), today, booked)).toMatchObject({ code: 'bad_request' });
    const over = catalogue();
    expect(priceOrder(sent(), { ...over, service: { ...(over.service as NonNullable<Catalogue['service']>), purchaseLimit: 2 } }, today, booked)).toMatchObject({
      code: 'purchase_limit',
      message: '全体で2個まで購入可能です。',
    });
  });

  it('sells a booking product only with its booking', () => {
    const r = priceOrder(sent(), catalogue(), today, new Set(['naika-a_i1']));
    expect(r).toMatchObject({ code: 'bad_request', issues: [{ path: 'order.details.0.productId', message: 'この商品は対応する予約と一緒に購入してください。' }] });
  });

  it('names every figure that differs', () => {
    const r = priceOrder(sent({ tax: 199, amountWithTax: 2749 }), catalogue(), today, booked);
    expect('issues' in r && r.issues.map((i) => i.path)).toEqual(['order.tax', 'order.amountWithTax']);
  });
});

describe('the provider form', () => {
  const merchant = { merchantId: 'm1', serviceId: 's1', hashKey: 'secret' };
  const priced = (priceOrder(sent(), catalogue(), today, booked) as { order: ReturnType<typeof sent> }).order;
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
  const stored = (phase: StoredOrder['phase']): StoredOrder =>
    ({ orderId: 'o1', phase, amountWithTax: 2750, order: sent() }) as unknown as StoredOrder;
  const m = { merchantId: 'm1', serviceId: 's1' };
  const note = (res: string, amount = '2750', payMethod = 'credit') => [
    { name: 'pay_method', value: payMethod },
    { name: 'merchant_id', value: 'm1' },
    { name: 'service_id', value: 's1' },
    { name: 'order_id', value: 'o1' },
    { name: 'amount', value: amount },
    { name: 'res_result', value: res },
  ];

  it.each([
    ['OK on a pending card order: credit authorised', 'pending', note('OK'), { kind: 'pay', status: 3, afterRelease: false }],
    ['OK by PayPay: completed', 'pending', note('OK', '2750', 'paypay'), { kind: 'pay', status: 0, afterRelease: false }],
    ['NG on pending: failed', 'pending', note('NG'), { kind: 'fail' }],
    ['CN on pending: failed', 'pending', note('CN'), { kind: 'fail' }],
    ['OK again once paid', 'paid', note('OK'), { kind: 'unchanged' }],
    ['NG once paid', 'paid', note('NG'), { kind: 'unchanged' }],
    ['NG again once failed', 'failed', note('NG'), { kind: 'unchanged' }],
    ['OK after the hold was given back', 'expired', note('OK'), { kind: 'pay', status: 3, afterRelease: true }],
    ['a wrong amount', 'pending', note('OK', '2749'), { kind: 'refuse', reason: 'amount differs from the order' }],
    ['an unknown result', 'pending', note('XX'), { kind: 'refuse', reason: 'res_result is not OK, NG or CN' }],
  ] as const)('%s', (_name, phase, fields, expected) => {
    expect(decide(stored(phase), fields, m)).toEqual(expected);
  });

  it('refuses an unknown order and another merchant', () => {
    expect(decide(null, note('OK'), m).kind).toBe('refuse');
    expect(decide(stored('pending'), note('OK'), { ...m, merchantId: 'm2' }).kind).toBe('refuse');
  });
});
