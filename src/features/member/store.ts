/**
 * The member search's result, kept for the member-linked list across a reload inside LINE
 * (sessionStorage: the tab keeps it; signing out wipes it with the rest of sessionStorage).
 */
import type { MemberResultRow } from '@core/contract/member';

export interface StoredMember {
  memberSurveyId: string;
  /** The account that searched; the list refuses rows of another chat account (spec 02 §6). */
  userId: string;
  rows: MemberResultRow[];
}

export const MEMBER_SEARCH_KEY = 'member:search';

const storage = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

export const loadMember = (memberSurveyId: string): StoredMember | null => {
  const raw = storage()?.getItem(MEMBER_SEARCH_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredMember> | null;
    return v && v.memberSurveyId === memberSurveyId && typeof v.userId === 'string' && Array.isArray(v.rows) ? (v as StoredMember) : null;
  } catch {
    return null;
  }
};

export const saveMember = (found: StoredMember): void => {
  try {
    storage()?.setItem(MEMBER_SEARCH_KEY, JSON.stringify(found));
  } catch {
    // A full or blocked storage: the list then sends the resident back to the search.
  }
};
