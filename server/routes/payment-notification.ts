/**
 * The provider's result notification (pagecon): a form-encoded POST, server to server, with no
 * resident token. Outside the contract (it is the provider's protocol, not the app's), answered
 * in the provider's plain-text shape: `OK,` when taken (a replay too), `NG,{reason}` otherwise.
 * A bad hash changes nothing and is logged; so does a wrong order, merchant or amount (settle.ts).
 */
import type { App } from '../http';
import type { Logger } from '../log';
import type { Store } from '../store/open';
import type { PaymentProvider } from '../providers/payment';
import { applyNotification } from '../payments/settle';
import { fieldValue, fieldsOfForm } from '../payments/sps-form';

export const registerPaymentNotification = (app: App, path: string, a: { store: Store; provider: PaymentProvider; log: Logger }): void => {
  app.post(path, async (c) => {
    const fields = fieldsOfForm(await c.req.text());
    const ng = (reason: string) => c.text(`NG,${reason}`, 200);
    if (!a.provider.verify(fields)) {
      a.log('warn', { msg: 'payment notification with a bad hash', orderId: fieldValue(fields, 'order_id')?.slice(0, 100) ?? null });
      return ng('hash');
    }
    const out = await applyNotification(a.store, a.log, fields, a.provider.merchant);
    return out.ok ? c.text('OK,', 200) : ng(out.reason ?? 'refused');
  });
};
