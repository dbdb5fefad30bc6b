/**
 * The payment contract's codes and limits without its schemas: what forms, items and rules need
 * on a form's first screen, so they do not build every payment call's schema to read a constant.
 * core/contract/payment.ts re-exports them beside the schemas that check them.
 */

/** One hundred million yen: far above any municipal fee, low enough to keep sums exact. */
export const MAX_YEN = 100_000_000;
export const MAX_ORDER_LINES = 100;

export const PAYMENT_STATUS = { completed: 0, notApplicable: 1, refunded: 2, creditAuthorised: 3, creditCancelled: 4 } as const;
export const PAY_TYPE = { cashless: 0, cash: 1 } as const;
export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];
export const PAY_METHODS = ['credit', 'credit3d2', 'linepay', 'paypay', 'cash'] as const;
export const TAX_TYPE = { outer: 0, inner: 1 } as const;
export const TAXABLE_TYPE = { taxable: 0, taxFree: 1 } as const;
export const ROUNDING_TYPE = { floor: 0, ceil: 1, round: 2 } as const;
export const CALCULATION_TYPE = { perLine: 0, onTotal: 1 } as const;
/** Fixed one: a reservation line costs 1 whatever the item; additive: the item's cost counts. */
export const RESERVATION_COST_TYPE = { fixedOne: 0, additive: 1 } as const;
