/**
 * The members list's state besides the server's answer: the search typed and the one in the URL
 * (?q=, so the way back from a record finds it again), and the pages passed for that search.
 */
import { useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useStaffMe } from '../staff-queries';
import { useMemberList } from './member-queries';
import { back, cursorOf, onward, trailOf, type PageTrail } from './member-lines';

export const useMembersPage = () => {
  const { surveyId } = useParams({ from: '/admin/members/$surveyId' });
  const q = useSearch({ from: '/admin/members/$surveyId' }).q ?? '';
  const navigate = useNavigate();
  const me = useStaffMe();
  const [draft, setDraft] = useState(q);
  const [kept, setTrail] = useState<PageTrail>({ q, cursors: [] });
  const trail = trailOf(kept, q);
  const list = useMemberList(surveyId, q, cursorOf(trail), Boolean(me.data));
  const search = (text: string) => void navigate({ to: '/admin/members/$surveyId', params: { surveyId }, search: text.trim() ? { q: text.trim() } : {} });
  const next = list.data?.next;
  return {
    surveyId,
    q,
    me,
    list,
    draft,
    setDraft,
    search: () => search(draft),
    clear: () => {
      setDraft('');
      search('');
    },
    pageNumber: trail.cursors.length + 1,
    next: next && !list.isPlaceholderData ? () => setTrail(onward(trail, next)) : null,
    previous: trail.cursors.length > 0 ? () => setTrail(back(trail)) : null,
  };
};
