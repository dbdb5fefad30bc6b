/**
 * A card payment's refund, in the shape of SoftBank Payment Service's cancel/refund request
 * (取消返金要求, credit): the settled payment is named by the provider's tracking id
 * (res_tracking_id of its result notification), the whole amount goes back, and the request is
 * signed as every SBPS call is (sps-form.ts: SHA1 of the values in order, then the hash key).
 *
 * What is not known here and so not built: SBPS's API wraps these fields in XML and authenticates
 * with Basic auth (merchant_id + service_id : hash key); this sends them as a signed form, which
 * the local provider answers. A real deployment sets PAYMENT_REFUND_URL only once that transport
 * is checked against the provider's contract.
 *
 * Exactly once: the provider keeps one refund per tracking id, and a second request for the same
 * one answers the refund already made (res_result OK, the same res_sps_transaction_id) instead of
 * refunding again. The server's own record (server/payments/refund.ts) is written in the status
 * change's transaction; between the two, a crash or a replay at most asks again for the same id.
 */
import type { Temporal } from 'temporal-polyfill';
import { requestDateOf, signFields, verifyFields, type Field, type MerchantSettings } from './sps-form';

export interface RefundRequest {
  /** Our order id (sent so the provider's records name it too). */
  orderId: string;
  /** The provider's id of the settled payment. */
  trackingId: string;
}

export type RefundResult = { ok: true; refundId: string; processedAt: string } | { ok: false; code: string };

/** The request's fields in the order sent and hashed; sps_hashcode last. */
export const refundFields = (r: RefundRequest, m: MerchantSettings, now: Temporal.Instant): Field[] => {
  const at = requestDateOf(now);
  return signFields(
    [
      { name: 'merchant_id', value: m.merchantId },
      { name: 'service_id', value: m.serviceId },
      { name: 'tracking_id', value: r.trackingId },
      { name: 'cust_order_id', value: r.orderId },
      { name: 'processing_datetime', value: at },
      { name: 'request_date', value: at },
    ],
    m.hashKey,
  );
};

/** The response's fields in the order signed. */
export const REFUND_RESPONSE_FIELDS = ['res_result', 'res_sps_transaction_id', 'res_process_date', 'res_err_code', 'res_date'] as const;
export type RefundResponse = Record<(typeof REFUND_RESPONSE_FIELDS)[number], string>;

export const signRefundResponse = (r: RefundResponse, hashKey: string): Field[] =>
  signFields(REFUND_RESPONSE_FIELDS.map((name) => ({ name, value: r[name] })), hashKey);

/** What a signed response says; a response whose hash is not the key's counts as a failure. */
export const refundResultOf = (fields: readonly Field[], hashKey: string): RefundResult => {
  const ordered = REFUND_RESPONSE_FIELDS.map((name) => ({ name, value: fields.find((f) => f.name === name)?.value ?? '' }));
  const hash = fields.find((f) => f.name === 'sps_hashcode');
  if (!hash || !verifyFields([...ordered, hash], hashKey)) return { ok: false, code: 'bad_signature' };
  const value = (name: string) => ordered.find((f) => f.name === name)?.value ?? '';
  return value('res_result') === 'OK'
    ? { ok: true, refundId: value('res_sps_transaction_id'), processedAt: value('res_process_date') }
    : { ok: false, code: value('res_err_code') || 'NG' };
};
