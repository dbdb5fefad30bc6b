/**
 * /admin/payments: the card orders of the person's forms, newest first, paged by cursor on the
 * server (次へ / 前へ), with the filters; each row's state in its Japanese name, 返金 where allowed,
 * its receipt and its answer. The grid is mantine-datatable, whose stylesheet loads with this chunk.
 */
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from '@tanstack/react-router';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { orderStateLabel } from '@core/ja/payment-status';
import type { PaymentRow } from '@core/contract/staff-payments';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { OrderStateBadge } from './order-state-badge';
import { PaymentFilters } from './payment-filters';
import { payMethodLabel, tokyoTime, yenText } from './payment-labels';
import { RefundButton } from './refund-button';
import { usePayments } from './use-payments';

const t = jaConsole.payments;

const answerPath = (r: PaymentRow) => `/admin/forms/${encodeURIComponent(r.surveyId)}/a/${encodeURIComponent(r.partitionKey)}`;

export function PaymentsPage() {
  const me = useStaffMe();
  const list = usePayments();
  const [done, setDone] = useState<PaymentRow | null>(null);
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: '/admin/payments' }} replace />;
  const role = me.data.role;
  const data = list.page.data;
  const codeOf = (r: PaymentRow) => r.answerCode ?? r.orderId;
  const columns: DataTableColumn<PaymentRow>[] = [
    { accessor: 'answerCode', title: t.answerCode, render: (r) => <Text size="sm" ff="monospace">{codeOf(r)}</Text> },
    { accessor: 'formTitle', title: t.form, render: (r) => <Text size="sm" lineClamp={2}>{r.formTitle}</Text> },
    { accessor: 'residentName', title: t.resident, render: (r) => r.residentName ?? '—' },
    { accessor: 'amountWithTax', title: t.amount, textAlign: 'right', noWrap: true, render: (r) => yenText(r.amountWithTax) },
    { accessor: 'payMethod', title: t.payMethod, render: (r) => payMethodLabel(r.payMethod) },
    { accessor: 'status', title: t.status, noWrap: true, render: (r) => <OrderStateBadge order={r} /> },
    {
      accessor: 'completedAt',
      title: t.dates,
      noWrap: true,
      render: (r) => (
        <Text size="sm" component="div">
          <div>{`${t.completedShort} ${tokyoTime(r.completedAt)}`}</div>
          {r.canceledAt ? <div>{`${t.canceledShort} ${tokyoTime(r.canceledAt)}`}</div> : null}
        </Text>
      ),
    },
    {
      accessor: 'actions',
      title: t.answer,
      noWrap: true,
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={answerPath(r)} size="sm" aria-label={fill(t.openAnswer, { code: codeOf(r) })}>
            {t.answer}
          </Anchor>
          {r.phase === 'paid' ? (
            <Anchor component={Link} to={`/admin/payments/${encodeURIComponent(r.orderId)}/receipt`} size="sm" aria-label={fill(t.openReceipt, { code: codeOf(r) })}>
              {t.receipt}
            </Anchor>
          ) : null}
          <RefundButton order={r} role={role} onDone={setDone} />
        </Group>
      ),
    },
  ];
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="sm">
        <Anchor component={Link} to="/admin" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {t.heading}
        </Title>
        {list.page.error ? <Alert color="red">{list.page.error.message}</Alert> : null}
        {done ? (
          <Alert color="teal" role="status" withCloseButton closeButtonLabel={t.close} onClose={() => setDone(null)} data-testid="refund-done">
            {fill(t.refunded, { code: codeOf(done), status: orderStateLabel(done) })}
          </Alert>
        ) : null}
        <PaymentFilters draft={list.draft} setDraft={list.setDraft} forms={data?.forms ?? []} apply={list.apply} clear={list.clear} />
        <DataTable<PaymentRow>
          data-testid="payments-table"
          withTableBorder
          striped
          highlightOnHover
          minHeight={160}
          fetching={list.page.isFetching}
          idAccessor="orderId"
          records={data?.orders ?? []}
          columns={columns}
          noRecordsText={t.none}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={!list.previous} onClick={() => list.previous?.()}>
            {t.previous}
          </Button>
          <Text size="sm" aria-live="polite">
            {list.pageNumber}
          </Text>
          <Button variant="default" disabled={!list.next} onClick={() => list.next?.()}>
            {t.next}
          </Button>
        </Group>
      </Stack>
    </ConsoleFrame>
  );
}
