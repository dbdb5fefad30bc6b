/**
 * Spec 02 §9's payment states 0–4 as the office names them, the words for an order not yet
 * settled, and the payment types' names: for the console, the resident's pages (src/messages/ja.ts) and the server's refusals
 * alike, so each state has one name.
 */
import type { PaymentStatus } from '../contract/payment';

export const PAYMENT_STATUS_LABELS = ['決済完了', '対象外', '返金済み', '与信済み', '与信取消'] as const satisfies Record<PaymentStatus, string>;

/** Not in the spec: an order the provider has not yet notified, and one given back unpaid (cancelled, declined or expired; nothing was charged). */
export const UNSETTLED_LABELS = { pending: '決済確認中', released: 'キャンセル（請求なし）' } as const;

export const paymentStatusLabel = (status: number): string => (PAYMENT_STATUS_LABELS as readonly string[])[status] ?? String(status);

/** Spec 02 §3's payment types as a form's 支払い方法 item shows them: 0 cashless, 1 cash. */
export const PAY_TYPE_LABELS = ['キャッシュレス決済', '現金'] as const;

/** An order line as the console and exports show a products item's value. */
export const ORDER_LINE_TEXT = '{name} × {count}';

/** An order's state in words: its payment status, else what its phase says. */
export const orderStateLabel = (o: { status: number | null; phase: string }): string =>
  o.status !== null ? paymentStatusLabel(o.status) : o.phase === 'pending' ? UNSETTLED_LABELS.pending : UNSETTLED_LABELS.released;
