/**
 * putItem with the spec's own row shape (spec 01 §3, §7) on both engines: rows carrying
 * `surveyId#userId` / `surveyId#userId#timestamp` start an answer under that key, the revoke
 * payload or a held key amends, another resident's key is a 404 and a malformed one a 400 with
 * nothing written; answer codes, reservations, limits and idempotent replays work as with a key
 * the server makes; the answer carries `type`, and subData and order are kept with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { bundle, day, surveys as rsvSurveys, value } from './reservation-fixture';

const name = { itemKey: 'name', type: 'text', title: 'お名前' };
const surveys = [
  ...rsvSurveys,
  { surveyId: 'k-single', surveyTitle: '一回', surveySchema: [name] },
  { surveyId: 'k-append', surveyTitle: '追記', isAppending: { value: true }, surveySchema: [name] },
  {
    surveyId: 'k-pay',
    surveyTitle: '物品',
    isAppending: { value: true },
    usePayment: 1,
    surveySchema: [name, { itemKey: 'shohin', type: 'selectProducts', title: '商品', serviceId: 'svc' }, { itemKey: 'pay', type: 'selectPayType', title: '支払い方法', payTypeOptions: [0, 1] }],
  },
];
/** What k-pay sells: 問診票, 500 yen, tax free. */
const payment = {
  paymentServices: [
    { serviceId: 'svc', serviceName: '検診', taxType: 0, calculationType: 0, roundingType: 0, purchaseLimit: 0, reservationCostType: 0, products: [{ productId: 'p1', productName: '問診票', price: 500, taxableType: 1, order: 1 }] },
  ],
  taxSetting: { taxRates: [{ applyDate: '2019-10-01', value: 10 }], roundingType: 0, calculationType: 0, taxType: 0, reservationCostType: 0 },
};
const bought = (count: number, payType = '1') => ({
  shohin: JSON.stringify([{ productId: 'p1', productName: '問診票', productCategoryId: null, productCategoryName: null, count }]),
  pay: payType,
});

const order = {
  serviceSortKey: 'svc',
  serviceId: 'svc',
  serviceName: '検診',
  details: [{ detailId: 1, productId: 'p1', productName: '問診票', price: 500, count: 2, tax: 0, amount: 1000, amountWithTax: 1000, taxableType: 1 }],
  tax: 0,
  amount: 1000,
  amountWithTax: 1000,
  taxRate: 10,
  calculationType: 0,
  roundingType: 0,
  taxType: 0,
  reservationCostType: 0,
  selectedPayType: 1,
};

