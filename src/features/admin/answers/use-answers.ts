/**
 * The answers list's state: the filter being typed and the one applied, the chosen columns, and
 * the cursors of the pages passed (前へ goes back along them; the server pages forward only).
 */
import { useState } from 'react';
import { EMPTY_FILTER, useFormAnswers, type AnswersFilter } from './answer-queries';

export const useAnswers = (surveyId: string) => {
  const [draft, setDraft] = useState<AnswersFilter>(EMPTY_FILTER);
  const [applied, setApplied] = useState<AnswersFilter>(EMPTY_FILTER);
  const [columns, setColumns] = useState<string[] | null>(null);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const answers = useFormAnswers(surveyId, applied, columns, cursor);
  const restart = () => setCursors([null]);
  return {
    draft,
    setDraft,
    applied,
    answers,
    columns: columns ?? answers.data?.columns ?? [],
    apply: () => {
      setApplied(draft);
      restart();
    },
    clear: () => {
      setDraft(EMPTY_FILTER);
      setApplied(EMPTY_FILTER);
      restart();
    },
    toggleColumn: (itemKey: string) => {
      const now = columns ?? answers.data?.columns ?? [];
      const next = now.includes(itemKey) ? now.filter((k) => k !== itemKey) : [...now, itemKey];
      // Kept in the form's order, whatever order they were chosen in.
      const order = (answers.data?.items ?? []).map((i) => i.itemKey);
      setColumns(next.sort((a, b) => order.indexOf(a) - order.indexOf(b)));
      restart();
    },
    pageNumber: cursors.length,
    next: answers.data?.next ? () => setCursors([...cursors, answers.data?.next ?? null]) : null,
    previous: cursors.length > 1 ? () => setCursors(cursors.slice(0, -1)) : null,
  };
};
