/**
 * Whether this deployment offers a part (core/rules/features.ts, served by /app-config): true, false,
 * or undefined while the settings are on their way. Unknown (offline, the call failed) counts as on:
 * the server refuses a switched-off part's calls all the same.
 */
import { useQuery } from '@tanstack/react-query';
import type { Features } from '@core/rules/features';
import { appConfigQueryKey, fetchAppConfig } from './app-config';

export const useFeature = (feature: keyof Features): boolean | undefined => {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const config = useQuery({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: Infinity,
    retry: false,
    networkMode: 'always',
    enabled: !offline,
  });
  if (offline || config.isError) return true;
  if (!config.data) return undefined;
  return config.data.features?.[feature] ?? true;
};
