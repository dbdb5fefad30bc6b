/**
 * The order list as a view (spec 02 §2: 商品名, 数量, 金額(円), then subtotal, tax and total): the
 * products item draws it while the order is made, the confirmation before it is sent. The lines a
 * booking brings are marked and have no way to change them. No pricing here: rows come priced.
 */
import { Text, UnstyledButton } from '@mantine/core';
import type { PaymentOrder } from '@core/contract/payment';
import { TAXABLE_TYPE } from '@core/contract/payment-codes';
import { fill } from '../messages/fill';
import { jaScreens } from '../messages/ja-screens';
import { yen } from './yen';

export interface OrderRow {
  key: string;
  name: string;
  count: number;
  /** null: not priced (the tax setting or the catalogue is missing). */
  amount: number | null;
  /** Brought by the booked reservation item, not chosen: fixed. */
  booking: boolean;
  /** A tax-free line (taxableType 1): marked ※非課税商品, as on the receipt. */
  taxFree?: boolean | undefined;
  /** The resident's own line, changeable: opens the order-line dialog. */
  onEdit?: (() => void) | undefined;
}

export interface OrderTableProps {
  rows: readonly OrderRow[];
  totals: Pick<PaymentOrder, 'amount' | 'tax' | 'amountWithTax'> | null;
  /** Shown in the list while it has no row. */
  empty?: string | undefined;
  /** The test ids' stem: the confirmation's list must not read as the form's. */
  idPrefix?: string;
}

export function OrderTable({ rows, totals, empty, idPrefix = 'order' }: OrderTableProps) {
  return (
    <>
      {/* A plain table: Mantine's Table brings its scroll area and floating-ui into every form's first chunk. */}
      <table className="order-list" data-testid={`${idPrefix}-list`}>
        <thead>
          <tr>
            <th>{jaScreens.payment.colName}</th>
            <th className="order-list-figure">{jaScreens.payment.colCount}</th>
            <th className="order-list-figure">{jaScreens.payment.colAmount}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3}>
                <Text size="sm" c="dimmed">
                  {empty}
                </Text>
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key} data-testid={`${idPrefix}-line`} data-booking={r.booking ? 'true' : undefined}>
                <td>
                  {r.onEdit ? (
                    <UnstyledButton td="underline" onClick={r.onEdit} data-testid={`${idPrefix}-line-edit`}>
                      {r.name}
                    </UnstyledButton>
                  ) : (
                    r.name
                  )}
                  {r.taxFree ? (
                    <Text span size="xs" ml={4} data-testid={`${idPrefix}-line-tax-free`}>
                      {jaScreens.payment.taxFreeMark}
                    </Text>
                  ) : null}
                  {r.booking ? (
                    <Text size="xs" c="dimmed" data-testid={`${idPrefix}-line-booking`}>
                      {jaScreens.payment.bookingLine}
                    </Text>
                  ) : null}
                </td>
                <td className="order-list-figure">{r.count}</td>
                <td className="order-list-figure">{r.amount === null ? '--' : yen(r.amount)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {totals && rows.length > 0 ? (
        <dl className="order-totals" data-testid={`${idPrefix}-totals`}>
          <dt>{jaScreens.payment.subtotal}</dt>
          <dd data-testid={`${idPrefix}-subtotal`}>{fill(jaScreens.payment.yen, { amount: yen(totals.amount) })}</dd>
          <dt>{jaScreens.payment.tax}</dt>
          <dd data-testid={`${idPrefix}-tax`}>{fill(jaScreens.payment.yen, { amount: yen(totals.tax) })}</dd>
          <dt>{jaScreens.payment.total}</dt>
          <dd data-testid={`${idPrefix}-total`}>{fill(jaScreens.payment.yen, { amount: yen(totals.amountWithTax) })}</dd>
        </dl>
      ) : null}
    </>
  );
}

/** An order's lines as rows, fixed (the confirmation): booking lines by their reservationPaymentItemId. */
export const rowsOfOrder = (order: Pick<PaymentOrder, 'details'>): OrderRow[] =>
  order.details.map((d) => ({
    key: String(d.detailId),
    name: d.productName,
    count: d.count,
    amount: d.amount,
    booking: Boolean(d.reservationPaymentItemId),
    taxFree: d.taxableType === TAXABLE_TYPE.taxFree,
  }));
