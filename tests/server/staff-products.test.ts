/**
 * Payment services, products and tax rates in the console on both engines
 * (server/routes/staff-products.ts): the catalogue in the bundle's shape; a product added and a
 * resident's service read lists it; the importer's checks (a duplicate product, a bad enumeration)
 * write nothing; a tax rate from tomorrow is added, one from today or before is refused and the
 * rate in force stays; operators and guests refused; each save a config.save audit row.
 */
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTokyo } from '@core/ja/date-input';
import { refusalText } from '@core/refusals';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { makeStaff, signIn, staffFetch } from './staff-fixture';

const product = (productId: string, price: number, order: number) => ({ productId, productName: `商品 ${productId}`, price, taxableType: 0, order, productCategories: [{ id: 'c1', name: '分類1' }] });
const service = { serviceId: 'pc-svc', serviceName: '証明書', taxType: 0, calculationType: 0, roundingType: 0, purchaseLimit: 0, reservationCostType: 0, products: [product('a', 300, 1)] };
const taxSetting = { taxRates: [{ applyDate: '2019-10-01', value: 10 }], roundingType: 0, calculationType: 0, taxType: 0, reservationCostType: 0 };

describe.each(engines())('products and tax in the console (%s)', (engine) => {
  let srv: TestServer;
  let member: string;
  let operator: string;
  let guest: string;

  const catalogue = (cookie = member) => staffFetch(srv, 'GET', '/payment-services', { cookie });
  const saveService = (s: Record<string, unknown>, cookie = member) => staffFetch(srv, 'POST', `/payment-services/${s['serviceId'] as string}`, { cookie, body: { serviceJson: JSON.stringify(s) } });
  const addRate = (applyDate: string, value: number, cookie = member) => staffFetch(srv, 'POST', '/tax-rates', { cookie, body: { applyDate, value } });
  const audits = () => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'config.save').orderBy('seq').execute();
  const residentService = async () => (await srv.api('GET', '/payment-configs/services/pc-svc?include_products=true', { token: await srv.token('U-pc-resident') })).json;

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, { paymentServices: [service], taxSetting }, 'fixture');
    member = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['会計'] }));
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['会計'] }));
    guest = await signIn(srv, await makeStaff(srv.deps.store, { role: 'guest', teams: ['会計'] }));
  });
  afterAll(async () => srv?.stop());

  it('reads the catalogue in the bundle’s shape; operators and guests are refused every call', async () => {
    const r = await catalogue();
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.services).toEqual([expect.objectContaining({ serviceId: 'pc-svc', serviceName: '証明書', products: [expect.objectContaining({ productId: 'a', price: 300 })] })]);
    expect(r.json.data.taxSetting).toMatchObject({ taxRates: [{ applyDate: '2019-10-01', value: 10 }] });
    for (const cookie of [operator, guest]) {
      expect((await catalogue(cookie)).json.code).toBe('staff_forbidden');
      expect((await saveService(service, cookie)).json.code).toBe('staff_forbidden');
      expect((await addRate('2099-01-01', 12, cookie)).json.code).toBe('staff_forbidden');
    }
  });

  it('a product added (with its category) is saved whole and audited; a resident’s service read lists it', async () => {
    const current = (await catalogue()).json.data.services[0];
    const r = await saveService({ ...current, products: [...current.products, { ...product('b', 1200, 2), productCategories: [{ id: 'c2', name: '分類2' }] }] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const seen = await residentService();
    expect(seen.data.products.map((p: { productId: string }) => p.productId)).toEqual(['a', 'b']);
    expect(seen.data.products[1]).toMatchObject({ productName: '商品 b', price: 1200, productCategories: [{ id: 'c2', name: '分類2' }] });
    const rows = await audits();
    expect(rows.at(-1)).toMatchObject({ target_kind: 'payment_service' });
    expect(JSON.parse(rows.at(-1)?.detail_json as string)).toEqual({ what: 'payment-service', products: 2 });
  });

  it('the importer’s checks and enumerations: problems listed by field, nothing written', async () => {
    const current = (await catalogue()).json.data.services[0];
    const dup = await saveService({ ...current, products: [...current.products, product('a', 1, 3)] });
    expect(dup.status).toBe(400);
    expect(dup.json).toMatchObject({ code: 'config_invalid', errorMessage: refusalText('config_invalid') });
    expect(dup.json.issues).toEqual([{ path: 'products[2].productId', message: expect.stringContaining('重複') }]);
    const bad = await saveService({ ...current, taxType: 3, products: [{ ...product('c', -5, 1), taxableType: 2 }] });
    expect(bad.json.issues.map((i: { path: string }) => i.path).sort()).toEqual(['products[0].price', 'products[0].taxableType', 'taxType']);
    expect(bad.json.issues.find((i: { path: string }) => i.path === 'taxType').message).toBe('0, 1 のいずれかです');
    // The service's id is the path's: a body naming another is refused.
    expect((await staffFetch(srv, 'POST', '/payment-services/pc-svc', { cookie: member, body: { serviceJson: JSON.stringify({ ...current, serviceId: 'other' }) } })).json.code).toBe('config_invalid');
    expect((await residentService()).data.products).toHaveLength(2);
  });

  it('a new rate from tomorrow is added; one from today or a past day is refused and the rate in force stays', async () => {
    const today = todayInTokyo();
    const tomorrow = today.add({ days: 1 }).toString();
    const before = (await audits()).length;
    const ok = await addRate(tomorrow, 12);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data.taxSetting.taxRates).toEqual([{ applyDate: '2019-10-01', value: 10 }, { applyDate: tomorrow, value: 12 }]);
    // A rate still to come may be replaced.
    expect((await addRate(tomorrow, 11)).json.data.taxSetting.taxRates.at(-1)).toEqual({ applyDate: tomorrow, value: 11 });
    for (const day of [today.toString(), '2019-10-01', Temporal.PlainDate.from('2024-04-01').toString()]) {
      const past = await addRate(day, 8);
      expect(past.status).toBe(409);
      expect(past.json).toMatchObject({ code: 'tax_rate_past', errorMessage: refusalText('tax_rate_past', { today: today.toString() }) });
    }
    const tax = await srv.api('GET', '/payment-configs/tax-setting', { token: await srv.token('U-pc-resident') });
    expect(tax.json.data.taxRates).toEqual([{ applyDate: '2019-10-01', value: 10 }, { applyDate: tomorrow, value: 11 }]);
    const rows = (await audits()).slice(before);
    expect(rows.map((r) => JSON.parse(r.detail_json as string))).toEqual([
      { what: 'tax-rate', applyDate: tomorrow, value: 12, replaced: null },
      { what: 'tax-rate', applyDate: tomorrow, value: 11, replaced: 12 },
    ]);
    expect((await addRate(tomorrow, 101)).status).toBe(400);
  });
});
