/**
 * The confirmation step (spec 01 §2): a dialog 800 wide listing the answers, with close and send;
 * the send button reads 送信中... while sending. Loaded lazily: Mantine's Modal (portal, focus
 * trap, transitions) is not needed until the form is complete.
 */
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { todayInTokyo } from '@core/ja/date-input';
import { useDeadlinePassed } from '../calendar/deadline';
import { ReservationLinesList } from '../calendar/reservation-lines';
import { ja } from '../messages/ja';
// A view only (no pricing): the order was priced by the form.
import { OrderTable, rowsOfOrder } from '../payment/order-table';
import type { ConfirmEntry } from './submit';

export const CONFIRM_DIALOG_WIDTH = 800;

export interface ConfirmDialogProps {
  entries: readonly ConfirmEntry[];
  sending: boolean;
  error: string | undefined;
  /** The form is out of date: offer a reload instead of another try. */
  reload: boolean;
  onClose: () => void;
  onSend: () => void;
  /** The send button's text when it is not 送信する (the payment path's 決済画面へ). */
  sendLabel?: string | undefined;
  /** A stored answer is being changed: its values as stored (変更の確認, a moved slot old beside new). */
  changedFrom?: Readonly<Record<string, unknown>> | undefined;
}

export function ConfirmDialog({ entries, sending, error, reload, onClose, onSend, sendLabel, changedFrom }: ConfirmDialogProps) {
  return (
    <Modal
      opened
      onClose={onClose}
      size={CONFIRM_DIALOG_WIDTH}
      title={changedFrom ? ja.form.changeTitle : ja.form.confirmTitle}
      centered
      closeOnClickOutside={!sending}
      closeOnEscape={!sending}
      withCloseButton={!sending}
      data-testid="confirm-dialog"
    >
      <Stack gap="md">
        <Text size="sm">{ja.form.confirmLead}</Text>
        <dl className="form-confirm-list" data-testid="confirm-list">
          {entries.map((e) => (
            <div key={e.key} className="form-confirm-entry" data-item-key={e.key}>
              <dt>{e.title}</dt>
              <dd className="app-pre-wrap">
                {e.reservation ? (
                  <>
                    <SlotChange before={changedFrom?.[e.key]} item={e.reservation.item} value={e.reservation.value} />
                    <DeadlineWarning value={e.reservation.value} />
                  </>
                ) : e.order ? (
                  <OrderTable rows={rowsOfOrder(e.order)} totals={e.order} idPrefix="confirm-order" />
                ) : (
                  e.value
                )}
              </dd>
            </div>
          ))}
        </dl>
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="send-error">
            {error}
          </Alert>
        ) : null}
        {/* Sticky: on a phone the list scrolls inside the dialog and the buttons stay in reach. */}
        <Group justify="flex-end" gap="sm" className="form-confirm-actions">
          <Button variant="default" onClick={onClose} disabled={sending}>
            {ja.form.close}
          </Button>
          {reload ? (
            <Button onClick={() => window.location.reload()}>{ja.common.reload}</Button>
          ) : (
            <Button onClick={onSend} disabled={sending} data-testid="send-button">
              {sending ? ja.form.sending : (sendLabel ?? ja.form.send)}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** A reservation, and when a change moves it, the stored slot beside the new one. */
function SlotChange({ before, item, value }: { before: unknown; item: ConfirmReservation['item']; value: string }) {
  if (typeof before !== 'string' || before === '' || before === value) return <ReservationLinesList item={item} value={value} />;
  return (
    <SimpleGrid cols={2} spacing="sm" data-testid="confirm-slot-change">
      <div data-testid="confirm-slot-before">
        <Text size="sm" fw={700}>
          {ja.form.changeBefore}
        </Text>
        <ReservationLinesList item={item} value={before} />
      </div>
      <div data-testid="confirm-slot-after">
        <Text size="sm" fw={700}>
          {ja.form.changeAfter}
        </Text>
        <ReservationLinesList item={item} value={value} />
      </div>
    </SimpleGrid>
  );
}

type ConfirmReservation = NonNullable<ConfirmEntry['reservation']>;

/** The last word before booking a slot already inside its cancel deadline (see the picker's). */
function DeadlineWarning({ value }: { value: string }) {
  const passed = useDeadlinePassed(value, todayInTokyo());
  return passed ? (
    <Alert color="yellow" variant="light" mt="xs" data-testid="confirm-deadline-warning">
      {ja.calendar.pastDeadlineWarning}
    </Alert>
  ) : null;
}
