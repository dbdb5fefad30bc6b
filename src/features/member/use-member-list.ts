/**
 * What the member-linked list needs (spec 02 §2): the member's record — the one the member search
 * found in this tab, else the resident's own (getByUserId), so the completion, the start page and
 * the menu lead here directly — the linked forms, the chosen form's answers grouped (linked.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { showAlert } from '../../ui/alert';
import { groupLinked, linkedAnswersOf } from './linked';
import { linkedConfigsQuery, linkedResultsQuery, memberConfigQuery, memberRecordQuery } from './queries';
import { loadMember } from './store';

export const useMemberList = (id: string, form: string | undefined) => {
  const navigate = useNavigate();
  const stored = useMemo(() => loadMember(id), [id]);
  const userId = getSession()?.profile.userId ?? '';
  // Spec 02 §6: rows of another chat account (user ids starting with U) are refused.
  const foreign = stored !== null && stored.rows.some((r) => r.userId.startsWith('U') && r.userId !== userId);
  const own = useQuery({ ...memberRecordQuery(id), enabled: stored === null });
  const record = stored?.rows ?? own.data ?? null;
  const config = useQuery(memberConfigQuery(id));
  const linkedIds = config.data?.linkedForms ?? [];
  const registered = record !== null && record.length > 0;
  const linked = useQuery({ ...linkedConfigsQuery(linkedIds), enabled: linkedIds.length > 0 && registered && !foreign });
  const [picked, setPicked] = useState<string | null>(null);
  const offered = linked.data ?? [];
  const chosen = picked ?? offered.find((c) => c.surveyId === form)?.surveyId ?? offered[0]?.surveyId ?? null;
  const results = useQuery({ ...linkedResultsQuery(chosen ?? ''), enabled: chosen !== null });
  const chosenConfig = offered.find((c) => c.surveyId === chosen);
  const groups = useMemo(
    () => (chosenConfig && results.data ? groupLinked(linkedAnswersOf(chosenConfig, results.data)) : null),
    [chosenConfig, results.data],
  );

  useEffect(() => {
    if (!foreign) return;
    showAlert(ja.lookup.otherAccount);
    void navigate({ to: '/member-confirm/$id', params: { id }, replace: true });
  }, [foreign, id, navigate]);

  return {
    /** The tab holds the member search's result (the list then leads back to the search). */
    searched: stored !== null,
    foreign,
    record,
    registered,
    recordError: own.error,
    config,
    linkedIds,
    linked,
    chosen,
    choose: setPicked,
    chosenConfig,
    results,
    groups,
  };
};
