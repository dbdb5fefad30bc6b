/**
 * What 決済結果 shows of the paid booking (spec 02 §2; issue 54): the answer's 受付番号 (the one the
 * lookup shows), the booked date and time, the lines bought, and the summary in a resident's
 * words; the order id only as 注文番号, in small type.
 */
import { Card, Stack, Text } from '@mantine/core';
import type { PaymentResult } from '@core/contract/payment';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { isReservationItem } from '@core/rules/reservation-value';
import { ReservationLinesList } from '../../calendar/reservation-lines';
import type { ReservationItemConfig } from '../../calendar/categories';
import { fill } from '../../messages/fill';
import { ja } from '../../messages/ja';
import { jaScreens } from '../../messages/ja-screens';
import { paymentTime } from '../../payment/dates';
import { OrderTable, rowsOfOrder } from '../../payment/order-table';
import { paymentStatusLabel } from '../../payment/order-view';

/** The answer's 受付番号 and, for a booking, its slot. */
export function PaidAnswer({ result, config }: { result: PaymentResult; config: ServedSurveyConfig | undefined }) {
  const item = config?.surveySchema.find(isReservationItem) as ReservationItemConfig | undefined;
  if (!result.answerCode && !result.reservationValue) return null;
  return (
    <Card withBorder padding="md" data-testid="paid-answer">
      <Stack gap="sm">
        {result.answerCode ? (
          <div>
            <Text size="sm" c="dimmed">
              {ja.form.answerCode}
            </Text>
            <Text fw={700} size="xl" data-testid="paid-answer-code">
              {result.answerCode}
            </Text>
          </div>
        ) : null}
        {result.reservationValue ? (
          <div>
            <Text fw={700} mb={4}>
              {jaScreens.payment.booked}
            </Text>
            <ReservationLinesList item={item} value={result.reservationValue} />
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Spec 02 §2 order summary: the lines, subtotal, tax, total, method, status and dates. */
export function OrderSummary({ result }: { result: PaymentResult }) {
  const rows: [string, string, string][] = [
    [jaScreens.payment.payMethod, result.payMethod ? jaScreens.receipt.payMethods[result.payMethod] : jaScreens.receipt.missing, 'method'],
    [jaScreens.payment.paymentStatus, paymentStatusLabel(result) ?? jaScreens.receipt.missing, 'status'],
    [jaScreens.payment.completedDate, result.completedDate ? paymentTime(result.completedDate) : jaScreens.receipt.missing, 'completed'],
    [jaScreens.payment.canceledDate, result.canceledDate ? paymentTime(result.canceledDate) : jaScreens.receipt.missing, 'canceled'],
  ];
  return (
    <Card withBorder padding="md" data-testid="order-summary">
      <Text fw={700} mb="xs">
        {jaScreens.payment.orderSummary}
      </Text>
      <OrderTable rows={rowsOfOrder(result)} totals={result} idPrefix="summary-order" />
      <dl className="order-totals">
        {rows.map(([label, value, id]) => (
          <div key={id} className="order-summary-row">
            <dt>{label}</dt>
            <dd data-testid={`summary-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <Text size="xs" c="dimmed" mt="xs" data-testid="summary-order-id">
        {fill(jaScreens.payment.orderId, { id: result.orderId })}
      </Text>
    </Card>
  );
}
