/**
 * Runtime settings served by the API (which LINE channel, which authorize URL, whether LIFF is
 * used). They come from the server rather than the build so one build runs for every
 * municipality and for the dev issuer.
 */
import { appConfig } from '@core/contract/login';
import type { AnswerOut } from '@core/contract/define';
import { call, unwrap, type ApiClient, type CallOptions } from './api';

type AppConfigAnswer = Extract<AnswerOut<typeof appConfig>, { result: 'OK' }>;
export type AppSettings = AppConfigAnswer['data'];

export const fetchAppConfig = async (
  signal?: AbortSignal,
  client: Pick<ApiClient, 'call'> = { call },
  options: Omit<CallOptions, 'signal'> = {},
): Promise<AppSettings> => unwrap(await client.call(appConfig, {}, { ...options, signal }));

export const appConfigQueryKey = ['app-config'] as const;
