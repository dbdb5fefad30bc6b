/**
 * A payment form's answers with their payment (spec 02 §2 payment notice): the status and, once
 * paid, the receipt. Read afresh whenever the list is opened (never cached): the provider's
 * notification may have come while the device was offline, and this is where it then shows.
 */
import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAYMENT_STATUS, paymentResultsList, type PaymentResult } from '@core/contract/payment';
import { call } from '../lib/api';
import { fill } from '../messages/fill';
import { jaScreens } from '../messages/ja-screens';
import { paymentStatusLabel, yen } from './order-view';
import { successData } from './queries';

/** The resident's payments of a form, by answer (partition key). */
export const usePaymentsOf = (surveyId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['payment-results', surveyId] as const,
    queryFn: async ({ signal }) => {
      const list = successData(await call(paymentResultsList, { body: { surveyId } }, { signal }));
      return new Map(list.map((r) => [r.partitionKey, r]));
    },
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

const PAID: ReadonlySet<number> = new Set([PAYMENT_STATUS.completed, PAYMENT_STATUS.creditAuthorised]);

export function PaymentLine({ result }: { result: PaymentResult }) {
  const status = paymentStatusLabel(result) ?? jaScreens.payment.pendingShort;
  return (
    <Group justify="space-between" gap="xs" data-testid="answer-payment" data-payment-status={result.status ?? ''}>
      <Text size="sm">
        {jaScreens.payment.paymentStatus}：<span data-testid="answer-payment-status">{status}</span>（{fill(jaScreens.payment.yen, { amount: yen(result.amountWithTax) })}）
      </Text>
      {result.status !== undefined && PAID.has(result.status) ? (
        <Button size="compact-sm" variant="light" renderRoot={(props) => <Link {...props} to="/receipt" search={{ key: result.partitionKey }} />} data-testid="answer-receipt">
          {jaScreens.payment.showReceipt}
        </Button>
      ) : null}
    </Group>
  );
}
