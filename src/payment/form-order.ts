/**
 * What a form knows of its order (src/payment/use-form-order.ts computes it, for payment forms
 * only): apart from that module, so a form without payment does not load the catalogue's code.
 */
import type { PaymentOrder } from '@core/contract/payment';

export interface FormOrder {
  /** The form uses payment (its submit button reads 決済画面へ or 予約する). */
  active: boolean;
  /** The order to send; null with no lines, or when it cannot be priced (see problem). */
  order: PaymentOrder | null;
  /** Why the order cannot be priced now (tax not set, catalogue not loaded, limit…). */
  problem: string | undefined;
  paymentPath: boolean;
}

/** No payment: what a form that does not use payment reads. */
export const NO_ORDER: FormOrder = { active: false, order: null, problem: undefined, paymentPath: false };

export const sameOrder = (a: FormOrder, b: FormOrder) =>
  a.active === b.active && a.problem === b.problem && a.paymentPath === b.paymentPath && JSON.stringify(a.order) === JSON.stringify(b.order);
