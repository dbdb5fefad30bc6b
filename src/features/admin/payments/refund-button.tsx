/**
 * 返金 for one order, for the roles that may refund (core/rules/staff.ts) and the states that can be
 * given back (0 completed, 3 authorised: core/rules/payment-cancel.ts): a dialog says how much goes
 * back to whom and that the answer stays as it is, then the refund is sent under one key for this
 * confirmation, so a retry is the same request. A refusal is shown in the server's words.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { PAYMENT_STATUS } from '@core/contract/payment-codes';
import { REFUND_NOTE_MAX, type PaymentRow } from '@core/contract/staff-payments';
import { isRefundableStatus } from '@core/rules/payment-cancel';
import { canDo, type StaffRole } from '@core/rules/staff';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { yenText } from './payment-labels';
import { useRefund } from './payment-queries';

const t = jaConsole.payments;

type Refundable = Pick<PaymentRow, 'orderId' | 'status' | 'answerCode' | 'residentName' | 'amountWithTax'>;

export function RefundButton({ order, role, onDone }: { order: Refundable; role: StaffRole; onDone?: (refunded: PaymentRow) => void }) {
  const refund = useRefund();
  const [key, setKey] = useState<string | null>(null);
  const [note, setNote] = useState('');
  if (!canDo(role, 'refund') || !isRefundableStatus(order.status)) return null;
  const code = order.answerCode ?? order.orderId;
  const close = () => {
    setKey(null);
    refund.reset();
  };
  const send = () => {
    if (key === null) return;
    refund.mutate({ orderId: order.orderId, note: note.trim() || undefined, key }, {
        onSuccess: (row) => {
          close();
          onDone?.(row);
        },
      });
  };
  return (
    <>
      <Button size="compact-sm" color="red" variant="light" aria-label={fill(t.refundLabel, { code })} onClick={() => setKey(crypto.randomUUID())}>
        {t.refund}
      </Button>
      <Modal opened={key !== null} onClose={close} title={t.refundTitle} centered>
        <Stack gap="sm">
          <Text>{fill(t.refundConfirm, { name: order.residentName ?? '—', code, amount: yenText(order.amountWithTax) })}</Text>
          {order.status === PAYMENT_STATUS.creditAuthorised ? <Text size="sm">{t.refundAuthorised}</Text> : null}
          <Text size="sm">{t.refundKeeps}</Text>
          <Textarea label={t.refundNote} value={note} maxLength={REFUND_NOTE_MAX} rows={2} onChange={(e) => setNote(e.currentTarget.value)} />
          {refund.error ? (
            <Alert color="red" role="alert">
              {refund.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t.cancel}
            </Button>
            <Button color="red" onClick={send} loading={refund.isPending}>
              {t.doRefund}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