for (const engine of engines()) {
  describe(`putItem with spec-shaped keys (${engine})`, () => {
    let srv: TestServer;
    let alice: string;
    let bob: string;
    let stamp = Date.now() - 60_000;
    /** A fresh client-made key of alice's (milliseconds in the past, so the clock does not decide). */
    const newKey = (surveyId: string, user = 'U-alice') => `${surveyId}#${user}#${(stamp += 7)}`;
    const rows = (surveyId: string, values: Record<string, string>, partitionKey?: string) =>
      Object.entries(values).map(([itemKey, v]) => ({ surveyId, itemKey, value: v, userId: 'U-alice', ...(partitionKey ? { partitionKey } : {}) }));
    const put = (body: unknown, token = alice, headers: Record<string, string> = {}) => srv.api('POST', '/survey-results/putItem', { token, body, headers });
    const partition = (surveyId: string, key: string, token = alice) =>
      srv.api('GET', `/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=${surveyId}&partitionKey=${encodeURIComponent(key)}`, { token });
    const countRows = async () => Number((await srv.deps.store.db.selectFrom('survey_results').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const reserved = async (calendarId: string, offset: number, slot: string) =>
      Number(
        (
          await srv.deps.store.db
            .selectFrom('slots')
            .select('reserved')
            .where('calendar_id', '=', calendarId)
            .where('day', '=', day(offset))
            .where('slot', '=', slot)
            .executeTakeFirstOrThrow()
        ).reserved,
      );

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bundle({ surveyConfigs: surveys, ...payment }), 'fixture');
      alice = await srv.token('U-alice', { name: '山田 花子' });
      bob = await srv.token('U-bob');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('a single-answer form: rows keyed surveyId#userId start the resident’s answer, then amend it', async () => {
      const first = await put({ data: rows('k-single', { name: '一回目' }, 'k-single#U-alice') });
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({ result: 'OK', partitionKey: 'k-single#U-alice', answercode: null, type: 'new' });
      const again = await put({ data: rows('k-single', { name: '二回目' }, 'k-single#U-alice') });
      expect(again.json).toMatchObject({ partitionKey: 'k-single#U-alice', type: 'amend' });
      expect((await partition('k-single', 'k-single#U-alice')).json.data.map((r: { value: string }) => r.value)).toEqual(['二回目']);
    });

    it('an appending form: a new key is a new answer under it, with the next answer code', async () => {
      const key = newKey('k-append');
      const a = await put({ data: rows('k-append', { name: '新規' }, key) });
      expect(a.status).toBe(200);
      expect(a.json).toMatchObject({ partitionKey: key, type: 'new', answercode: '1' });
      expect(a.json.data[0]).toMatchObject({ partitionKey: key, userId: 'U-alice', check: '未対応', isAppending: true, answerCode: '1' });
      const b = await put({ data: rows('k-append', { name: '二件目' }, newKey('k-append')) });
      expect(b.json.answercode).toBe('2');
    });

    it('the resident’s counter moves past a client’s key: a key the server makes later is greater', async () => {
      const future = Date.now() + 3_600_000;
      const key = `k-append#U-alice#${future}`;
      expect((await put({ data: rows('k-append', { name: '未来' }, key) })).json.partitionKey).toBe(key);
      const server = await put({ data: rows('k-append', { name: 'サーバー採番' }) });
      expect(Number(server.json.partitionKey.split('#')[2])).toBeGreaterThan(future);
    });

    it('amend by a held key: the old answer is 取り消し, the new one gets a key and code of its own', async () => {
      const key = newKey('k-append');
      const first = await put({ data: rows('k-append', { name: '変更前' }, key) });
      const amended = await put({ data: rows('k-append', { name: '変更後' }, key) });
      expect(amended.status).toBe(200);
      expect(amended.json).toMatchObject({ type: 'amend' });
      expect(amended.json.partitionKey).not.toBe(key);
      expect(Number(amended.json.answercode)).toBeGreaterThan(Number(first.json.answercode));
      expect((await partition('k-append', key)).json.data.map((r: { check: string }) => r.check)).toEqual(['取り消し']);
    });

    it('amend by the revoke payload, with the successor’s key made by the client or by the server', async () => {
      const oldKey = newKey('k-append');
      await put({ data: rows('k-append', { name: 'A' }, oldKey) });
      const successor = newKey('k-append');
      const amended = await put({ data: rows('k-append', { name: 'B' }, successor), surveyId: 'k-append', items: [{ partitionKey: oldKey }], checkStatus: '取り消し' });
      expect(amended.status).toBe(200);
      expect(amended.json).toMatchObject({ partitionKey: successor, type: 'amend' });
      expect((await partition('k-append', oldKey)).json.data[0].check).toBe('取り消し');

      const third = await put({ data: rows('k-append', { name: 'C' }), surveyId: 'k-append', items: [{ partitionKey: successor }], checkStatus: '取り消し' });
      expect(third.json.type).toBe('amend');
      expect(third.json.partitionKey).toMatch(/^k-append#U-alice#\d+$/);
      expect((await partition('k-append', successor)).json.data[0].check).toBe('取り消し');
      // The revoked answer is ended: naming it again is refused.
      const stale = await put({ data: rows('k-append', { name: 'D' }), surveyId: 'k-append', items: [{ partitionKey: oldKey }], checkStatus: '取り消し' });
      expect(stale.status).toBe(409);
      expect(stale.json.code).toBe('not_editable');
    });

    it('cancels a spec-shaped answer, which then cannot be amended', async () => {
      const key = newKey('k-append');
      await put({ data: rows('k-append', { name: '取消' }, key) });
      const c = await srv.api('POST', '/survey-results/cancelItem', { token: alice, body: { surveyId: 'k-append', partitionKey: key, userId: 'U-alice' } });
      expect(c.json).toEqual({ result: 'OK', data: { partitionKey: key, check: 'NG' } });
      expect((await put({ data: rows('k-append', { name: '取消後' }, key) })).json.code).toBe('not_editable');
    });

    it('a deleted answer’s key does not start a new answer (an edit queued before the delete)', async () => {
      const key = newKey('k-append');
      await put({ data: rows('k-append', { name: '削除' }, key) });
      const del = await srv.api('DELETE', `/survey-results/deleteItem?surveyId=k-append&partitionKey=${encodeURIComponent(key)}`, { token: alice });
      expect(del.json).toEqual({ result: 'OK', data: { deleted: 1 } });
      const late = await put({ data: rows('k-append', { name: '削除後の編集' }, key) });
      expect(late.status).toBe(404);
      expect(late.json.errorMessage).toBe('no survey result.');
    });

    it('reserves through a client’s key: slot, limits and amend behave as with the server’s key', async () => {
      const key = newKey('rsv');
      const a = await put({ data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: value('naika-a', 'i1', 8, '1'), partitionKey: key }] });
      expect(a.status).toBe(200);
      expect(a.json).toMatchObject({ partitionKey: key, type: 'new' });
      expect(await reserved('cal-a', 8, '1')).toBe(1);
      // cal-a allows one reservation a day per resident, whatever key the second one names.
      const second = await put({ data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: value('naika-a', 'i1', 8, '2'), partitionKey: newKey('rsv') }] });
      expect(second.status).toBe(409);
      expect(second.json.code).toBe('reservation_limit');
      expect(await reserved('cal-a', 8, '2')).toBe(0);
      // Moving it by its key gives the old place back.
      const moved = await put({ data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: value('naika-a', 'i1', 8, '3'), partitionKey: key }] });
      expect(moved.json.type).toBe('amend');
      expect([await reserved('cal-a', 8, '1'), await reserved('cal-a', 8, '3')]).toEqual([0, 1]);
      const c = await srv.api('POST', '/survey-results/cancelItem', { token: alice, body: { surveyId: 'rsv', partitionKey: moved.json.partitionKey } });
      expect(c.json.data.check).toBe('キャンセル');
      expect(await reserved('cal-a', 8, '3')).toBe(0);
    });

    it('another resident’s key is a 404 and a malformed key a 400, with nothing written', async () => {
      const bobs = await put({ data: rows('k-append', { name: 'ボブ' }) }, bob);
      const before = await countRows();
      for (const key of [newKey('k-append', 'U-bob'), bobs.json.partitionKey, 'k-single#U-bob']) {
        const surveyId = key.split('#')[0] as string;
        const r = await put({ data: rows(surveyId, { name: '乗っ取り' }, key) });
        expect([key, r.status, r.json.errorMessage]).toEqual([key, 404, 'no survey result.']);
        const revoke = await put({ data: rows(surveyId, { name: '乗っ取り' }), surveyId, items: [{ partitionKey: key }] });
        expect([key, revoke.status]).toEqual([key, 404]);
      }
      const malformed: [string, string][] = [
        ['k-append', 'k-single#U-alice#1700000000000'],
        ['k-append', 'k-append#U-alice'],
        ['k-append', 'k-append#U-alice#soon'],
        ['k-append', 'k-append#U-alice#1700000000000#2'],
        ['k-single', 'k-single#U-alice#1700000000000'],
        ['k-single', 'k-single'],
      ];
      for (const [surveyId, key] of malformed) {
        const r = await put({ data: rows(surveyId, { name: '形違い' }, key) });
        expect([key, r.status, r.json.code, r.json.issues?.[0]?.path]).toEqual([key, 400, 'bad_request', 'data.0.partitionKey']);
      }
      const status = await put({ data: rows('k-append', { name: 'x' }), surveyId: 'k-append', items: [{ partitionKey: bobs.json.partitionKey }], checkStatus: '完了' });
      expect(status.status).toBe(400);
      expect(await countRows()).toBe(before);
    });

    it('an Idempotency-Key replays a spec-shaped new answer unchanged; without one, a repeat is an amend', async () => {
      const key = newKey('k-append');
      const body = { data: rows('k-append', { name: '一度' }, key) };
      const first = await put(body, alice, { 'Idempotency-Key': 'spec-key-1' });
      const again = await put(body, alice, { 'Idempotency-Key': 'spec-key-1' });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
      expect((await partition('k-append', key)).json.data.map((r: { check: string }) => r.check)).toEqual(['未対応']);
      const repeat = await put(body);
      expect(repeat.json.type).toBe('amend');
    });

    it('keeps subData and order with the answer, answers them, and keeps the order through an amend', async () => {
      const key = newKey('k-pay');
      const subData = [{ surveyId: 'k-pay', itemKey: 'memo', value: '付記', partitionKey: key }];
      const first = await put({ data: rows('k-pay', { name: '購入', ...bought(2) }, key), subData, order: { ...order, status: 0, orderId: 'forged' } });
      expect(first.status).toBe(200);
      expect(first.json.subData).toEqual([{ itemKey: 'memo', value: '付記' }]);
      expect(first.json.order).toMatchObject(order);
      expect(first.json.order).not.toHaveProperty('orderId');
      expect(first.json.order).not.toHaveProperty('status');
      const read = await partition('k-pay', key);
      expect(read.json).toMatchObject({ subData: [{ itemKey: 'memo', value: '付記' }], order });

      const changed = await put({ data: rows('k-pay', { name: '変更', ...bought(3) }, key) });
      expect(changed.status).toBe(403);
      expect(changed.json).toMatchObject({ code: 'order_locked', errorMessage: '購入した商品は変更できません。' });
      const amended = await put({ data: rows('k-pay', { name: '変更', ...bought(2) }, key) });
      expect(amended.json).toMatchObject({ type: 'amend', order, subData: [{ itemKey: 'memo', value: '付記' }] });
      expect((await partition('k-pay', amended.json.partitionKey)).json.order).toMatchObject(order);

      const card = await put({ data: rows('k-pay', { name: 'カード', ...bought(2, '0') }), order: { ...order, selectedPayType: 0, payMethod: 'credit' } });
      expect(card.json.code).toBe('payment_required');
      const notSold = await put({ data: rows('k-append', { name: '注文' }), order });
      expect(notSold.status).toBe(400);
      expect(notSold.json.issues[0].path).toBe('order');
    });
  });
}
