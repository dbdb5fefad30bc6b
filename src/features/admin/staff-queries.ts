/**
 * The staff session as the console reads it: who is signed in (null: nobody, or the session has
 * ended — the server said 401), and the forms within reach. Nothing of it is kept past the page:
 * the query cache is memory only and the service worker never caches the staff API.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffForms, staffMe, staffSignInOptions } from '@core/contract/staff';
import { call, unwrap } from '../../lib/api';
import { isApiClientError } from '../../lib/api-error';

const once = { retry: { maxAttempts: 1 } } as const;

export const staffMeQuery = queryOptions({
  queryKey: ['staff', 'me'],
  queryFn: async () => {
    try {
      return unwrap(await call(staffMe, {}, once));
    } catch (e) {
      if (isApiClientError(e) && e.status === 401) return null;
      throw e;
    }
  },
  staleTime: 30_000,
});

export const useStaffMe = () => useQuery(staffMeQuery);

export const useStaffForms = (enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'forms'], queryFn: async () => unwrap(await call(staffForms, {}, once)).forms, enabled });

export const useSignInOptions = () =>
  useQuery({ queryKey: ['staff', 'sign-in-options'], queryFn: async () => unwrap(await call(staffSignInOptions, {}, once)), staleTime: Infinity });
