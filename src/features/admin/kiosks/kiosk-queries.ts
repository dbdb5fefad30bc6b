/** The kiosks within reach, an enrolment and a stop, as the console calls them. Memory only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKioskEnrol, staffKioskRevoke, staffKiosks } from '@core/contract/staff-kiosks';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;
const KEY = ['staff', 'kiosks'] as const;

export const useKiosks = (enabled: boolean) => useQuery({ queryKey: KEY, queryFn: async () => unwrap(await call(staffKiosks, {}, once)), enabled });

export const useKioskEnrol = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; forms: string[]; idleSeconds: number | null }) => unwrap(await call(staffKioskEnrol, { body }, once)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
};

export const useKioskRevoke = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => unwrap(await call(staffKioskRevoke, { body: { name } }, once)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
};
