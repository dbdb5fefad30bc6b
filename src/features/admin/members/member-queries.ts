/**
 * The console's members as it reads them (core/contract/staff-members.ts): the member forms within
 * reach, a page of one form's records for a search and cursor, and one record. Memory only, like
 * every staff query: each read is audited on the server, and nothing of it outlives the page.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffMember, staffMemberForms, staffMembers } from '@core/contract/staff-members';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;

const readMembers = async (surveyId: string, q: string, after: string | null) =>
  unwrap(await call(staffMembers, { params: { surveyId }, query: { ...(q ? { q } : {}), ...(after ? { after } : {}) } }, once));

const readMember = async (surveyId: string, partitionKey: string) => unwrap(await call(staffMember, { params: { surveyId, partitionKey } }, once));

export type MembersAnswer = Awaited<ReturnType<typeof readMembers>>;
export type MemberAnswer = Awaited<ReturnType<typeof readMember>>;

export const useMemberForms = (enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'member-forms'], queryFn: async () => unwrap(await call(staffMemberForms, {}, once)).forms, enabled });

export const useMemberList = (surveyId: string, q: string, after: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['staff', 'members', surveyId, q, after],
    queryFn: () => readMembers(surveyId, q, after),
    enabled,
    // The page stays on screen while the next one or another search loads, on this form only.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === surveyId ? keepPreviousData(previous) : undefined),
  });

export const useMemberRecord = (surveyId: string, partitionKey: string, enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'member', surveyId, partitionKey], queryFn: () => readMember(surveyId, partitionKey), enabled });
