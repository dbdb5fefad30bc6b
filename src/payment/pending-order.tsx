/**
 * The resident's unpaid hand-offs of this form, shown above a new answer. Back from the card
 * provider's page without paying, their temporary answer still holds its slot and counts against
 * their limits (30 minutes by default), so a new send would be refused by their own booking. The
 * form offers to pay that same order, or give it back as the provider's 購入をやめる does; nothing
 * is released unasked, since they may be paying it in another tab. Read from the server, so any
 * tab or device sees it.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentResult } from '@core/contract/payment';
import { fill } from '../messages/fill';
import { jaScreens } from '../messages/ja-screens';
import { LoadError } from '../ui/load-error';
import { isUnpaid, yen } from './order-view';
import { usePaymentsOf } from './payment-status';

function PendingOrder({ order, onReleased }: { order: PaymentResult; onReleased: () => void }) {
  const [busy, setBusy] = useState<'pay' | 'release' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (kind: 'pay' | 'release') => {
    setBusy(kind);
    setError(null);
    try {
      const { continueHandOff, releaseOrder } = await import('./hand-off');
      if (kind === 'pay') {
        await continueHandOff(order);
        // The page is on its way to the provider: the buttons stay busy.
        return;
      }
      await releaseOrder(order.orderId);
      onReleased();
    } catch (e) {
      setError(e);
    }
    setBusy(null);
  };
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="pending-payment" data-order-id={order.orderId}>
      <Stack gap="sm">
        {/* Body text, not the Alert's title: a yellow title fails the contrast check. */}
        <Text fw={700}>{jaScreens.payment.pendingTitle}</Text>
        <Text size="sm">{fill(jaScreens.payment.pendingLead, { amount: yen(order.amountWithTax) })}</Text>
        {error ? <LoadError error={error} wayBack={false} /> : null}
        <Group gap="sm">
          <Button onClick={() => void run('pay')} loading={busy === 'pay'} disabled={busy !== null} data-testid="pending-continue">
            {jaScreens.payment.continuePayment}
          </Button>
          <Button variant="light" color="red" onClick={() => void run('release')} loading={busy === 'release'} disabled={busy !== null} data-testid="pending-release">
            {busy === 'release' ? jaScreens.payment.releasing : jaScreens.payment.releaseOrder}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** `onReleased`: after a hold was given back (the calendar's counts changed). */
export function PendingPayments({ surveyId, onReleased }: { surveyId: string; onReleased: () => void }) {
  const payments = usePaymentsOf(surveyId, true);
  const queryClient = useQueryClient();
  const unpaid = [...(payments.data?.values() ?? [])].filter(isUnpaid);
  if (unpaid.length === 0) return null;
  const released = () => {
    void queryClient.invalidateQueries({ queryKey: ['payment-results', surveyId] });
    onReleased();
  };
  return (
    <>
      {unpaid.map((o) => (
        <PendingOrder key={o.orderId} order={o} onReleased={released} />
      ))}
    </>
  );
}
