/** Staff accounts and teams as the admin's console calls them. Memory only: the list names people. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffAccountAdd, staffAccountChange, staffAccountDisable, staffAccounts, staffTeamChange } from '@core/contract/staff-accounts';
import type { StaffRole } from '@core/rules/staff';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;
const KEY = ['staff', 'accounts'] as const;

export const useAccounts = (enabled: boolean) => useQuery({ queryKey: KEY, queryFn: async () => unwrap(await call(staffAccounts, {}, once)), enabled });

const useWrite = <A, R>(fn: (a: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }) });
};

export const useAccountAdd = () =>
  useWrite(async (body: { email: string; name: string; role: StaffRole; teams: string[] }) => unwrap(await call(staffAccountAdd, { body }, once)));

export const useAccountChange = () =>
  useWrite(async (a: { staffId: string; role: StaffRole; teams: string[] }) => unwrap(await call(staffAccountChange, { params: { staffId: a.staffId }, body: { role: a.role, teams: a.teams } }, once)));

export const useAccountDisable = () => useWrite(async (staffId: string) => unwrap(await call(staffAccountDisable, { params: { staffId } }, once)));

export type TeamTarget = { kind: 'survey' | 'calendar'; id: string };

export const useTeamChange = () =>
  useWrite(async (body: { team: string; add: TeamTarget[]; remove: TeamTarget[] }) => unwrap(await call(staffTeamChange, { body }, once)));

/** Team names as typed: split on 、 , or spaces' neighbours, trimmed, each once. */
export const teamsOfText = (text: string): string[] => [...new Set(text.split(/[、,，]/).map((t) => t.trim()).filter(Boolean))];
