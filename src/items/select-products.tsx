/**
 * Products (商品選択, spec 02 §2): the order list (商品名, 数量, 金額(円)) with its subtotal, tax and
 * total, and the order-line dialog to add a line or change one. Prices come from the service's
 * catalogue (cached for offline drafting); the server prices the order again when it is sent.
 * Spec 02 §4: the order can be changed only on a new answer (an edited answer's item is read-only).
 */
import { Alert, Button, Input, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PAY_TYPE } from '@core/contract/payment-codes';
import { todayInTokyo } from '@core/ja/date-input';
import { orderLinesValue, type OrderLine } from '@core/items/select-products';
import { offeredProducts } from '@core/rules/order';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import { linesOf, priceLines, yen } from '../payment/order-view';
import { paymentServiceQuery, taxSettingQuery } from '../payment/queries';
import { wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';
import { laterComponent } from '../lib/later-component';

const OrderLineDialog = laterComponent(() => import('../payment/order-line-dialog').then((m) => m.OrderLineDialog));

/** null: closed; 'new': adding; a number: changing that line (0-based). */
type Editing = null | 'new' | number;

export function SelectProductsItem(p: ItemProps<'selectProducts'>) {
  const serviceId = p.item.serviceId ?? '';
  const service = useQuery({ ...paymentServiceQuery(serviceId), enabled: serviceId !== '' });
  const tax = useQuery(taxSettingQuery());
  const [editing, setEditing] = useState<Editing>(null);
  const lines = linesOf(p.value);

  const setLines = (next: OrderLine[]) => {
    p.onChange(next.length === 0 ? undefined : orderLinesValue(next));
    p.onBlur();
  };

  const wrap = (body: ReactNode) => (
    <Input.Wrapper {...wrapperProps(p)} data-testid="select-products">
      <Stack gap="xs" mt={4}>
        {body}
      </Stack>
    </Input.Wrapper>
  );

  if (serviceId === '') return wrap(<Text c="red">{ja.payment.noService}</Text>);
  if (service.isPending || tax.isPending) return wrap(<Loader size="sm" />);
  if (service.isError) return wrap(<Alert color="red" variant="light">{ja.payment.catalogueFailed}</Alert>);
  const svc = service.data.data;
  const taxSetting = tax.isError ? null : tax.data.data;
  // Cashless for the figures: cash changes the path, not the amounts.
  const priced = priceLines(lines, svc, taxSetting, PAY_TYPE.cashless, todayInTokyo());
  const order = 'order' in priced ? priced.order : null;

  return wrap(
    <>
      {/* A plain table: Mantine's Table brings its scroll area and floating-ui into every form's first chunk. */}
      <table className="order-list" data-testid="order-list">
        <thead>
          <tr>
            <th>{ja.payment.colName}</th>
            <th className="order-list-figure">{ja.payment.colCount}</th>
            <th className="order-list-figure">{ja.payment.colAmount}</th>
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td colSpan={3}>
                <Text size="sm" c="dimmed">
                  {ja.validation.orderDetailsRequired}
                </Text>
              </td>
            </tr>
          ) : (
            lines.map((l, n) => {
              const d = order?.details[n];
              return (
                <tr key={`${l.productId}-${n}`} data-testid="order-line">
                  <td>
                    {p.readOnly ? (
                      l.productName
                    ) : (
                      <UnstyledButton td="underline" onClick={() => setEditing(n)} data-testid="order-line-edit">
                        {l.productName}
                      </UnstyledButton>
                    )}
                  </td>
                  <td className="order-list-figure">{l.count}</td>
                  <td className="order-list-figure">{d ? yen(d.amount) : '--'}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {lines.length > 0 && order ? (
        <dl className="order-totals" data-testid="order-totals">
          <dt>{ja.payment.subtotal}</dt>
          <dd data-testid="order-subtotal">{fill(ja.payment.yen, { amount: yen(order.amount) })}</dd>
          <dt>{ja.payment.tax}</dt>
          <dd data-testid="order-tax">{fill(ja.payment.yen, { amount: yen(order.tax) })}</dd>
          <dt>{ja.payment.total}</dt>
          <dd data-testid="order-total">{fill(ja.payment.yen, { amount: yen(order.amountWithTax) })}</dd>
        </dl>
      ) : null}
      {'problem' in priced && lines.length > 0 ? (
        <Alert color="red" variant="light" role="alert" data-testid="order-problem">
          {priced.problem}
        </Alert>
      ) : null}
      {p.readOnly ? null : (
        <Button variant="light" onClick={() => setEditing('new')} data-testid="order-add">
          {ja.payment.addLine}
        </Button>
      )}
      {editing !== null ? (
        <OrderLineDialog
          products={offeredProducts(svc.products ?? [])}
          purchaseLimit={svc.purchaseLimit}
          lines={lines}
          editing={editing === 'new' ? null : editing}
          rule={taxSetting}
          service={svc}
          onClose={() => setEditing(null)}
          onSave={(next) => {
            setLines(next);
            setEditing(null);
          }}
        />
      ) : null}
    </>,
  );
}

/** The confirmation's reading of the order: one line per product, "名前 × 数量". */
export const selectProductsDisplay = (value: string | string[]): string =>
  linesOf(value)
    .map((l) => `${l.productName} × ${l.count}`)
    .join('\n');

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'selectProducts'> = { Component: SelectProductsItem, showErrorOnChange: true, display: selectProductsDisplay };
