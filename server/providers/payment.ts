/**
 * The card payment provider, as the server sees it: where the browser posts the signed form, and
 * the merchant settings that sign it and verify the provider's notifications. The real one is
 * configured from the environment (config.ts PAYMENT_*); in development the local provider
 * (payment-local.ts) stands in, with a hash key made per process. The hash key and merchant ids
 * stay on the server: the browser gets only the built form.
 */
import crypto from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import type { PaymentOrder, ProviderForm } from '@core/contract/payment';
import type { AppConfig } from '../config';
import { fieldsOfForm, notificationOf, paymentFields, verifyFields, type Field, type FormContext, type MerchantSettings, type Notification } from '../payments/sps-form';
import { refundFields, refundResultOf, type RefundRequest, type RefundResult } from '../payments/sps-refund';

export interface PaymentProvider {
  kind: 'provider' | 'local';
  /** The provider's page the form is posted to. */
  action: string;
  merchant: MerchantSettings;
  form(order: PaymentOrder, ctx: Omit<FormContext, 'now'>, now?: Temporal.Instant): ProviderForm;
  /** Whether a request form's hash is genuine (the local provider's own check). */
  verify(fields: readonly Field[]): boolean;
  /** The notification a body carries, when it is the provider's (its fields, its hash); else null. */
  notification(fields: readonly Field[]): Notification | null;
  /**
   * Gives a settled payment's whole amount back (sps-refund.ts), server to server. Asking again
   * for the same tracking id answers the refund already made: the provider refunds once.
   * `not_configured`: this provider has no refund API set (PAYMENT_REFUND_URL).
   */
  refund(r: RefundRequest, now?: Temporal.Instant): Promise<RefundResult>;
}

/** How long a refund call may take before it counts as failed (it runs inside the status change's transaction). */
const REFUND_TIMEOUT_MS = 10_000;

const postRefund = async (url: string, fields: readonly Field[], hashKey: string): Promise<RefundResult> => {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields.map((f) => [f.name, f.value])).toString(),
      signal: AbortSignal.timeout(REFUND_TIMEOUT_MS),
    });
    if (!res.ok) return { ok: false, code: `http_${res.status}` };
    return refundResultOf(fieldsOfForm(await res.text()), hashKey);
  } catch {
    return { ok: false, code: 'unreachable' };
  }
};

/** Where the local provider is mounted (app.ts). */
export const LOCAL_PAYMENT_PATH = '/dev/payment';

export const createPaymentProvider = (config: AppConfig): PaymentProvider | null => {
  const p = config.payment;
  if (!p) return null;
  const [kind, action, merchant, refundUrl]: [PaymentProvider['kind'], string, MerchantSettings, string | null] =
    p.kind === 'provider'
      ? ['provider', p.url, { merchantId: p.merchantId, serviceId: p.serviceId, hashKey: p.hashKey }, p.refundUrl]
      : [
          'local',
          `${config.publicUrl}${LOCAL_PAYMENT_PATH}/pay`,
          { merchantId: '30132', serviceId: '101', hashKey: crypto.randomBytes(20).toString('hex') },
          `${config.publicUrl}${LOCAL_PAYMENT_PATH}/refund`,
        ];
  return {
    kind,
    action,
    merchant,
    form: (order, ctx, now = Temporal.Now.instant()) => ({ action, method: 'POST', fields: paymentFields(order, merchant, { ...ctx, now }) }),
    verify: (fields) => verifyFields(fields, merchant.hashKey),
    notification: (fields) => notificationOf(fields, merchant.hashKey),
    refund: async (r, now = Temporal.Now.instant()) =>
      refundUrl === null ? { ok: false, code: 'not_configured' } : postRefund(refundUrl, refundFields(r, merchant, now), merchant.hashKey),
  };
};

/** What the start-up log says of the live provider. */
export const paymentProviderLabel = (p: PaymentProvider | null): string =>
  !p ? 'off (no PAYMENT_PROVIDER_URL)' : p.kind === 'local' ? `local simulator at ${LOCAL_PAYMENT_PATH} (development only: test cards)` : `card provider at ${p.action}`;
