/**
 * A paid order's receipt in the console: the resident's 領収書 (features/receipt ReceiptBody, the
 * one way a receipt is laid out) inside the console's frame, read through the staff call, addressed
 * to the answer's name. Composed here because features do not import each other.
 */
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { ConsoleFrame } from '../../features/admin/console-frame';
import { useStaffReceipt } from '../../features/admin/payments/payment-queries';
import { useStaffMe } from '../../features/admin/staff-queries';
import { ReceiptBody } from '../../features/receipt/receipt-screen';
import { jaScreens } from '../../messages/ja-screens';
import { jaConsole } from '../../messages/ja-console';
import { LoadingText } from '../../ui/loading-text';

export function StaffReceiptPage() {
  const { orderId } = useParams({ from: '/admin/payments/$orderId/receipt' });
  const me = useStaffMe();
  const receipt = useStaffReceipt(orderId);
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/payments/${encodeURIComponent(orderId)}/receipt` }} replace />;
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="sm" maw={640} data-testid="receipt">
        <Anchor component={Link} to="/admin/payments" size="sm">
          {jaConsole.payments.receiptBack}
        </Anchor>
        <Title order={1} size="h3">
          {jaScreens.receipt.title}
        </Title>
        {receipt.isPending ? <LoadingText /> : null}
        {receipt.error ? (
          <Alert color="red" role="alert" data-testid="receipt-error">
            {receipt.error.message}
          </Alert>
        ) : null}
        {receipt.data ? <ReceiptBody receipt={receipt.data.receipt} addressee={receipt.data.addressee ?? undefined} /> : null}
      </Stack>
    </ConsoleFrame>
  );
}
