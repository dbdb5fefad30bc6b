/**
 * The payment path on both engines: the catalogue import, the configuration reads, the temporary
 * save and the order post (server-priced, a mismatch refused with nothing written), the signed
 * provider form, pagecon exactly once (replays, bad hash, wrong amount, NG releasing the slot),
 * unpaid holds given back, and a resident reading only their own results and receipts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleError, importBundle } from '../../server/forms/import';
import { hashOf, signFields, type Field } from '../../server/payments/sps-form';
import { buildOrder } from '@core/rules/order';
import { todayInTokyo } from '@core/ja/date-input';
import { engines, startTestServer, type TestServer } from './harness';
import { day } from './reservation-fixture';
import { answerRows, order, paymentBundle, paymentSurveys, productsRow, service } from './payment-fixture';

const PAGECON = '/payments/pagecon';

for (const engine of engines()) {
  describe(`payments (${engine})`, () => {
    let srv: TestServer;
    let alice: string;
    let bob: string;

    const count = async (table: 'payment_orders' | 'survey_results' | 'payment_services') =>
      Number((await srv.deps.store.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    const reserved = async (offset: number, slot = '1') =>
      Number(
        (
          await srv.deps.store.db
            .selectFrom('slots')
            .select('reserved')
            .where('calendar_id', '=', 'cal-b')
            .where('day', '=', day(offset))
            .where('slot', '=', slot)
            .executeTakeFirstOrThrow()
        ).reserved,
      );
    const orderRow = async (orderId: string) =>
      srv.deps.store.db.selectFrom('payment_orders').select(['phase', 'status', 'updated_at', 'partition_key']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const temporary = (token: string, body: unknown) => srv.api('POST', '/survey-results/temprary', { token, body });
    const orderPost = (token: string, orderId: string, over: Record<string, unknown> = {}) => {
      const o = order();
      return srv.api('POST', '/payment-orders', {
        token,
        body: { surveyId: 'pay', serviceSortKey: o.serviceSortKey, serviceId: o.serviceId, serviceName: o.serviceName, tax: o.tax, amount: o.amount, orderId, details: o.details, ...over },
      });
    };
    const key = () => srv.deps.payment?.merchant.hashKey as string;
    /** The provider's notification for a form it was given. */
    const notification = (form: Field[], result: 'OK' | 'NG' | 'CN', over: Record<string, string> = {}): Field[] => {
      const pick = ['pay_method', 'merchant_id', 'service_id', 'cust_code', 'order_id', 'item_id', 'item_name', 'tax', 'amount'];
      const fields = pick.map((name) => ({ name, value: over[name] ?? form.find((f) => f.name === name)?.value ?? '' }));
      return signFields([...fields, { name: 'res_result', value: result }, { name: 'res_date', value: '20260101120000' }], key());
    };
    const pagecon = async (fields: Field[]) => {
      const res = await srv.fetch(PAGECON, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields.map((f) => [f.name, f.value])).toString(),
      });
      return res.text();
    };
    /** A temporary save and its provider form. */
    const started = async (token: string, offset: number, surveyId = 'pay') => {
      const t = await temporary(token, { data: answerRows(surveyId, offset), order: order() });
      expect(t.status).toBe(200);
      const orderId = t.json.orderId as string;
      const f = await orderPost(token, orderId, { surveyId });
      expect(f.status).toBe(200);
      return { orderId, form: f.json.data.fields as Field[] };
    };

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, paymentBundle(), 'fixture');
      alice = await srv.token('U-alice');
      bob = await srv.token('U-bob');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('refuses a bundle with a bad catalogue whole, writing nothing', async () => {
      const bad = {
        paymentServices: [
          { ...service, serviceId: 'svc-new', products: [...service.products, { ...service.products[0], reservationPaymentItemId: 'nope_x' }] },
          { ...service, serviceId: 'svc-new', taxType: 3 },
        ],
      };
      const err = await importBundle(srv.deps.store, bad, 'bad.json').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BundleError);
      const problems = (err as BundleError).problems.join('\n');
      expect(problems).toContain('bad.json: paymentServices[1].taxType');
      const err2 = await importBundle(srv.deps.store, { paymentServices: [bad.paymentServices[0]] }, 'bad.json').catch((e: unknown) => e);
      expect((err2 as BundleError).problems.join('\n')).toMatch(/products\[4\]\.productId: 商品 p2 が重複しています[\s\S]*予約項目 nope_x がありません/);
      expect(await count('payment_services')).toBe(2);
    });

    it('serves the tax setting in force today and the service with its products in order', async () => {
      const t = await srv.api('GET', '/payment-configs/tax-setting', { token: alice });
      expect(t.json).toMatchObject({ code: 'success', data: { taxRate: 10, roundingType: 0, calculationType: 0, taxType: 0 } });
      const s = await srv.api('GET', '/payment-configs/services/svc?include_products=true', { token: alice });
      expect(s.json.data.products.map((p: { productId: string }) => p.productId)).toEqual(['p1', 'p2', 'p3', 'p4']);
      expect(s.json.data).not.toHaveProperty('receiptCreatorName');
      const bare = await srv.api('GET', '/payment-configs/services/svc', { token: alice });
      expect(bare.json.data).not.toHaveProperty('products');
      expect((await srv.api('GET', '/payment-configs/services/none', { token: alice })).status).toBe(404);
      const all = await srv.api('GET', '/calendars/reservation-payment-products/naika-d2', { token: alice });
      expect(all.json.data.map((p: { productId: string }) => p.productId)).toEqual(['p3', 'p3']);
      const r = await srv.api('GET', '/calendars/reservation-payment-products/naika-d2?serviceId=svc', { token: alice });
      expect(r.json.data.map((p: { productId: string }) => p.productId)).toEqual(['p3']);
      expect((await srv.api('GET', '/calendars/reservation-payment-products/naika-a', { token: alice })).json.data).toEqual([]);
    });

    it('refuses a client figure that differs from the catalogue, writing nothing', async () => {
      const before = { orders: await count('payment_orders'), rows: await count('survey_results'), slot: await reserved(3) };
      const wrongTotal = await temporary(alice, { data: answerRows('pay', 3), order: order({ amountWithTax: 2749 }) });
      expect(wrongTotal.status).toBe(400);
      expect(wrongTotal.json).toMatchObject({ code: 'amount_mismatch', errorMessage: '金額が正しくありません。商品の価格または税率が変更された可能性があります。最初からやり直してください。' });
      const cheap = order();
      cheap.details[0] = { ...cheap.details[0], price: 10, amount: 20, tax: 2, amountWithTax: 22 } as (typeof cheap.details)[0];
      const wrongPrice = await temporary(alice, { data: answerRows('pay', 3), order: { ...cheap, amount: 570, tax: 2, amountWithTax: 572 } });
      expect(wrongPrice.json.code).toBe('amount_mismatch');
      expect(wrongPrice.json.issues.map((i: { path: string }) => i.path)).toContain('order.details.0.price');
      expect({ orders: await count('payment_orders'), rows: await count('survey_results'), slot: await reserved(3) }).toEqual(before);
    });

    it('takes payment only on appending forms that use it, within the purchase limit', async () => {
      const single = await temporary(alice, { data: answerRows('pay-single', 3), order: order() });
      expect(single.json.errorMessage).toBe('決済機能は追加型帳票でのみ利用可能です。');
      const off = await temporary(alice, { data: answerRows('pay-off', 3), order: order() });
      expect(off.json.errorMessage).toBe('現在決済を受け付けておりません。');
      const many = order();
      many.details[0] = { ...many.details[0], count: 5, amount: 5000, tax: 500, amountWithTax: 5500 } as (typeof many.details)[0];
      const manyRows = [
        ...answerRows('pay', 3).filter((r) => r.itemKey !== 'shohin'),
        productsRow('pay', [
          { productId: 'p1', productName: '接種料', productCategoryId: 'c1', productCategoryName: '接種', count: 5 },
          { productId: 'p2', productName: '問診票', productCategoryId: null, productCategoryName: null, count: 1 },
        ]),
      ];
      const limit = await temporary(alice, { data: manyRows, order: { ...many, amount: 5550, tax: 500, amountWithTax: 6050 } });
      expect(limit.json).toMatchObject({ code: 'purchase_limit', errorMessage: '全体で5個まで購入可能です。' });
      const cash = await temporary(alice, { data: answerRows('pay', 3), order: order({ selectedPayType: 1 }) });
      // The form offers no cash (no pay type item: cashless only).
      expect(cash.json).toMatchObject({ code: 'pay_type_not_offered', errorMessage: 'この支払い方法はご利用いただけません。' });
      // A form sells the service its products item names: the same products under svc2 are refused.
      const before = await count('payment_orders');
      const other = await temporary(alice, { data: answerRows('pay', 3), order: order({ serviceId: 'svc2', serviceSortKey: 'svc2', serviceName: '別のサービス' }) });
      expect(other.status).toBe(400);
      expect(other.json).toMatchObject({ errorMessage: '決済サービスが見つかりません。', issues: [{ path: 'order.serviceId' }] });
      expect(await count('payment_orders')).toBe(before);
      // The order is the products row's, priced by the server: a row missing, or other counts, refused.
      const rows = answerRows('pay', 3);
      const missing = await temporary(alice, { data: rows.filter((r) => r.itemKey !== 'shohin'), order: order() });
      expect(missing.json).toMatchObject({ code: 'amount_mismatch', issues: [{ path: 'order.details.length' }] });
      const fewer = [...rows.filter((r) => r.itemKey !== 'shohin'), productsRow('pay', [{ productId: 'p1', productName: '接種料', productCategoryId: 'c1', productCategoryName: '接種', count: 1 }])];
      const other2 = await temporary(alice, { data: fewer, order: order() });
      expect(other2.status).toBe(400);
      expect(other2.json.code).toBe('amount_mismatch');
      expect(other2.json.issues.map((i: { path: string }) => i.path)).toContain('order.details.0.count');
      expect(await count('payment_orders')).toBe(before);
    });

    it('saves temporarily, holding the slot, and builds a signed form from the stored order', async () => {
      const slot = await reserved(4);
      const t = await temporary(alice, { data: answerRows('pay', 4), order: order() });
      expect(t.json).toMatchObject({ code: 'success', orderId: expect.stringMatching(/^[0-9a-f]{32}$/) });
      expect(await reserved(4)).toBe(slot + 1);
      const row = await orderRow(t.json.orderId);
      const rows = await srv.deps.store.db.selectFrom('survey_results').select(['status']).where('partition_key', '=', row.partition_key).execute();
      expect(rows.map((r) => r.status)).toEqual(['temporary', 'temporary', 'temporary']);

      const mismatch = await orderPost(alice, t.json.orderId, { amount: 1 });
      expect(mismatch.json.code).toBe('amount_mismatch');
      expect((await orderPost(bob, t.json.orderId)).status).toBe(404);

      const f = await orderPost(alice, t.json.orderId);
      const fields = f.json.data.fields as Field[];
      const value = (n: string) => fields.filter((x) => x.name === n).map((x) => x.value);
      expect(f.json.data.action).toBe(`${srv.url}/dev/payment/pay`);
      expect(fields.map((x) => x.name).slice(0, 9)).toEqual(['pay_method', 'merchant_id', 'service_id', 'cust_code', 'order_id', 'item_id', 'item_name', 'tax', 'amount']);
      expect(value('amount')).toEqual(['2750']);
      expect(value('tax')).toEqual(['200']);
      expect(value('dtl_item_id')).toEqual(['p1', 'p2']);
      expect(value('dtl_amount')).toEqual(['2200', '550']);
      expect(value('request_date')[0]).toMatch(/^20\d{12}$/);
      expect(value('pagecon_url')).toEqual([`${srv.url}${PAGECON}`]);
      expect(fields.at(-1)?.name).toBe('sps_hashcode');
      expect(value('sps_hashcode')).toEqual([hashOf(fields.slice(0, -1), key())]);
      expect(f.text).not.toContain(key());
    });

    it('settles an order exactly once: bad hash, wrong amount, five replays, before and after the browser returns', async () => {
      const { orderId, form } = await started(alice, 5);
      const first = await orderRow(orderId);
      const forged = notification(form, 'OK').map((f) => (f.name === 'sps_hashcode' ? { ...f, value: '0'.repeat(40) } : f));
      expect(await pagecon(forged)).toBe('NG,hash');
      for (const body of ['', 'x', '%E0%A4%A', `order_id=${orderId}&sps_hashcode=a&sps_hashcode=b`, 'a=1'.repeat(30_000)]) {
        const res = await srv.fetch(PAGECON, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
        expect(res.status).toBeLessThan(500);
        expect(await res.text()).toMatch(/^NG,/);
      }
      expect(await pagecon(notification(form, 'OK', { amount: '1' }))).toMatch(/^NG,/);
      expect(await orderRow(orderId)).toEqual(first);
      // The browser comes back before the notification: nothing paid yet.
      expect((await srv.api('GET', `/payment-results/${orderId}`, { token: alice })).json.data).not.toHaveProperty('status');

      const answers = await Promise.all(Array.from({ length: 5 }, () => pagecon(notification(form, 'OK'))));
      expect(answers).toEqual(['OK,', 'OK,', 'OK,', 'OK,', 'OK,']);
      const paid = await orderRow(orderId);
      expect(paid).toMatchObject({ phase: 'paid' });
      expect(Number(paid.status)).toBe(3);
      const rows = await srv.deps.store.db.selectFrom('survey_results').select(['status', 'answer_code']).where('partition_key', '=', paid.partition_key).execute();
      expect(rows.every((r) => r.status === null && r.answer_code)).toBe(true);
      // After the browser returns, a late NG or another OK changes nothing.
      const result = await srv.api('GET', `/payment-results/${orderId}`, { token: alice });
      expect(result.json.data).toMatchObject({ status: 3, orderId, amountWithTax: 2750 });
      expect(await pagecon(notification(form, 'NG'))).toBe('OK,');
      expect(await pagecon(notification(form, 'OK'))).toBe('OK,');
      expect(await orderRow(orderId)).toEqual(paid);
    });

    it('only the provider\'s notification settles: reordered fields pass; the request form, spliced values and other orders do not', async () => {
      // Bought as the PWA buys: the order built from the served catalogue by the shared rule.
      const lines = [{ productId: 'p4', productName: 'OK問診セット', productCategoryId: null, productCategoryName: null, count: 1 }];
      const svc = (await srv.api('GET', '/payment-configs/services/svc?include_products=true', { token: alice })).json.data;
      const tax = (await srv.api('GET', '/payment-configs/tax-setting', { token: alice })).json.data;
      const built = buildOrder(lines, svc, tax, 0, todayInTokyo());
      const data = [...answerRows('pay', 9).filter((r) => r.itemKey !== 'shohin'), productsRow('pay', lines)];
      const t = await temporary(alice, { data, order: 'order' in built ? built.order : null });
      expect(t.status).toBe(200);
      const orderId = t.json.orderId as string;
      const form = (await orderPost(alice, orderId, { amount: 300, tax: 30, details: 'order' in built ? built.order?.details : [] })).json.data.fields as Field[];
      const first = await orderRow(orderId);
      const refused = async (fields: Field[]) => {
        expect(await pagecon(fields)).toMatch(/^NG,/);
        expect(await orderRow(orderId)).toEqual(first);
      };
      // The resident's own signed request form, as is and with res_result=OK added anywhere.
      await refused(form);
      await refused([...form, { name: 'res_result', value: 'OK' }]);
      await refused([{ name: 'res_result', value: 'OK' }, ...form]);
      // The request's signed text re-cut into notification fields: "OK" taken from inside a value.
      const text = form.filter((f) => f.name !== 'sps_hashcode').map((f) => f.value).join('');
      const hash = form.find((f) => f.name === 'sps_hashcode') as Field;
      const pinned = notification(form, 'OK').filter((f) => f.name !== 'sps_hashcode' && f.name !== 'res_result' && f.name !== 'res_date');
      const prefix = pinned.map((f) => f.value).join('');
      expect(text.startsWith(prefix)).toBe(true);
      expect(text.indexOf('OK', prefix.length)).toBeGreaterThan(0);
      for (let at = text.indexOf('OK', prefix.length); at >= 0; at = text.indexOf('OK', at + 1)) {
        // In the order sent, these hash to the request's text exactly (the old check took that).
        const between = text.slice(prefix.length, at);
        const rest = text.slice(at + 2);
        await refused([...pinned, { name: 'res_tracking_id', value: between }, { name: 'res_result', value: 'OK' }, { name: 'res_date', value: rest }, hash]);
        await refused([...pinned, { name: 'free1', value: between }, { name: 'res_result', value: 'OK' }, { name: 'free2', value: rest }, hash]);
      }
      // A field twice, a field the provider does not send, a value containing OK: refused.
      const good = notification(form, 'OK');
      await refused([...good, { name: 'res_result', value: 'NG' }]);
      await refused([...good, { name: 'free1', value: 'x' }]);
      await refused(notification(form, 'OK', { item_name: 'OK' }));
      await refused(notification(form, 'NGOK' as 'OK'));
      // Another customer, another order's id, a wrong tax: refused, though signed with the key.
      await refused(notification(form, 'OK', { cust_code: 'U-bob' }));
      await refused(notification(form, 'OK', { tax: '0' }));
      expect(await pagecon(notification(form, 'OK', { order_id: 'f'.repeat(32) }))).toMatch(/^NG,/);
      // The genuine one, its fields in any order, settles exactly once.
      expect(await pagecon([...good].reverse())).toBe('OK,');
      const paid = await orderRow(orderId);
      expect(paid.phase).toBe('paid');
      expect(await pagecon(good)).toBe('OK,');
      expect(await pagecon(notification(form, 'NG'))).toBe('OK,');
      expect(await orderRow(orderId)).toEqual(paid);
    });

    it('an amend of a paid answer takes its order along; its products stay locked', async () => {
      const { orderId, form } = await started(alice, 10);
      expect(await pagecon(notification(form, 'OK'))).toBe('OK,');
      const paidKey = (await orderRow(orderId)).partition_key;
      const rows = answerRows('pay', 10).map((r) => ({ ...r, partitionKey: paidKey, ...(r.itemKey === 'name' ? { value: '決済 花江' } : {}) }));
      const more = rows.map((r) => (r.itemKey === 'shohin' ? { ...r, value: productsRow('pay', [{ productId: 'p2', productName: '問診票', productCategoryId: null, productCategoryName: null, count: 5 }]).value } : r));
      expect((await srv.api('POST', '/survey-results/putItem', { token: alice, body: { data: more } })).json).toMatchObject({ code: 'order_locked', errorMessage: '購入した商品は変更できません。' });
      const amended = await srv.api('POST', '/survey-results/putItem', { token: alice, body: { data: rows } });
      expect(amended.json).toMatchObject({ result: 'OK', type: 'amend' });
      const liveKey = amended.json.partitionKey as string;
      expect(liveKey).not.toBe(paidKey);
      expect((await orderRow(orderId)).partition_key).toBe(liveKey);
      const receipt = await srv.api('GET', `/payment-results/receipt?key=${encodeURIComponent(liveKey)}`, { token: alice });
      expect(receipt.json.data).toMatchObject({ orderId, amount: 2550 });
      expect((await srv.api('GET', `/payment-results/receipt?key=${encodeURIComponent(paidKey)}`, { token: alice })).status).toBe(404);
      // One booking, one 受付番号: the result and the receipt carry the live answer's, and its slot.
      const code = amended.json.answercode as string;
      expect(code).toMatch(/^\d+$/);
      expect(receipt.json.data.answerCode).toBe(code);
      const result = await srv.api('GET', `/payment-results/${orderId}`, { token: alice });
      expect(result.json.data.answerCode).toBe(code);
      expect(result.json.data.reservationValue).toBe(rows.find((r) => r.itemKey === 'yoyaku')?.value);
    });

    it('gives the slot back on NG, once', async () => {
      const slot = await reserved(6);
      const { orderId, form } = await started(alice, 6);
      expect(await reserved(6)).toBe(slot + 1);
      expect(await pagecon(notification(form, 'NG'))).toBe('OK,');
      expect(await pagecon(notification(form, 'CN'))).toBe('OK,');
      expect(await reserved(6)).toBe(slot);
      const row = await orderRow(orderId);
      expect(row.phase).toBe('failed');
      const checks = await srv.deps.store.db.selectFrom('survey_results').select('check_status').where('partition_key', '=', row.partition_key).execute();
      expect(checks.map((c) => c.check_status)).toEqual(['キャンセル', 'キャンセル', 'キャンセル']);
      expect((await orderPost(alice, orderId)).status).toBe(409);
    });

    it('gives an unpaid hold back once its time has passed', async () => {
      const slot = await reserved(7);
      const { orderId } = await started(alice, 7);
      await srv.deps.store.db.updateTable('payment_orders').set({ hold_until: '2000-01-01T00:00:00.000Z' }).where('order_id', '=', orderId).execute();
      await started(bob, 8);
      expect(await reserved(7)).toBe(slot);
      expect((await orderRow(orderId)).phase).toBe('expired');
      const pk = (await orderRow(orderId)).partition_key;
      const cancel = await srv.api('POST', '/survey-results/cancelItem', { token: alice, body: { surveyId: 'pay', partitionKey: pk } });
      expect(cancel.json.code).toBe('already_cancelled');
    });

    it('shows a resident only their own results and receipts', async () => {
      const { orderId, form } = await started(alice, 9);
      await pagecon(notification(form, 'OK'));
      const pk = (await orderRow(orderId)).partition_key;
      const own = await srv.api('GET', `/payment-results/receipt/${orderId}`, { token: alice });
      expect(own.json.data).toMatchObject({ orderId, serviceName: '予防接種', tax: 200, amount: 2550, taxRate: 10, receiptCreatorName: 'さくら市民クリニック' });
      expect(own.json.data.details).toHaveLength(2);
      expect((await srv.api('GET', `/payment-results/receipt?key=${encodeURIComponent(pk)}`, { token: alice })).json.data.orderId).toBe(orderId);

      const missing = await srv.api('GET', '/payment-results/nope', { token: bob });
      const foreign = await srv.api('GET', `/payment-results/${orderId}`, { token: bob });
      expect(foreign.status).toBe(404);
      expect({ ...foreign.json, requestId: null }).toEqual({ ...missing.json, requestId: null });
      expect((await srv.api('GET', `/payment-results/receipt/${orderId}`, { token: bob })).status).toBe(404);
      expect((await srv.api('GET', `/payment-results/receipt?key=${encodeURIComponent(pk)}`, { token: bob })).status).toBe(404);
      expect((await srv.api('POST', '/payment-results/getPaymentResults', { token: bob, body: { keys: [pk] } })).json.data).toEqual([]);
      expect((await srv.api('POST', '/payment-results/list', { token: bob, body: { surveyId: 'pay' } })).json.data.map((r: { orderId: string }) => r.orderId)).not.toContain(orderId);
      const list = await srv.api('POST', '/payment-results/list', { token: alice, body: { surveyId: 'pay', partitionKeys: [pk] } });
      expect(list.json.data.map((r: { orderId: string }) => r.orderId)).toEqual([orderId]);
      expect((await srv.api('POST', '/payment-results/getPaymentResults', { token: alice, body: { keys: [pk] } })).json.data[0].status).toBe(3);
    });

    it('lets no one change or cancel a temporary answer while its payment is open', async () => {
      const { orderId } = await started(alice, 14);
      const pk = (await orderRow(orderId)).partition_key;
      const cancel = await srv.api('POST', '/survey-results/cancelItem', { token: alice, body: { surveyId: 'pay', partitionKey: pk } });
      expect(cancel.status).toBe(409);
      expect(cancel.json).toMatchObject({ code: 'payment_pending', errorMessage: '決済が完了していないため、変更・キャンセルはできません。' });
      const edit = await srv.api('POST', '/survey-results/putItem', { token: alice, body: { data: answerRows('pay', 14).map((r) => ({ ...r, partitionKey: pk })) } });
      expect(edit.json.code).toBe('payment_pending');
    });

    it('cancels a paid answer only within 30 days and while its payment can change (spec 02 §4)', async () => {
      const paid = async (offset: number) => {
        const { orderId, form } = await started(alice, offset, 'pay-late');
        expect(await pagecon(notification(form, 'OK'))).toBe('OK,');
        return (await orderRow(orderId)).partition_key;
      };
      const [fresh, old, refunded] = [await paid(15), await paid(16), await paid(17)];
      const cancel = (partitionKey: string) => srv.api('POST', '/survey-results/cancelItem', { token: alice, body: { surveyId: 'pay-late', partitionKey } });
      // With payment in use the cancel is never available.
      expect((await cancel(fresh)).json.errorMessage).toBe('現在キャンセルを受け付けておりません。');

      const late = paymentSurveys.find((s) => s.surveyId === 'pay-late');
      await importBundle(srv.deps.store, { surveyConfigs: [{ ...late, usePayment: 0 }] }, 'payment-off');
      const db = srv.deps.store.db;
      await db.updateTable('payment_orders').set({ created_at: new Date(Date.now() - 31 * 86_400_000).toISOString() }).where('partition_key', '=', old).execute();
      await db.updateTable('payment_orders').set({ status: 4 }).where('partition_key', '=', refunded).execute();
      const slot = await reserved(15);

      expect((await cancel(old)).json).toMatchObject({ code: 'payment_cancel_expired', errorMessage: 'キャンセルの期限を過ぎています。管理者へ直接ご連絡をお願い致します。' });
      expect((await cancel(refunded)).json).toMatchObject({ code: 'payment_cancelled', errorMessage: 'キャンセル済みの為変更はできません。管理者へ直接ご連絡をお願い致します。' });
      expect((await cancel(fresh)).json).toMatchObject({ result: 'OK', data: { check: 'キャンセル' } });
      expect(await reserved(15)).toBe(slot - 1);
      const byKey = await srv.api('GET', `/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=pay-late&partitionKey=${encodeURIComponent(old)}`, { token: alice });
      expect(byKey.json.order).toMatchObject({ status: 3, orderId: expect.any(String), amountWithTax: 2750 });
    });
  });
}
