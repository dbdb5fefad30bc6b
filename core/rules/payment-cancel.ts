/**
 * Spec 02 §4, §8, §9: whether a resident may cancel an answer that carries a payment. Allowed only
 * if the payment is younger than 30 days (or paid in cash), its status is one that can still
 * change (0 completed, 1 not applicable, 3 credit authorised), and the office did not register it
 * (userId beginning with I). Applies on top of the answer's own rules (permissions.ts), which
 * already refuse every cancel while the form uses payment.
 *
 * Readings chosen where the spec is silent:
 * - The 30 days run from the order's creation (createdAt, Unix seconds); at 30 days exactly it is
 *   too old. Cash skips the age rule only, not the status rule.
 * - An order with no status yet (a cash order kept with putItem) counts as 1, not applicable.
 * - Refused statuses (2 refunded, 4 credit cancelled) read "already cancelled", the spec's text
 *   for a payment that cannot change.
 */
import { PAY_TYPE, PAYMENT_STATUS, type PayType } from '../contract/payment-codes';
import { isAdminRegistered } from './permissions';
import type { RefusalCode } from '../refusals';

export const PAYMENT_CANCEL_DAYS = 30;

export type PaymentCancelRefusal = 'adminRegistered' | 'paymentCancelled' | 'paymentTooOld';

/** The refusal codes the server sends and the PWA reads for the two payment refusals (403). */
export const PAYMENT_REFUSAL_CODES = { paymentCancelled: 'payment_cancelled', paymentTooOld: 'payment_cancel_expired' } as const satisfies Record<string, RefusalCode>;

const CANCELLABLE_STATUSES: ReadonlySet<number> = new Set([PAYMENT_STATUS.completed, PAYMENT_STATUS.notApplicable, PAYMENT_STATUS.creditAuthorised]);

export interface PaymentForCancel {
  status?: number | null | undefined;
  selectedPayType: PayType;
  /** Unix seconds. */
  createdAt: number;
}

/** null when the payment allows a cancel; else why not. */
export const paymentCancelRefusal = (payment: PaymentForCancel, userId: string, nowSeconds: number): PaymentCancelRefusal | null => {
  if (isAdminRegistered(userId)) return 'adminRegistered';
  if (!CANCELLABLE_STATUSES.has(payment.status ?? PAYMENT_STATUS.notApplicable)) return 'paymentCancelled';
  if (payment.selectedPayType !== PAY_TYPE.cash && nowSeconds - payment.createdAt >= PAYMENT_CANCEL_DAYS * 86_400) return 'paymentTooOld';
  return null;
};

/**
 * What a staff キャンセル does with the answer's card order (issue 57): 'none' when nothing was
 * taken (not applicable, already refunded or cancelled) or it was cash (given back at the counter,
 * not through the provider); 'refund' for a completed or authorised card payment; 'tooOld' when
 * that payment is past the same 30 days a resident's cancel has.
 */
export type StaffRefund = 'none' | 'refund' | 'tooOld';

const REFUNDABLE_STATUSES: ReadonlySet<number> = new Set([PAYMENT_STATUS.completed, PAYMENT_STATUS.creditAuthorised]);

/** Whether a payment in this status has money (or an authorisation) the provider can give back. */
export const isRefundableStatus = (status: number | null | undefined): boolean => REFUNDABLE_STATUSES.has(status ?? PAYMENT_STATUS.notApplicable);

export const staffRefundOf = (payment: PaymentForCancel, nowSeconds: number): StaffRefund => {
  if (!isRefundableStatus(payment.status) || payment.selectedPayType === PAY_TYPE.cash) return 'none';
  return nowSeconds - payment.createdAt >= PAYMENT_CANCEL_DAYS * 86_400 ? 'tooOld' : 'refund';
};

/**
 * What the provider's cancel/refund leaves a payment as (one call for both, sps-refund.ts): a
 * completed one refunded (0 → 2), an authorised one whose authorisation is cancelled, nothing
 * having been captured (3 → 4). Reading chosen: spec 02 §9 names both states and not which
 * transition reaches them; a staff キャンセル and the payments screen's 返金 both take this one.
 */
export const statusAfterRefund = (status: typeof PAYMENT_STATUS.completed | typeof PAYMENT_STATUS.creditAuthorised) =>
  status === PAYMENT_STATUS.creditAuthorised ? PAYMENT_STATUS.creditCancelled : PAYMENT_STATUS.refunded;
