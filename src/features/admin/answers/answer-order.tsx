/**
 * The answer page's order and payment: the service and its lines, the amount, pay method and
 * payment state in their Japanese names, when it was paid and cancelled (Asia/Tokyo), the receipt
 * of a paid order, and 返金 where the person may give it back (payments/refund-button.tsx).
 */
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AnswerPage } from '@core/contract/staff-answers';
import type { StaffRole } from '@core/rules/staff';
import { jaConsole } from '../../../messages/ja-console';
import { OrderStateBadge } from '../payments/order-state-badge';
import { payMethodLabel, tokyoTime, yenText } from '../payments/payment-labels';
import { RefundButton } from '../payments/refund-button';

const t = jaConsole.answer;

export function AnswerOrder({ answer: a, order: o, role }: { answer: AnswerPage; order: NonNullable<AnswerPage['order']>; role: StaffRole }) {
  const state = { status: o.status, phase: o.phase ?? 'pending' };
  return (
    <Card withBorder data-testid="answer-order">
      <Title order={2} size="h5" mb="xs">
        {t.order}
      </Title>
      <Text size="sm">{o.order.serviceName}</Text>
      <Stack gap={0} component="ul" aria-label={t.lines} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {o.order.details.map((d) => (
          <Text component="li" size="sm" key={d.detailId}>
            {d.productName} × {d.count}
          </Text>
        ))}
      </Stack>
      <dl className="order-totals">
        <div className="order-summary-row">
          <dt>{t.amount}</dt>
          <dd>{yenText(o.amountWithTax)}</dd>
        </div>
        <div className="order-summary-row">
          <dt>{t.payType}</dt>
          <dd>{payMethodLabel(o.order.payMethod)}</dd>
        </div>
        <div className="order-summary-row">
          <dt>{t.payStatus}</dt>
          <dd>
            <OrderStateBadge order={state} />
          </dd>
        </div>
        <div className="order-summary-row">
          <dt>{t.completedAt}</dt>
          <dd>{tokyoTime(o.completedAt)}</dd>
        </div>
        <div className="order-summary-row">
          <dt>{t.canceledAt}</dt>
          <dd>{tokyoTime(o.canceledAt)}</dd>
        </div>
      </dl>
      <Group gap="sm" mt="xs">
        {o.phase === 'paid' ? (
          <Anchor component={Link} to={`/admin/payments/${encodeURIComponent(o.orderId)}/receipt`} size="sm">
            {t.receipt}
          </Anchor>
        ) : null}
        <RefundButton order={{ orderId: o.orderId, status: o.status, answerCode: a.answerCode, residentName: null, amountWithTax: o.amountWithTax }} role={role} />
      </Group>
    </Card>
  );
}
