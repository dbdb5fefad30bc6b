/**
 * The receipt (領収書, spec 02 §2): addressee, transaction date (completion, else creation;
 * yyyy年M月d日), reception number with a copy button, content (the service), payment method, the
 * lines in yen, subtotal, tax as a percent (tax-free lines marked ※非課税商品), total, issuer and
 * address; -- for what is missing. Read afresh (never cached: it is personal data).
 *
 * Reading: the receipt's 受付番号 is the paid answer's, the number the lookup shows (issue 54; the
 * server adds it to spec 02 §3's receipt data); the order id follows as 注文番号 in small type, and
 * stands in as 受付番号 only for an order whose answer has no code. The addressee is the signed-in
 * resident's display name.
 */
import { Alert, Button, Card, Group, Notification, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { TAXABLE_TYPE, paymentResultsReceiptByKey, type Receipt } from '@core/contract/payment';
import { call } from '../../lib/api';
import { fill } from '../../messages/fill';
import { jaScreens } from '../../messages/ja-screens';
import { receiptDate } from '../../payment/dates';
import { yen } from '../../payment/order-view';
import { successData } from '../../payment/queries';
import { LoadingText } from '../../ui/loading-text';
import { copyText } from './copy';

const SNACKBAR_MS = 3000;

export interface ReceiptScreenProps {
  receiptKey: string | undefined;
  addressee: string | undefined;
}

export function ReceiptScreen({ receiptKey, addressee }: ReceiptScreenProps) {
  const receipt = useQuery({
    queryKey: ['receipt', receiptKey ?? ''],
    queryFn: async ({ signal }) => successData(await call(paymentResultsReceiptByKey, { query: { key: receiptKey ?? '' } }, { signal })),
    enabled: receiptKey !== undefined && receiptKey !== '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return (
    <Stack gap="md" data-testid="receipt">
      <Title order={1} size="h3">
        {jaScreens.receipt.title}
      </Title>
      {!receiptKey ? (
        <Alert color="red" variant="light" role="alert" data-testid="receipt-error">
          {jaScreens.receipt.badUrl}
        </Alert>
      ) : receipt.isPending ? (
        <LoadingText />
      ) : receipt.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid="receipt-error">
          {jaScreens.receipt.loadFailed}
        </Alert>
      ) : (
        <ReceiptBody receipt={receipt.data} addressee={addressee} />
      )}
    </Stack>
  );
}

const or = (v: string | null | undefined): string => (v === null || v === undefined || v.trim() === '' ? jaScreens.receipt.missing : v);

export function ReceiptBody({ receipt, addressee }: { receipt: Receipt; addressee: string | undefined }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const t = setTimeout(() => setCopied(null), SNACKBAR_MS);
    return () => clearTimeout(t);
  }, [copied]);
  const total = receipt.amountWithTax ?? receipt.amount + receipt.tax;
  const code = receipt.answerCode ?? receipt.orderId;
  const rate = receipt.taxRate === null || receipt.taxRate === undefined ? jaScreens.receipt.missing : String(receipt.taxRate);
  const fields: [string, ReactNode, string][] = [
    [jaScreens.receipt.date, receiptDate(receipt.completedDate ?? receipt.createdAt), 'date'],
    [
      jaScreens.receipt.answerCode,
      <Group gap="xs" key="code">
        <Text span ff="monospace" data-testid="receipt-answer-code">
          {code}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void copyText(code).then(setCopied)} data-testid="receipt-copy">
          {jaScreens.receipt.copy}
        </Button>
      </Group>,
      'code',
    ],
    [jaScreens.receipt.content, or(receipt.serviceName), 'content'],
    [jaScreens.receipt.payMethod, receipt.payMethod ? jaScreens.receipt.payMethods[receipt.payMethod] : jaScreens.receipt.missing, 'method'],
  ];
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Text size="lg" fw={700} data-testid="receipt-addressee">
          {addressee ? `${addressee} ${jaScreens.receipt.addressee}` : `${jaScreens.receipt.missing} ${jaScreens.receipt.addressee}`}
        </Text>
        <dl className="order-totals">
          {fields.map(([label, value, id]) => (
            <div key={id} className="order-summary-row">
              <dt>{label}</dt>
              <dd data-testid={`receipt-${id}`}>{value}</dd>
            </div>
          ))}
        </dl>
        <Table withTableBorder data-testid="receipt-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{jaScreens.payment.colName}</Table.Th>
              <Table.Th ta="right">{jaScreens.payment.colCount}</Table.Th>
              <Table.Th ta="right">{jaScreens.payment.colAmount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receipt.details.map((d) => (
              <Table.Tr key={d.detailId} data-testid="receipt-line">
                <Table.Td>
                  {d.productName}
                  {d.taxableType === TAXABLE_TYPE.taxFree ? (
                    <Text span size="xs" ml={4} data-testid="receipt-tax-free">
                      {jaScreens.payment.taxFreeMark}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{d.count}</Table.Td>
                <Table.Td ta="right">{yen(d.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <dl className="order-totals">
          <div className="order-summary-row">
            <dt>{jaScreens.payment.subtotal}</dt>
            <dd data-testid="receipt-subtotal">{fill(jaScreens.payment.yen, { amount: yen(receipt.amount) })}</dd>
          </div>
          <div className="order-summary-row">
            <dt>{fill(jaScreens.receipt.taxLine, { rate })}</dt>
            <dd data-testid="receipt-tax">{fill(jaScreens.payment.yen, { amount: yen(receipt.tax) })}</dd>
          </div>
          <div className="order-summary-row">
            <dt>{jaScreens.payment.total}</dt>
            <dd data-testid="receipt-total">{fill(jaScreens.payment.yen, { amount: yen(total) })}</dd>
          </div>
        </dl>
        <dl className="order-totals">
          <div className="order-summary-row">
            <dt>{jaScreens.receipt.issuer}</dt>
            <dd data-testid="receipt-issuer">{or(receipt.receiptCreatorName)}</dd>
          </div>
          <div className="order-summary-row">
            <dt>{jaScreens.receipt.address}</dt>
            <dd data-testid="receipt-address">{or(receipt.receiptDisplayAddress)}</dd>
          </div>
        </dl>
        {receipt.answerCode ? (
          <Text size="xs" c="dimmed" data-testid="receipt-order-id">
            {fill(jaScreens.payment.orderId, { id: receipt.orderId })}
          </Text>
        ) : null}
      </Stack>
      {copied !== null ? (
        <Notification
          className="app-snackbar"
          withCloseButton={false}
          color={copied ? 'teal' : 'red'}
          role="status"
          data-testid="receipt-snackbar"
        >
          {copied ? jaScreens.receipt.copied : jaScreens.receipt.copyFailed}
        </Notification>
      ) : null}
    </Card>
  );
}
