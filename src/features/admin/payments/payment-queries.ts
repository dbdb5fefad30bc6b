/**
 * The console's payments as it reads and changes them: a page of orders for a filter and cursor,
 * one order's refund, a receipt. Memory only, like every staff query.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentStatus } from '@core/contract/payment';
import type { PAY_METHODS } from '@core/contract/payment-codes';
import { staffPaymentReceipt, staffPaymentRefund, staffPayments } from '@core/contract/staff-payments';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;

export interface PaymentsFilter {
  status: PaymentStatus[];
  payMethod: '' | (typeof PAY_METHODS)[number];
  surveyId: string;
  completedFrom: string;
  completedTo: string;
}

export const EMPTY_PAYMENTS_FILTER: PaymentsFilter = { status: [], payMethod: '', surveyId: '', completedFrom: '', completedTo: '' };

const queryOf = (f: PaymentsFilter, cursor: string | null) => ({
  ...(f.status.length > 0 ? { status: f.status } : {}),
  ...(f.payMethod ? { payMethod: f.payMethod } : {}),
  ...(f.surveyId ? { surveyId: f.surveyId } : {}),
  ...(f.completedFrom ? { completedFrom: f.completedFrom } : {}),
  ...(f.completedTo ? { completedTo: f.completedTo } : {}),
  ...(cursor ? { cursor } : {}),
});

export const usePaymentPage = (filter: PaymentsFilter, cursor: string | null) =>
  useQuery({
    queryKey: ['staff', 'payments', filter, cursor],
    queryFn: async () => unwrap(await call(staffPayments, { query: queryOf(filter, cursor) }, once)),
    placeholderData: keepPreviousData,
  });

/**
 * One order's refund. The key is made once per confirmation (the caller's), so a retry of the
 * same 返金 — a lost answer, a double click — is the same request and refunds once.
 */
export const useRefund = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { orderId: string; note: string | undefined; key: string }) =>
      unwrap(await call(staffPaymentRefund, { params: { orderId: v.orderId }, body: v.note ? { note: v.note } : {} }, { ...once, idempotencyKey: v.key })).order,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
};

export const useStaffReceipt = (orderId: string) =>
  useQuery({
    queryKey: ['staff', 'receipt', orderId],
    queryFn: async () => unwrap(await call(staffPaymentReceipt, { params: { orderId } }, once)),
    staleTime: 0,
    gcTime: 0,
  });
