/**
 * The local payment provider at the HTTP level, on both engines: it takes the signed form and
 * refuses a bad hash, shows its card page within the app's CSP, and for each test card posts
 * pagecon to the server before sending the browser to the success, error or cancel URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { importBundle } from '../../server/forms/import';
import { createPaymentProvider } from '../../server/providers/payment';
import type { Field } from '../../server/payments/sps-form';
import { engines, startTestServer, type TestServer } from './harness';
import { answerRows, order, paymentBundle, phaseOf, reservedIn } from './payment-fixture';

const formBody = (fields: Field[]) => new URLSearchParams(fields.map((f) => [f.name, f.value])).toString();

for (const engine of engines()) {
  describe(`local payment provider (${engine})`, () => {
    let srv: TestServer;
    let token: string;

    const reserved = (offset: number) => reservedIn(srv.deps.store, offset);
    const phase = (orderId: string) => phaseOf(srv.deps.store, orderId);
    /** A temporary save and the provider form the server built for it. */
    const formFor = async (offset: number) => {
      const t = await srv.api('POST', '/survey-results/temprary', { token, body: { data: answerRows('pay', offset), order: order() } });
      const orderId = t.json.orderId as string;
      const o = order();
      const f = await srv.api('POST', '/payment-orders', {
        token,
        body: { surveyId: 'pay', serviceSortKey: 'svc', serviceId: 'svc', serviceName: o.serviceName, tax: o.tax, amount: o.amount, orderId, details: o.details },
      });
      return { orderId, action: f.json.data.action as string, fields: f.json.data.fields as Field[] };
    };
    const post = (url: string, body: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' });
    const pay = async (offset: number, card: string) => {
      const { orderId, action, fields } = await formFor(offset);
      const res = await post(action.replace(/\/pay$/, '/result'), `${formBody(fields)}&card=${card}`);
      return { orderId, fields, res };
    };
    const url = (fields: Field[], name: string) => fields.find((f) => f.name === name)?.value;

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, paymentBundle(), 'fixture');
      token = await srv.token('U-local');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('shows the card page for a genuine form, within the CSP, and refuses a bad hash', async () => {
      const { action, fields } = await formFor(10);
      const ok = await post(action, formBody(fields));
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await ok.text();
      expect(html).toContain('カード決済（開発用）');
      expect(html).toContain('2750円');
      expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
      for (const card of ['success', 'declined', 'cancel']) expect(html).toContain(`value="${card}"`);

      const tampered = fields.map((f) => (f.name === 'amount' ? { ...f, value: '1' } : f));
      const bad = await post(action, formBody(tampered));
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain('決済要求の署名が正しくありません。');
      const badResult = await post(action.replace(/\/pay$/, '/result'), `${formBody(tampered)}&card=success`);
      expect(badResult.status).toBe(400);
    });

    it('success: pagecon first, then the success URL', async () => {
      const { orderId, fields, res } = await pay(11, 'success');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(url(fields, 'success_url'));
      expect(res.headers.get('location')).toBe(`${srv.url}/completedPayment/pay?orderId=${orderId}`);
      expect(await phase(orderId)).toBe('paid');
      const r = await srv.api('GET', `/payment-results/${orderId}`, { token });
      expect(r.json.data.status).toBe(3);
    });

    it('declined: the slot given back, then the error URL', async () => {
      const before = await reserved(12);
      const { orderId, fields, res } = await pay(12, 'declined');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(url(fields, 'error_url'));
      expect(await phase(orderId)).toBe('failed');
      expect(await reserved(12)).toBe(before);
    });

    it('cancel: the slot given back, then the cancel URL', async () => {
      const before = await reserved(13);
      const { orderId, fields, res } = await pay(13, 'cancel');
      expect(res.headers.get('location')).toBe(url(fields, 'cancel_url'));
      expect(await phase(orderId)).toBe('failed');
      expect(await reserved(13)).toBe(before);
    });

    it('is not there outside development: a real provider or none', async () => {
      const production = loadConfig({
        NODE_ENV: 'production',
        LINE_CHANNEL_ID: '1234567890',
        FILE_SCAN: 'builtin',
        PAYMENT_PROVIDER_URL: 'https://pay.example.jp/f01/FepBuyInfoReceive.do',
        PAYMENT_MERCHANT_ID: '30132',
        PAYMENT_SERVICE_ID: '101',
        PAYMENT_HASH_KEY: 'k',
      });
      const real = createApp({ ...srv.deps, payment: createPaymentProvider(production) });
      expect((await real.request('/dev/payment/pay', { method: 'POST', body: 'a=1' })).status).toBe(404);
      expect(await (await real.request('/payments/pagecon', { method: 'POST', body: 'order_id=x' })).text()).toBe('NG,hash');

      const none = createApp({ ...srv.deps, payment: createPaymentProvider(loadConfig({ NODE_ENV: 'production', LINE_CHANNEL_ID: '1234567890', FILE_SCAN: 'builtin' })) });
      expect((await none.request('/dev/payment/pay', { method: 'POST', body: 'a=1' })).status).toBe(404);
      expect((await none.request('/payments/pagecon', { method: 'POST', body: 'a=1' })).status).toBe(404);
      const refused = await none.request('/survey/api/v1/db/survey-results/temprary', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: answerRows('pay', 14), order: order() }),
      });
      expect(await refused.json()).toMatchObject({ code: 'payment_off', errorMessage: '現在決済を受け付けておりません。' });
    });

    it('sends a browser the provider posts back on to the GET page', async () => {
      const res = await post(`${srv.url}/completedPayment/pay?orderId=abc`, 'res_result=OK');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/completedPayment/pay?orderId=abc');
    });
  });
}
