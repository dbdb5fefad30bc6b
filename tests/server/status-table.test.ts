/**
 * The status table (core/rules/status-effects.ts) against the running server, on both engines:
 * for every status, a staff member sets it (or is refused, for the ones staff may not set) on a
 * booking, a bed stay and a paid booking, and the effects the table names happen and no others —
 * slots given back, bed nights given back, a refund issued once (replayed: still once); and a
 * resident may edit or cancel an answer in that status exactly when the table says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_STATUSES, type CheckStatus } from '@core/contract/result-rows';
import { effectsOf } from '@core/rules/status-effects';
import { importBundle } from '../../server/forms/import';
import { signNotification } from '../../server/payments/sps-form';
import { localRefunds } from '../../server/providers/payment-local';
import type { PaymentProvider } from '../../server/providers/payment';
import { bedBundle, day as bedDay, stayRows } from './bed-fixture';
import { engines, startTestServer, type TestServer } from './harness';
import { answerRows, order, paymentBundle } from './payment-fixture';
import { day } from './reservation-fixture';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';

for (const engine of engines()) {
  describe(`status table (${engine})`, () => {
    let srv: TestServer;
    let cookie: string;
    let n = 0;
    const db = () => srv.deps.store.db;

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, paymentBundle(), 'fixture');
      await importBundle(srv.deps.store, bedBundle(), 'beds');
      await giveTeam(srv.deps.store, '窓口', 'survey', ['rsv', 'pay', 'bed']);
      cookie = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['窓口'] }));
    });
    afterAll(async () => srv?.stop());

    const setStatus = (surveyId: string, partitionKeys: string[], status: CheckStatus) =>
      staffFetch(srv, 'POST', `/forms/${surveyId}/answers/status`, { cookie, body: { partitionKeys, status } });
    const reserved = async (offset: number, slot: string) =>
      Number(
        (await db().selectFrom('slots').select('reserved').where('calendar_id', '=', 'cal-b').where('day', '=', day(offset)).where('slot', '=', slot).executeTakeFirstOrThrow())
          .reserved,
      );
    const nightsReserved = async (night: string) =>
      Number((await db().selectFrom('bed_nights').select('reserved').where('survey_id', '=', 'bed').where('night', '=', night).executeTakeFirstOrThrow()).reserved);
    const checkOf = async (table: 'survey_results' | 'bed_stays', partitionKey: string) =>
      [...new Set((await db().selectFrom(table).select('check_status').where('partition_key', '=', partitionKey).execute()).map((r) => r.check_status))];
    const forceStatus = (partitionKey: string, status: CheckStatus) =>
      srv.deps.store.write((trx) => trx.updateTable('survey_results').set({ check_status: status }).where('partition_key', '=', partitionKey).execute());

    /** A booking of slot `slot` of cal-b `offset` days ahead, by a resident of its own. */
    const book = async (offset: number, slot: string) => {
      const token = await srv.token(`U-table-${++n}`);
      const r = await srv.api('POST', '/survey-results/putItem', {
        token,
        body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: `naika-b_v1|${day(offset)}|${slot}` }, { surveyId: 'rsv', itemKey: 'name', value: '状態 太郎' }] },
      });
      expect(r.status, r.text).toBe(200);
      return { token, partitionKey: r.json.partitionKey as string };
    };
    const stay = async (offset: number) => {
      const token = await srv.token(`U-table-${++n}`);
      const r = await srv.api('POST', '/bed-reservation/bed', { token, body: { data: stayRows(bedDay(offset), bedDay(offset + 1)) } });
      expect(r.status, r.text).toBe(200);
      return r.json.data.partitionKey as string;
    };
    /** A booking paid by card through the local provider (its notification carries a tracking id). */
    const paidBooking = async (offset: number) => {
      const token = await srv.token(`U-table-${++n}`);
      const t = await srv.api('POST', '/survey-results/temprary', { token, body: { data: answerRows('pay', offset), order: order() } });
      expect(t.status, t.text).toBe(200);
      const orderId = t.json.orderId as string;
      const o = order();
      const f = await srv.api('POST', '/payment-orders', {
        token,
        body: { surveyId: 'pay', serviceSortKey: o.serviceSortKey, serviceId: o.serviceId, serviceName: o.serviceName, tax: o.tax, amount: o.amount, orderId, details: o.details },
      });
      const form = f.json.data.fields as { name: string; value: string }[];
      const sent = (name: string) => form.find((x) => x.name === name)?.value ?? '';
      const provider = srv.deps.payment as PaymentProvider;
      const fields = signNotification(
        {
          pay_method: sent('pay_method'),
          merchant_id: sent('merchant_id'),
          service_id: sent('service_id'),
          cust_code: sent('cust_code'),
          order_id: sent('order_id'),
          item_id: sent('item_id'),
          item_name: sent('item_name'),
          tax: sent('tax'),
          amount: sent('amount'),
          res_result: 'OK',
          res_tracking_id: `trk-${orderId}`,
          res_payment_date: '20260101120000',
          res_err_code: '',
          res_date: '20260101120000',
        },
        provider.merchant.hashKey,
      );
      const res = await srv.fetch('/payments/pagecon', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields.map((x) => [x.name, x.value])).toString(),
      });
      expect(await res.text()).toBe('OK,');
      const row = await db().selectFrom('payment_orders').select(['partition_key']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
      return { orderId, trackingId: `trk-${orderId}`, partitionKey: row.partition_key };
    };
    const orderStatus = async (orderId: string) =>
      Number((await db().selectFrom('payment_orders').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow()).status);

    CHECK_STATUSES.forEach((status, i) => {
      const e = effectsOf(status);
      it(`${status}: staff ${e.staffMaySet ? 'set it' : 'may not set it'}; slots and bed nights ${e.givesBack ? 'given back' : 'kept'}; ${e.refunds ? 'refunded once' : 'no refund'}`, async () => {
        const offset = 2 + i;
        const booking = await book(offset, '2');
        const stayKey = await stay(20 + 2 * i);
        const paid = await paidBooking(offset);
        const [slotBefore, paidSlotBefore, nightsBefore] = [await reserved(offset, '2'), await reserved(offset, '1'), await nightsReserved(bedDay(20 + 2 * i))];

        const r = await setStatus('rsv', [booking.partitionKey], status);
        const bed = await setStatus('bed', [stayKey], status);
        const pay = await setStatus('pay', [paid.partitionKey], status);
        const replay = await setStatus('pay', [paid.partitionKey], status);
        if (!e.staffMaySet) {
          for (const x of [r, bed, pay]) expect(x.json).toMatchObject({ code: 'status_not_settable', errorMessage: `「${status}」は職員が設定できない状態です。` });
          expect(await checkOf('survey_results', booking.partitionKey)).toEqual(['未対応']);
          expect(await checkOf('bed_stays', stayKey)).toEqual(['未対応']);
        } else {
          for (const x of [r, bed, pay]) expect(x.json, JSON.stringify(x.json)).toMatchObject({ result: 'OK', data: { changed: status === '未対応' ? 0 : 1 } });
          expect(replay.json).toMatchObject({ result: 'OK', data: { changed: 0 } });
          expect(await checkOf('survey_results', booking.partitionKey)).toEqual([status]);
          expect(await checkOf('bed_stays', stayKey)).toEqual([status]);
        }
        expect(await reserved(offset, '2')).toBe(slotBefore - (e.givesBack && e.staffMaySet ? 1 : 0));
        expect(await reserved(offset, '1')).toBe(paidSlotBefore - (e.givesBack && e.staffMaySet ? 1 : 0));
        expect(await nightsReserved(bedDay(20 + 2 * i))).toBe(nightsBefore - (e.givesBack && e.staffMaySet ? 1 : 0));
        const refunded = e.refunds && e.staffMaySet;
        // Paid by credit card: authorised (3); its refund cancels the authorisation (4).
        expect(await orderStatus(paid.orderId)).toBe(refunded ? 4 : 3);
        expect(localRefunds(srv.deps.payment as PaymentProvider).get(paid.trackingId)?.requests ?? 0).toBe(refunded ? 1 : 0);
        expect((await db().selectFrom('payment_refunds').selectAll().where('order_id', '=', paid.orderId).execute()).length).toBe(refunded ? 1 : 0);

        // The resident's side: an answer in this status may be edited / cancelled as the table says.
        const mine = await book(offset, '3');
        await forceStatus(mine.partitionKey, status);
        const edit = await srv.api('POST', '/survey-results/putItem', {
          token: mine.token,
          body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: `naika-b_v1|${day(offset)}|3`, partitionKey: mine.partitionKey }, { surveyId: 'rsv', itemKey: 'name', value: '変更 太郎', partitionKey: mine.partitionKey }] },
        });
        expect(edit.status === 200, `edit ${status}: ${edit.text}`).toBe(e.residentEdit === null);
        const other = await book(offset, '4');
        await forceStatus(other.partitionKey, status);
        const cancel = await srv.api('POST', '/survey-results/cancelItem', { token: other.token, body: { surveyId: 'rsv', partitionKey: other.partitionKey } });
        expect(cancel.status === 200, `cancel ${status}: ${cancel.text}`).toBe(e.residentCancel === null);
      });
    });

    it('a resident changing an answer makes it 変更あり, in its history with the resident as actor', async () => {
      const mine = await book(12, '5');
      const edit = await srv.api('POST', '/survey-results/putItem', {
        token: mine.token,
        body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: `naika-b_v1|${day(12)}|5`, partitionKey: mine.partitionKey }, { surveyId: 'rsv', itemKey: 'name', value: '変更 花子', partitionKey: mine.partitionKey }] },
      });
      expect(edit.status).toBe(200);
      const successor = edit.json.partitionKey as string;
      expect(await checkOf('survey_results', successor)).toEqual(['変更あり']);
      const events = await db().selectFrom('answer_events').selectAll().where('partition_key', 'in', [mine.partitionKey, successor]).orderBy('partition_key').execute();
      expect(events.map((ev) => [ev.partition_key, ev.actor_kind, ev.from_value, ev.to_value])).toEqual(
        [
          [mine.partitionKey, 'resident', '未対応', '取り消し'],
          [successor, 'resident', '未対応', '変更あり'],
        ].sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)),
      );
    });
  });
}
