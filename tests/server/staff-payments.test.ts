/**
 * The console's payments (server/routes/staff-payments.ts) on both engines: the list of the
 * orders of the person's forms, filtered (statuses, pay method, completed Asia/Tokyo days, form)
 * and paged by keyset; a refund of a completed (0 → 2) and an authorised (3 → 4) card order through
 * the local provider, the answer left as it was; refused for 1, 2, 4 and unsettled orders, for
 * operators and guests, outside the teams; a replayed Idempotency-Key refunding once; the audit
 * rows and the answer's history event; the receipt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { importBundle } from '../../server/forms/import';
import type { PaymentProvider } from '../../server/providers/payment';
import { localRefunds } from '../../server/providers/payment-local';
import { engines, startTestServer, type TestServer } from './harness';
import { order, paymentBundle } from './payment-fixture';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';

interface Seed {
  id: string;
  surveyId?: string;
  status: number | null;
  phase?: string;
  payMethod?: string;
  /** Minutes before now it was created (the list's order). */
  ago: number;
  completedAt?: string | null;
  tracked?: boolean;
  name?: string;
}

const SEEDS: Seed[] = [
  { id: 'o-done', status: 0, payMethod: 'paypay', ago: 1, name: '返金 太郎' },
  { id: 'o-auth', status: 3, payMethod: 'credit', ago: 2, name: '与信 花子' },
  { id: 'o-na', status: 1, payMethod: 'paypay', ago: 3 },
  { id: 'o-refunded', status: 2, payMethod: 'credit', ago: 4 },
  { id: 'o-cancelled', status: 4, payMethod: 'credit', ago: 5 },
  { id: 'o-pending', status: null, phase: 'pending', payMethod: 'credit', ago: 6, completedAt: null },
  { id: 'o-old', status: 0, payMethod: 'linepay', ago: 31 * 24 * 60, completedAt: '2026-03-31T14:59:59.000Z' },
  { id: 'o-untracked', status: 0, payMethod: 'linepay', ago: 8, completedAt: '2026-03-31T15:00:00.000Z', tracked: false },
  { id: 'o-other', surveyId: 'pay-off', status: 0, payMethod: 'paypay', ago: 9 },
];
const byAge = (seeds: Seed[]) => [...seeds].sort((a, b) => a.ago - b.ago).map((s) => s.id);
/** The team's orders, newest first. */
const MINE = byAge(SEEDS.filter((s) => s.surveyId === undefined));

