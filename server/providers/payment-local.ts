/**
 * The local payment provider: in development it plays the card provider's part with the same
 * protocol (sps-form.ts), so the whole payment path runs with no outside service. Mounted by
 * app.ts at LOCAL_PAYMENT_PATH only when config says 'local' (never outside development).
 *
 * POST pay: the signed form the browser brings; a bad hash is refused. It shows a card page
 * (server-rendered, no script, no outside asset: within the app's CSP) with three test cards.
 * POST result: the chosen card. Like the provider, it first posts the result notification
 * (pagecon) to the server, server to server, then sends the browser to the success, error or
 * cancel URL (303). A notification the server does not answer OK sends the browser to error.
 * POST refund: a signed refund request (sps-refund.ts), server to server. Its ledger keeps one
 * refund per tracking id: asking again answers the refund already made, as the provider does.
 */
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { Temporal } from 'temporal-polyfill';
import type { Logger } from '../log';
import { fieldValue, fieldsOfForm, requestDateOf, signNotification, type Field } from '../payments/sps-form';
import { signRefundResponse, type RefundResponse } from '../payments/sps-refund';
import type { PaymentProvider } from './payment';

export const TEST_CARDS = [
  { card: 'success', number: '4111 1111 1111 1111', label: '承認される（成功）', result: 'OK' },
  { card: 'declined', number: '4000 0000 0000 0002', label: '拒否される（エラー）', result: 'NG' },
  { card: 'cancel', number: '', label: '購入をやめる（キャンセル）', result: 'CN' },
] as const;

export interface LocalRefund {
  trackingId: string;
  orderId: string;
  refundId: string;
  at: string;
  /** How many requests asked for it (the first refunded; the others were answered the same). */
  requests: number;
}

/** The refunds the local provider made, by tracking id: one ledger per provider (tests read it). */
const ledgers = new WeakMap<PaymentProvider, Map<string, LocalRefund>>();
export const localRefunds = (provider: PaymentProvider): Map<string, LocalRefund> => {
  let ledger = ledgers.get(provider);
  if (!ledger) ledgers.set(provider, (ledger = new Map()));
  return ledger;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

const page = (title: string, body: string) => `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: 'Hiragino Sans', 'Noto Sans JP', 'Yu Gothic', sans-serif; margin: 0; background: #f2f4f3; color: #222; }
  main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .note { font-size: .85rem; color: #555; }
  .error { background: #fde8e8; color: #a11; padding: .75rem; border-radius: .5rem; }
  dl { background: #fff; border: 1px solid #dde2df; border-radius: .75rem; padding: .75rem; }
  dt { font-size: .85rem; color: #555; } dd { margin: 0 0 .5rem; font-weight: bold; }
  button { display: block; width: 100%; margin: 0 0 .75rem; padding: .75rem 1rem; min-height: 48px; border: 1px solid #0b6b3a;
    border-radius: .5rem; background: #fff; color: #0b6b3a; font: inherit; text-align: left; }
  .num { display: block; font-family: ui-monospace, monospace; font-size: .85rem; color: #444; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;

const refusedPage = (c: Context) =>
  c.html(page('決済エラー', '<h1>決済エラー</h1><p class="error" role="alert">決済要求の署名が正しくありません。最初からやり直してください。</p>'), 400);

export const createLocalPaymentRoutes = (provider: PaymentProvider, log: Logger): Hono => {
  const app = new Hono();
  const genuine = (fields: readonly Field[]) =>
    provider.verify(fields) &&
    fieldValue(fields, 'merchant_id') === provider.merchant.merchantId &&
    fieldValue(fields, 'service_id') === provider.merchant.serviceId;

  app.post('/pay', async (c) => {
    const fields = fieldsOfForm(await c.req.text());
    if (!genuine(fields)) return refusedPage(c);
    const hidden = fields.map((f) => `<input type="hidden" name="${escapeHtml(f.name)}" value="${escapeHtml(f.value)}">`).join('\n');
    const cards = TEST_CARDS.map(
      (t) => `<button type="submit" name="card" value="${t.card}">${escapeHtml(t.label)}${t.number ? `<span class="num">${t.number}</span>` : ''}</button>`,
    ).join('\n');
    return c.html(
      page(
        'カード決済（開発用）',
        `<h1>カード決済（開発用）</h1>
<p class="note">カード決済会社の代わりです（開発用・本番では無効）。テスト用のカードを選んでください。</p>
<dl><dt>ご購入内容</dt><dd>${escapeHtml(fieldValue(fields, 'item_name') ?? '')}</dd>
<dt>お支払い金額</dt><dd>${escapeHtml(fieldValue(fields, 'amount') ?? '')}円（うち消費税 ${escapeHtml(fieldValue(fields, 'tax') ?? '')}円）</dd></dl>
<form method="post" action="result">
${hidden}
${cards}
</form>`,
      ),
    );
  });

  app.post('/result', async (c) => {
    const all = fieldsOfForm(await c.req.text());
    const card = TEST_CARDS.find((t) => t.card === fieldValue(all, 'card'));
    const fields = all.filter((f) => f.name !== 'card');
    if (!card || !genuine(fields)) return refusedPage(c);
    const sent = (name: string) => fieldValue(fields, name) ?? '';
    const now = requestDateOf(Temporal.Now.instant());
    const notification = signNotification(
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
        res_result: card.result,
        res_tracking_id: crypto.randomUUID().replaceAll('-', ''),
        res_payment_date: card.result === 'OK' ? now : '',
        res_err_code: card.result === 'NG' ? 'N1001' : '',
        res_date: now,
      },
      provider.merchant.hashKey,
    );
    let accepted = false;
    try {
      const res = await fetch(fieldValue(fields, 'pagecon_url') ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(notification.map((f) => [f.name, f.value])).toString(),
      });
      accepted = res.ok && (await res.text()).startsWith('OK');
    } catch (e) {
      log('warn', { msg: 'local payment provider: pagecon failed', error: String(e) });
    }
    const to = !accepted ? 'error_url' : card.result === 'OK' ? 'success_url' : card.result === 'CN' ? 'cancel_url' : 'error_url';
    return c.redirect(fieldValue(fields, to) ?? '/', 303);
  });

  app.post('/refund', async (c) => {
    const fields = fieldsOfForm(await c.req.text());
    const now = requestDateOf(Temporal.Now.instant());
    const answer = (r: Omit<RefundResponse, 'res_date'>) =>
      c.body(new URLSearchParams(signRefundResponse({ ...r, res_date: now }, provider.merchant.hashKey).map((f) => [f.name, f.value])).toString(), 200, {
        'content-type': 'application/x-www-form-urlencoded',
      });
    const trackingId = fieldValue(fields, 'tracking_id') ?? '';
    if (!genuine(fields) || trackingId === '') return answer({ res_result: 'NG', res_sps_transaction_id: '', res_process_date: '', res_err_code: 'bad_request' });
    const ledger = localRefunds(provider);
    const done = ledger.get(trackingId) ?? { trackingId, orderId: fieldValue(fields, 'cust_order_id') ?? '', refundId: crypto.randomUUID().replaceAll('-', ''), at: now, requests: 0 };
    done.requests += 1;
    ledger.set(trackingId, done);
    return answer({ res_result: 'OK', res_sps_transaction_id: done.refundId, res_process_date: done.at, res_err_code: '' });
  });

  return app;
};
