/**
 * The card provider's link-type form and its hash, in the shape of SoftBank Payment Service's
 * link type (spec 02 §3 "payment form"): fields sent in a fixed order, then `sps_hashcode`, the
 * SHA1 hex of every field's value concatenated in the order sent, followed by the merchant's hash
 * key. A notification (pagecon) is hashed the same way, but over NOTIFICATION_FIELDS in that fixed
 * order, never in the order the request happens to carry them (notificationOf). Pure: no I/O, the
 * clock passed in.
 *
 * Encoding: the values are hashed as UTF-8. A real merchant must check which encoding their
 * provider contract hashes and posts in (SBPS's link type documents Shift_JIS for Japanese item
 * names): with a provider that hashes Shift_JIS bytes, item_name and dtl_item_name must be sent
 * and hashed in that encoding, or kept ASCII.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Temporal } from 'temporal-polyfill';
import type { PaymentOrder } from '@core/contract/payment';

export type Field = { name: string; value: string };

export const HASH_FIELD = 'sps_hashcode';

export interface MerchantSettings {
  merchantId: string;
  serviceId: string;
  hashKey: string;
}

export interface FormContext {
  orderId: string;
  /** The resident's customer code at the provider. */
  custCode: string;
  urls: { success: string; cancel: string; error: string; pagecon: string };
  now: Temporal.Instant;
}

/** YYYYMMDDHHmmss in Asia/Tokyo (spec 02 §9: payment requests are in Tokyo time). */
export const requestDateOf = (now: Temporal.Instant): string => {
  const t = now.toZonedDateTimeISO('Asia/Tokyo');
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(t.year, 4)}${p(t.month)}${p(t.day)}${p(t.hour)}${p(t.minute)}${p(t.second)}`;
};

/** SHA1 hex of the values in order, then the key. */
export const hashOf = (fields: readonly Field[], hashKey: string): string =>
  createHash('sha1')
    .update(fields.map((f) => f.value).join('') + hashKey, 'utf8')
    .digest('hex');

/** The fields with their hash appended. */
export const signFields = (fields: readonly Field[], hashKey: string): Field[] => [
  ...fields.filter((f) => f.name !== HASH_FIELD),
  { name: HASH_FIELD, value: hashOf(fields.filter((f) => f.name !== HASH_FIELD), hashKey) },
];

/** Whether the fields carry exactly one hash, and it is theirs (compared in constant time). */
export const verifyFields = (fields: readonly Field[], hashKey: string): boolean => {
  const sent = fields.filter((f) => f.name === HASH_FIELD);
  if (sent.length !== 1) return false;
  const expected = Buffer.from(hashOf(fields.filter((f) => f.name !== HASH_FIELD), hashKey), 'utf8');
  const got = Buffer.from((sent[0] as Field).value.toLowerCase(), 'utf8');
  return got.length === expected.length && timingSafeEqual(got, expected);
};

/**
 * The request's fields, in the order sent and hashed: pay_method, merchant_id, service_id,
 * cust_code, order_id, item_id (the service), item_name, tax, amount (amountWithTax: what the
 * resident pays), then per line dtl_rowno, dtl_item_id, dtl_item_name, dtl_item_count, dtl_tax,
 * dtl_amount (the line's amountWithTax), then success_url, cancel_url, error_url, pagecon_url,
 * request_date; sps_hashcode last.
 */
export const paymentFields = (order: PaymentOrder, m: MerchantSettings, ctx: FormContext): Field[] => {
  const f = (name: string, value: string | number): Field => ({ name, value: String(value) });
  const fields: Field[] = [
    f('pay_method', order.payMethod ?? 'credit'),
    f('merchant_id', m.merchantId),
    f('service_id', m.serviceId),
    f('cust_code', ctx.custCode),
    f('order_id', ctx.orderId),
    f('item_id', order.serviceId),
    f('item_name', order.serviceName),
    f('tax', order.tax),
    f('amount', order.amountWithTax),
  ];
  for (const d of order.details) {
    fields.push(
      f('dtl_rowno', d.detailId),
      f('dtl_item_id', d.productId),
      f('dtl_item_name', d.productName),
      f('dtl_item_count', d.count),
      f('dtl_tax', d.tax),
      f('dtl_amount', d.amountWithTax),
    );
  }
  fields.push(
    f('success_url', ctx.urls.success),
    f('cancel_url', ctx.urls.cancel),
    f('error_url', ctx.urls.error),
    f('pagecon_url', ctx.urls.pagecon),
    f('request_date', requestDateOf(ctx.now)),
  );
  return signFields(fields, m.hashKey);
};

/** A form body (application/x-www-form-urlencoded) as fields, in the order received. */
export const fieldsOfForm = (body: string): Field[] => [...new URLSearchParams(body)].map(([name, value]) => ({ name, value }));

export const fieldValue = (fields: readonly Field[], name: string): string | undefined => fields.find((f) => f.name === name)?.value;

/**
 * The result notification's fields, in the provider's order: the hash is over their values in
 * this order (an absent one as empty), then the key. A notification carries each exactly once,
 * plus sps_hashcode, and nothing else. Every field before res_result is matched against the
 * stored order (notification.ts), so res_result sits at a fixed place in the hashed text: a
 * signed request form (whose field there is dtl_rowno) cannot be re-cut into a notification.
 */
export const NOTIFICATION_FIELDS = [
  'pay_method',
  'merchant_id',
  'service_id',
  'cust_code',
  'order_id',
  'item_id',
  'item_name',
  'tax',
  'amount',
  'res_result',
  'res_tracking_id',
  'res_payment_date',
  'res_err_code',
  'res_date',
] as const;
export type NotificationField = (typeof NOTIFICATION_FIELDS)[number];
export type Notification = Record<NotificationField, string>;

const NOTIFICATION_NAMES: ReadonlySet<string> = new Set([...NOTIFICATION_FIELDS, HASH_FIELD]);

/** The notification's fields in the provider's order, signed: what the provider (or its stand-in) posts. */
export const signNotification = (n: Notification, hashKey: string): Field[] =>
  signFields(NOTIFICATION_FIELDS.map((name) => ({ name, value: n[name] })), hashKey);

/**
 * The notification a body carries, if it is one and its hash is genuine (constant-time); null
 * for a field twice, a field not in the list, no hash, or a hash that is not the key's.
 */
export const notificationOf = (fields: readonly Field[], hashKey: string): Notification | null => {
  const seen = new Set<string>();
  for (const f of fields) {
    if (!NOTIFICATION_NAMES.has(f.name) || seen.has(f.name)) return null;
    seen.add(f.name);
  }
  const n = Object.fromEntries(NOTIFICATION_FIELDS.map((name) => [name, fieldValue(fields, name) ?? ''])) as Notification;
  const ordered = NOTIFICATION_FIELDS.map((name) => ({ name, value: n[name] }));
  return verifyFields([...ordered, ...fields.filter((f) => f.name === HASH_FIELD)], hashKey) ? n : null;
};
