/**
 * The answers list's selection and its bulk status change: answers ticked page by page, or every
 * answer of the applied filter at once (GET …/answers/keys, at most STATUS_CHANGE_MAX), then one
 * POST naming exactly the keys the confirmation counted. A selection belongs to the filter it was
 * made under: applying another filter starts an empty one.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffAnswerKeys, staffAnswersStatus } from '@core/contract/staff-statuses';
import type { CheckStatus } from '@core/contract/result-rows';
import { call, unwrap } from '../../../lib/api';
import { answersQueryOf, type AnswersFilter } from '../answers/answer-queries';

const once = { retry: { maxAttempts: 1 } } as const;

export const useBulkStatus = (surveyId: string, filter: AnswersFilter) => {
  const queryClient = useQueryClient();
  const filterKey = JSON.stringify(filter);
  const [picked, setPicked] = useState<{ filterKey: string; keys: ReadonlySet<string> }>({ filterKey, keys: new Set() });
  const keys = picked.filterKey === filterKey ? picked.keys : new Set<string>();
  const [tooMany, setTooMany] = useState(false);
  const [changed, setChanged] = useState<number | null>(null);
  const pick = (next: ReadonlySet<string>) => {
    setPicked({ filterKey, keys: next });
    setTooMany(false);
    setChanged(null);
  };

  const all = useMutation({
    mutationFn: async () => unwrap(await call(staffAnswerKeys, { params: { surveyId }, query: answersQueryOf(filter, null, null) }, once)),
    onSuccess: (r) => {
      pick(new Set(r.partitionKeys));
      setTooMany(r.more);
    },
  });
  const change = useMutation({
    mutationFn: async (v: { status: CheckStatus; note: string | undefined }) =>
      unwrap(await call(staffAnswersStatus, { params: { surveyId }, body: { partitionKeys: [...keys], status: v.status, ...(v.note ? { note: v.note } : {}) } }, once)),
    onSuccess: (r) => {
      pick(new Set());
      setChanged(r.changed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });

  return {
    keys,
    /** The page's ticked answers replace the page's part of the selection. */
    setPage: (pageKeys: readonly string[], ticked: readonly string[]) => {
      const next = new Set([...keys].filter((k) => !pageKeys.includes(k)));
      for (const k of ticked) next.add(k);
      pick(next);
    },
    selectAll: () => all.mutate(),
    selectingAll: all.isPending,
    clear: () => pick(new Set()),
    tooMany,
    change: (status: CheckStatus, note: string | undefined) => change.mutate({ status, note }),
    changing: change.isPending,
    changed,
    error: all.error ?? change.error,
  };
};

export type BulkStatus = ReturnType<typeof useBulkStatus>;
