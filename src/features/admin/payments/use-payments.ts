/**
 * The payments list's state: the filter being chosen and the one applied, and the cursors of the
 * pages passed (前へ goes back along them; the server pages forward only).
 */
import { useState } from 'react';
import { EMPTY_PAYMENTS_FILTER, usePaymentPage, type PaymentsFilter } from './payment-queries';

export const usePayments = () => {
  const [draft, setDraft] = useState<PaymentsFilter>(EMPTY_PAYMENTS_FILTER);
  const [applied, setApplied] = useState<PaymentsFilter>(EMPTY_PAYMENTS_FILTER);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = usePaymentPage(applied, cursors.at(-1) ?? null);
  const next = page.data?.next ?? null;
  return {
    draft,
    setDraft,
    page,
    apply: () => {
      setApplied(draft);
      setCursors([null]);
    },
    clear: () => {
      setDraft(EMPTY_PAYMENTS_FILTER);
      setApplied(EMPTY_PAYMENTS_FILTER);
      setCursors([null]);
    },
    pageNumber: cursors.length,
    next: next ? () => setCursors([...cursors, next]) : null,
    previous: cursors.length > 1 ? () => setCursors(cursors.slice(0, -1)) : null,
  };
};
