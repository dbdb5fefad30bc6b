/**
 * A payment result, read afresh every time (never from the offline cache): the provider's
 * notification may have arrived while this device was offline, and the next opening shows it.
 */
import { queryOptions } from '@tanstack/react-query';
import { paymentResultsGet } from '@core/contract/payment';
import { call } from '../../lib/api';
import { successData } from '../../payment/queries';

export const paymentResultQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['payment-result', orderId] as const,
    queryFn: async ({ signal }) => successData(await call(paymentResultsGet, { params: { id: orderId } }, { signal })),
    staleTime: 0,
    gcTime: 0,
  });
