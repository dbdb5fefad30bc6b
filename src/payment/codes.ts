import { ApiClientError } from '../lib/api-error';
import { ja } from '../messages/ja';

/** The payment path was tried without a connection: nothing was sent (kept apart so the form can name it without loading the hand-off). */
export const PAYMENT_OFFLINE = 'payment_offline';

/** Payment needs the network, and says so whether the request or the hand-off's own code could not get through. */
export const paymentOffline = (): ApiClientError => new ApiClientError({ status: 0, code: PAYMENT_OFFLINE, errorMessage: ja.payment.offline });
