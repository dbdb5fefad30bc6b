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
import { notificationOf, paymentFields, verifyFields, type Field, type FormContext, type MerchantSettings, type Notification } from '../payments/sps-form';

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
}

/** Where the local provider is mounted (app.ts). */
export const LOCAL_PAYMENT_PATH = '/dev/payment';

export const createPaymentProvider = (config: AppConfig): PaymentProvider | null => {
  const p = config.payment;
  if (!p) return null;
  const [kind, action, merchant]: [PaymentProvider['kind'], string, MerchantSettings] =
    p.kind === 'provider'
      ? ['provider', p.url, { merchantId: p.merchantId, serviceId: p.serviceId, hashKey: p.hashKey }]
      : ['local', `${config.publicUrl}${LOCAL_PAYMENT_PATH}/pay`, { merchantId: '30132', serviceId: '101', hashKey: crypto.randomBytes(20).toString('hex') }];
  return {
    kind,
    action,
    merchant,
    form: (order, ctx, now = Temporal.Now.instant()) => ({ action, method: 'POST', fields: paymentFields(order, merchant, { ...ctx, now }) }),
    verify: (fields) => verifyFields(fields, merchant.hashKey),
    notification: (fields) => notificationOf(fields, merchant.hashKey),
  };
};

/** What the start-up log says of the live provider. */
export const paymentProviderLabel = (p: PaymentProvider | null): string =>
  !p ? 'off (no PAYMENT_PROVIDER_URL)' : p.kind === 'local' ? `local simulator at ${LOCAL_PAYMENT_PATH} (development only: test cards)` : `card provider at ${p.action}`;
