/** The payment path was tried without a connection: nothing was sent (kept apart so the form can name it without loading the hand-off). */
export const PAYMENT_OFFLINE = 'payment_offline';
