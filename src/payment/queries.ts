/**
 * The payment catalogue as the PWA reads it: the service a form sells, with its products, and the
 * tax setting. Read through the offline cache, so an answer can be drafted offline once the form
 * was opened online; the server prices every order again, so a stale copy costs a refusal only.
 */
import { paymentConfigsService, paymentConfigsTaxSetting, paymentServiceSchema, taxSettingSchema } from '@core/contract/payment';
import { ApiClientError } from '../lib/api-error';
import { call } from '../lib/api';
import { cachedQueryOptions } from '../offline/cache';

/** The data of a `{code: "success"}` answer; an error envelope throws as a refused call. */
export const successData = <T>(answer: { code: 'success'; data: T } | { result: 'ERROR'; errorMessage: string; code?: string | undefined }): T => {
  if (!('result' in answer)) return answer.data;
  throw new ApiClientError({ status: 200, code: answer.code ?? 'error', errorMessage: answer.errorMessage });
};

export const paymentServiceQuery = (serviceId: string) =>
  cachedQueryOptions({
    queryKey: ['payment-service', serviceId] as const,
    fetcher: async (signal) =>
      successData(await call(paymentConfigsService, { params: { serviceId }, query: { include_products: true } }, { signal })),
    parse: (d) => paymentServiceSchema.parse(d),
  });

export const taxSettingQuery = () =>
  cachedQueryOptions({
    queryKey: ['tax-setting'] as const,
    fetcher: async (signal) => successData(await call(paymentConfigsTaxSetting, {}, { signal })),
    parse: (d) => taxSettingSchema.parse(d),
  });