describe.each(engines())('console payments (%s)', (engine) => {
  let srv: TestServer;
  const cookies: Record<'admin' | 'member' | 'operator' | 'guest' | 'stranger', string> = { admin: '', member: '', operator: '', guest: '', stranger: '' };
  let memberId = '';
  const db = () => srv.deps.store.db;
  const ledger = () => localRefunds(srv.deps.payment as PaymentProvider);
  const keyOf = (id: string) => `${SEEDS.find((s) => s.id === id)?.surveyId ?? 'pay'}#U-${id}#1`;

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, paymentBundle(), 'fixture');
    await giveTeam(srv.deps.store, '会計', 'survey', ['pay']);
    await giveTeam(srv.deps.store, '別課', 'survey', ['pay-off']);
    const member = await makeStaff(srv.deps.store, { role: 'member', teams: ['会計'], name: '会計 一郎' });
    memberId = member.id;
    cookies.member = await signIn(srv, member);
    cookies.admin = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin' }));
    cookies.operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['会計'] }));
    cookies.guest = await signIn(srv, await makeStaff(srv.deps.store, { role: 'guest', teams: ['会計'] }));
    cookies.stranger = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['別課'] }));
    const now = Date.now();
    await srv.deps.store.write(async (trx) => {
      for (const [i, s] of SEEDS.entries()) {
        const surveyId = s.surveyId ?? 'pay';
        const created = new Date(now - s.ago * 60_000).toISOString();
        const pk = keyOf(s.id);
        const o = order({ payMethod: s.payMethod, orderId: s.id });
        await trx
          .insertInto('survey_results')
          .values({ partition_key: pk, sort_key: 'name', survey_id: surveyId, user_id: `U-${s.id}`, item_key: 'name', value: s.name ?? '', title: 'お名前', type: 'liff', check_status: '対応中', user_search_key: null, is_liff_mode: 1, registrant_name: 'LINEユーザー', user_name: null, clinic_attributes: null, is_appending: 1, status: null, answer_code: String(200001 + i), created_at: created, updated_at: created })
          .execute();
        await trx.insertInto('answer_extras').values({ partition_key: pk, survey_id: surveyId, user_id: `U-${s.id}`, sub_data_json: null, order_json: JSON.stringify({ ...o, status: s.status ?? undefined }), updated_at: created }).execute();
        await trx
          .insertInto('payment_orders')
          .values({
            order_id: s.id,
            survey_id: surveyId,
            partition_key: pk,
            user_id: `U-${s.id}`,
            phase: s.phase ?? 'paid',
            status: s.status,
            amount_with_tax: 2750,
            pay_method: s.payMethod ?? null,
            order_json: JSON.stringify(o),
            result_json: s.phase === 'pending' ? null : JSON.stringify(s.tracked === false ? { res_result: 'OK' } : { res_result: 'OK', res_tracking_id: `trk-${s.id}` }),
            // A pending order still within its hold: the hold sweep (a job that may run at any time) leaves it.
            hold_until: s.phase === 'pending' ? new Date(now + 3600_000).toISOString() : created,
            created_at: created,
            updated_at: created,
            completed_at: s.completedAt !== undefined ? s.completedAt : s.phase === 'pending' ? null : created,
            canceled_at: null,
          })
          .execute();
      }
    });
  });
  afterAll(async () => srv?.stop());

  const list = async (query: string, who: keyof typeof cookies = 'member') => staffFetch(srv, 'GET', `/payments${query}`, { cookie: cookies[who] });
  const ids = (r: { json: any }) => (r.json.data.orders as { orderId: string }[]).map((o) => o.orderId);
  const refund = (id: string, who: keyof typeof cookies = 'member', key?: string, body: unknown = {}) =>
    staffFetch(srv, 'POST', `/payments/${id}/refund`, { cookie: cookies[who], body, headers: key ? { 'Idempotency-Key': key } : {} });
  const statusOf = async (id: string) => {
    const r = await db().selectFrom('payment_orders').select('status').where('order_id', '=', id).executeTakeFirstOrThrow();
    return r.status === null ? null : Number(r.status);
  };
  const audits = (action: string) => db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('seq').execute();
  const refundRows = (id: string) => db().selectFrom('payment_refunds').selectAll().where('order_id', '=', id).execute();

  it('lists the orders of the person’s forms, newest first, with what each row shows; each read audited', async () => {
    const r = await list('');
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(ids(r)).toEqual(MINE);
    expect(r.json.data.next).toBeNull();
    expect(r.json.data.forms).toEqual([{ surveyId: 'pay', title: '接種予約（有料）' }]);
    const first = r.json.data.orders[0];
    expect(first).toMatchObject({
      orderId: 'o-done',
      surveyId: 'pay',
      formTitle: '接種予約（有料）',
      partitionKey: keyOf('o-done'),
      answerCode: '200001',
      residentName: '返金 太郎',
      serviceName: '予防接種',
      amountWithTax: 2750,
      payMethod: 'paypay',
      status: 0,
      phase: 'paid',
      canceledAt: null,
    });
    expect(r.json.data.orders.find((o: any) => o.orderId === 'o-na').residentName).toBeNull();
    expect(r.json.data.orders.find((o: any) => o.orderId === 'o-pending')).toMatchObject({ status: null, phase: 'pending', completedAt: null });
    const [row] = await audits('payment.list');
    expect(row).toMatchObject({ actor_kind: 'staff', actor_id: memberId, target_kind: 'answer' });
    expect(JSON.parse(row?.target_ids_json as string)).toEqual(MINE.map(keyOf));
    // An admin reaches every form; another team's member only theirs.
    expect(ids(await list('', 'admin'))).toEqual(byAge(SEEDS));
    expect(ids(await list('', 'stranger'))).toEqual(['o-other']);
    expect(ids(await list('', 'guest'))).toEqual(MINE);
  });

  it('filters by statuses, pay method, completed Asia/Tokyo days and form', async () => {
    expect(ids(await list('?status=0&status=3'))).toEqual(['o-done', 'o-auth', 'o-untracked', 'o-old']);
    expect(ids(await list('?status=2'))).toEqual(['o-refunded']);
    expect(ids(await list('?payMethod=paypay'))).toEqual(['o-done', 'o-na']);
    expect(ids(await list('?payMethod=linepay&payMethod=paypay&status=0'))).toEqual(['o-done', 'o-untracked', 'o-old']);
    // 2026-03-31T15:00Z is 4月1日 0:00 in Tokyo; a second earlier is still 3月31日.
    expect(ids(await list('?completedFrom=2026-04-01&completedTo=2026-04-01'))).toEqual(['o-untracked']);
    expect(ids(await list('?completedFrom=2026-03-31&completedTo=2026-03-31'))).toEqual(['o-old']);
    expect(ids(await list('?surveyId=pay&status=4'))).toEqual(['o-cancelled']);
    const other = await list('?surveyId=pay-off');
    expect(other.status).toBe(403);
    expect(other.json.code).toBe('staff_team_forbidden');
    expect((await list('?status=5')).status).toBe(400);
    expect((await list('?payMethod=bitcoin')).status).toBe(400);
  });

  it('pages by keyset: every order once, in order, even with a newer one arriving between pages', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const r = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(r));
      cursor = r.json.data.next;
      if (page === 0) {
        // A new order now: newest, so before the first page, never in a later one.
        const now = new Date().toISOString();
        await srv.deps.store.write((trx) =>
          trx
            .insertInto('payment_orders')
            .values({ order_id: 'o-new', survey_id: 'pay', partition_key: 'pay#U-new#1', user_id: 'U-new', phase: 'pending', status: null, amount_with_tax: 2750, pay_method: 'credit', order_json: JSON.stringify(order()), result_json: null, hold_until: now, created_at: now, updated_at: now, completed_at: null, canceled_at: null })
            .execute(),
        );
      }
      if (cursor === null) break;
    }
    expect(seen).toEqual(MINE);
    expect(ids(await list('?limit=1'))).toEqual(['o-new']);
    const bad = await list('?cursor=bm90IGEgY3Vyc29y');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('bad_request');
  });

  it('refunds a completed order (0 → 2) through the provider, once; the answer stays as it was', async () => {
    const r = await refund('o-done', 'member', 'refund-done-1', { note: '二重払いのため' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.order).toMatchObject({ orderId: 'o-done', status: 2, residentName: '返金 太郎' });
    expect(r.json.data.order.canceledAt).not.toBeNull();
    expect(await statusOf('o-done')).toBe(2);
    expect(ledger().get('trk-o-done')).toMatchObject({ requests: 1, orderId: 'o-done' });
    expect(await refundRows('o-done')).toHaveLength(1);
    // The answer keeps its status; its kept order follows the payment; its history says who.
    const answer = await db().selectFrom('survey_results').select('check_status').where('partition_key', '=', keyOf('o-done')).execute();
    expect(answer.map((a) => a.check_status)).toEqual(['対応中']);
    const extras = await db().selectFrom('answer_extras').select('order_json').where('partition_key', '=', keyOf('o-done')).executeTakeFirstOrThrow();
    expect(JSON.parse(extras.order_json as string)).toMatchObject({ status: 2 });
    const events = await db().selectFrom('answer_events').selectAll().where('partition_key', '=', keyOf('o-done')).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'refund', from_value: '0', to_value: '2', actor_kind: 'staff', actor_id: memberId, actor_name: '会計 一郎', note: '二重払いのため' });
    const page = await staffFetch(srv, 'GET', `/forms/pay/answers/${encodeURIComponent(keyOf('o-done'))}`, { cookie: cookies.member });
    expect(page.json.data.history[0]).toMatchObject({ kind: 'refund', from: '0', status: '2', note: '二重払いのため' });
    const [row] = await audits('payment.refund');
    expect(row).toMatchObject({ actor_kind: 'staff', actor_id: memberId, target_kind: 'answer', outcome: 'ok' });
    expect(JSON.parse(row?.target_ids_json as string)).toEqual([keyOf('o-done')]);
    expect(JSON.parse(row?.detail_json as string)).toMatchObject({ surveyId: 'pay', orderId: 'o-done', from: 0, to: 2, amountWithTax: 2750, noted: true });
  });

  it('a replayed key answers the first refund: one provider refund, one record, one audit row; another key is refused', async () => {
    const first = await refund('o-auth', 'admin', 'refund-auth-1');
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data.order.status).toBe(4);
    const again = await refund('o-auth', 'admin', 'refund-auth-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await statusOf('o-auth')).toBe(4);
    expect(ledger().get('trk-o-auth')?.requests).toBe(1);
    expect(await refundRows('o-auth')).toHaveLength(1);
    expect((await audits('payment.refund')).filter((a) => a.target_ids_json.includes('U-o-auth'))).toHaveLength(1);
    const other = await refund('o-auth', 'admin', 'refund-auth-2');
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ code: 'payment_refund_not_allowed', errorMessage: refusalText('payment_refund_not_allowed', { status: '与信取消' }) });
    // The same key for another order is another request.
    expect((await refund('o-na', 'admin', 'refund-auth-1')).json.code).toBe('idempotency_key_reused');
    expect(ledger().get('trk-o-auth')?.requests).toBe(1);
  });

  it('refuses 1, 2, 4 and unsettled orders, too old or untracked ones, with nothing asked of the provider and no audit row', async () => {
    const before = (await audits('payment.refund')).length;
    for (const [id, label] of [
      ['o-na', '対象外'],
      ['o-refunded', '返金済み'],
      ['o-cancelled', '与信取消'],
      ['o-pending', '決済確認中'],
    ] as const) {
      const r = await refund(id);
      expect(r.status, id).toBe(409);
      expect(r.json).toMatchObject({ code: 'payment_refund_not_allowed', errorMessage: refusalText('payment_refund_not_allowed', { status: label }) });
    }
    expect((await refund('o-old')).json).toMatchObject({ code: 'payment_refund_too_old', errorMessage: refusalText('payment_refund_too_old') });
    expect((await refund('o-untracked')).json.code).toBe('payment_refund_unavailable');
    expect((await refund('o-nothing')).status).toBe(404);
    for (const id of ['o-na', 'o-refunded', 'o-cancelled', 'o-pending', 'o-old', 'o-untracked']) expect(ledger().has(`trk-${id}`), id).toBe(false);
    expect(await statusOf('o-na')).toBe(1);
    expect(await statusOf('o-old')).toBe(0);
    expect((await audits('payment.refund')).length).toBe(before);
  });

  it('operators and guests may not refund (403 staff_forbidden), nor staff of another team', async () => {
    for (const who of ['operator', 'guest'] as const) {
      const r = await refund('o-untracked', who);
      expect(r.status, who).toBe(403);
      expect(r.json.code).toBe('staff_forbidden');
    }
    const stranger = await refund('o-untracked', 'stranger');
    expect(stranger.status).toBe(403);
    expect(stranger.json.code).toBe('staff_team_forbidden');
    const other = await refund('o-other', 'member');
    expect(other.json.code).toBe('staff_team_forbidden');
    expect(await statusOf('o-other')).toBe(0);
    expect(ledger().has('trk-o-other')).toBe(false);
  });

  it('shows a paid order’s receipt, addressed to the answer’s name, audited; none for an unpaid one', async () => {
    const r = await staffFetch(srv, 'GET', '/payments/o-done/receipt', { cookie: cookies.guest });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      addressee: '返金 太郎',
      receipt: { orderId: 'o-done', answerCode: '200001', serviceName: '予防接種', payMethod: 'paypay', amount: 2550, tax: 200, receiptCreatorName: 'さくら市民クリニック' },
    });
    expect((await audits('payment.receipt')).at(-1)).toMatchObject({ target_ids_json: JSON.stringify([keyOf('o-done')]) });
    expect((await staffFetch(srv, 'GET', '/payments/o-pending/receipt', { cookie: cookies.member })).status).toBe(404);
    expect((await staffFetch(srv, 'GET', '/payments/o-other/receipt', { cookie: cookies.member })).json.code).toBe('staff_team_forbidden');
  });
});
