/**
 * Where the card provider reaches this server. The result notification (pagecon): a form-encoded POST, server to server, with no
 * resident token. Outside the contract and the API prefix (it is the provider's protocol, not
 * the app's: PAGECON_PATH), bounded like any body, answered
 * in the provider's plain-text shape: `OK,` when taken (a replay too), `NG,{reason}` otherwise.
 * A bad hash or a field outside the provider's list changes nothing and is logged; so does a
 * wrong order, merchant, customer or amount (settle.ts).
 */
import { bodyLimit } from 'hono/body-limit';
import type { App } from '../app-env';
import type { Logger } from '../log';
import type { Store } from '../store/open';
import type { PaymentProvider } from '../providers/payment';
import { applyNotification } from '../payments/settle';
import type { LineOutbox } from '../line/outbox';
import { fieldValue, fieldsOfForm } from '../payments/sps-form';

/** Where the provider posts its notifications. */
export const PAGECON_PATH = '/payments/pagecon';
/** A notification is a few hundred bytes; anything far larger is not one. */
const PAGECON_BODY_LIMIT = 64 * 1024;

export const registerPaymentNotification = (app: App, a: { store: Store; provider: PaymentProvider; log: Logger; outbox: LineOutbox | null }): void => {
  app.post(PAGECON_PATH, bodyLimit({ maxSize: PAGECON_BODY_LIMIT, onError: (c) => c.text('NG,too large', 413) }), async (c) => {
    const fields = fieldsOfForm(await c.req.text());
    const ng = (reason: string) => c.text(`NG,${reason}`, 200);
    const notification = a.provider.notification(fields);
    if (!notification) {
      a.log('warn', { msg: 'payment notification refused: not the provider\'s fields, or a bad hash', orderId: fieldValue(fields, 'order_id')?.slice(0, 100) ?? null });
      return ng('hash');
    }
    const out = await applyNotification(a.store, a.log, notification, a.provider.merchant, a.outbox);
    return out.ok ? c.text('OK,', 200) : ng(out.reason ?? 'refused');
  });
};

/** The PWA's return pages (spec 02 §2), which the provider may reach by a form POST. */
export const PAYMENT_RETURN_PATHS = ['/completedPayment/:surveyId', '/canceledPayment', '/errorPayment'] as const;

/**
 * A provider that sends the browser back with a POST (SBPS link type does) lands on a page the
 * PWA serves to GET: it is sent on to the same address with 303. Nothing posted is read: the
 * page learns the result from the server (GET /payment-results/{orderId}), never from the browser.
 */
export const registerPaymentReturns = (app: App): void => {
  for (const path of PAYMENT_RETURN_PATHS) app.post(path, (c) => c.redirect(new URL(c.req.url).pathname + new URL(c.req.url).search, 303));
};
