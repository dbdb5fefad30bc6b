/**
 * A resident back on the form from the provider's page without paying gives back their own
 * unpaid order (POST /payment-orders/release), released as 購入をやめる releases it: the slot comes
 * back once, the answer is cancelled, and a new payment-path send is no longer refused by their own
 * hold. Never another's order, never a paid one; a late OK for a released order is kept for a
 * refund and books nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { signFields, type Field } from '../../server/payments/sps-form';
import { engines, startTestServer, type TestServer } from './harness';
import { answerRows, order, paymentBundle, phaseOf, reservedIn } from './payment-fixture';

const PAGECON = '/payments/pagecon';

/** The fixture with one booking a day on the paid calendar, as the demo clinic has. */
const bundle = () => {
  const b = paymentBundle();
  return { ...b, calendars: b.calendars.map((c) => (c.sortKey === 'cal-b' ? { ...c, reservationMaxCountOfDay: 1 } : c)) };
};

for (const engine of engines()) {
  describe(`releasing one's own unpaid order (${engine})`, () => {
    let srv: TestServer;
    let alice: string;
    let bob: string;

    const reserved = (offset: number) => reservedIn(srv.deps.store, offset);
    const phase = (orderId: string) => phaseOf(srv.deps.store, orderId);
    const temporary = (token: string, offset: number) => srv.api('POST', '/survey-results/temprary', { token, body: { data: answerRows('pay', offset), order: order() } });
    const release = (token: string, orderId: string) => srv.api('POST', '/payment-orders/release', { token, body: { orderId } });
    const orderPost = (token: string, orderId: string) => {
      const o = order();
      return srv.api('POST', '/payment-orders', {
        token,
        body: { surveyId: 'pay', serviceSortKey: o.serviceSortKey, serviceId: o.serviceId, serviceName: o.serviceName, tax: o.tax, amount: o.amount, orderId, details: o.details },
      });
    };
    const started = async (token: string, offset: number) => {
      const t = await temporary(token, offset);
      expect(t.status).toBe(200);
      const orderId = t.json.orderId as string;
      const f = await orderPost(token, orderId);
      expect(f.status).toBe(200);
      return { orderId, form: f.json.data.fields as Field[] };
    };
    const checksOf = async (orderId: string) => {
      const rows = await srv.deps.store.db
        .selectFrom('survey_results')
        .innerJoin('payment_orders', 'payment_orders.partition_key', 'survey_results.partition_key')
        .select('survey_results.check_status')
        .where('payment_orders.order_id', '=', orderId)
        .execute();
      return new Set(rows.map((r) => r.check_status));
    };
    const pagecon = async (form: Field[], result: 'OK' | 'CN') => {
      const pick = ['pay_method', 'merchant_id', 'service_id', 'cust_code', 'order_id', 'item_id', 'item_name', 'tax', 'amount'];
      const fields = signFields(
        [...pick.map((name) => ({ name, value: form.find((f) => f.name === name)?.value ?? '' })), { name: 'res_result', value: result }, { name: 'res_date', value: '20260101120000' }],
        srv.deps.payment?.merchant.hashKey as string,
      );
      const res = await srv.fetch(PAGECON, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields.map((f) => [f.name, f.value])).toString(),
      });
      return res.text();
    };

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bundle(), 'fixture');
      alice = await srv.token('U-release-alice');
      bob = await srv.token('U-release-bob');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('lets a resident back from the card page give back their hold and send again', async () => {
      const before = await reserved(3);
      const first = await started(alice, 3);
      // Back on the form, the same send is refused by their own unpaid hold.
      const again = await temporary(alice, 3);
      expect(again.status).toBe(409);
      expect(again.json.code).toBe('reservation_limit');

      // Someone else cannot release it: another's order answers as a missing one.
      expect((await release(bob, first.orderId)).status).toBe(404);
      expect(await phase(first.orderId)).toBe('pending');

      const released = await release(alice, first.orderId);
      expect(released.status).toBe(200);
      expect(released.json.data.orderId).toBe(first.orderId);
      expect(released.json.data.status).toBeUndefined();
      expect(typeof released.json.data.canceledDate).toBe('number');
      expect(await phase(first.orderId)).toBe('failed');
      expect(await reserved(3)).toBe(before);
      expect(await checksOf(first.orderId)).toEqual(new Set(['キャンセル']));
      // The released order can no longer be handed to the provider; releasing again changes nothing.
      expect((await orderPost(alice, first.orderId)).status).toBe(409);
      expect((await release(alice, first.orderId)).status).toBe(200);
      expect(await reserved(3)).toBe(before);

      const second = await started(alice, 3);
      expect(await reserved(3)).toBe(before + 1);
      expect(await pagecon(second.form, 'OK')).toBe('OK,');
      expect(await phase(second.orderId)).toBe('paid');
    });

    it('never releases a paid order', async () => {
      const before = await reserved(4);
      const { orderId, form } = await started(alice, 4);
      expect(await pagecon(form, 'OK')).toBe('OK,');
      const refused = await release(alice, orderId);
      expect(refused.status).toBe(409);
      expect(refused.json.code).toBe('order_paid');
      expect(await phase(orderId)).toBe('paid');
      expect(await reserved(4)).toBe(before + 1);
    });

    it('keeps a late OK for a released order for a refund, booking nothing', async () => {
      const before = await reserved(5);
      const { orderId, form } = await started(bob, 5);
      expect((await release(bob, orderId)).status).toBe(200);
      // The resident went forward again and paid at the provider after all.
      expect(await pagecon(form, 'OK')).toBe('OK,');
      expect(await phase(orderId)).toBe('paid');
      expect(await reserved(5)).toBe(before);
      expect(await checksOf(orderId)).toEqual(new Set(['キャンセル']));
      // And a late 購入をやめる for it changes nothing.
      expect(await pagecon(form, 'CN')).toBe('OK,');
      expect(await phase(orderId)).toBe('paid');
    });
  });
}
