/**
 * Products (商品選択, spec 02 §2): the order list (商品名, 数量, 金額(円)) with its subtotal, tax and
 * total, and the order-line dialog to add a line or change one. Prices come from the service's
 * catalogue (cached for offline drafting); the server prices the order again when it is sent.
 * The lines a booked reservation item brings follow the resident's, fixed (use-order-list.ts).
 * Spec 02 §4: the order can be changed only on a new answer (an edited answer's item is read-only).
 */
import { Alert, Button, Input, Loader, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { TAXABLE_TYPE } from '@core/contract/payment-codes';
import { orderLinesValue, type OrderLine } from '@core/items/select-products';
import { offeredProducts } from '@core/rules/order';
import { ja } from '../messages/ja';
import { jaScreens } from '../messages/ja-screens';
import { OrderTable, type OrderRow } from '../payment/order-table';
import { linesOf } from '../payment/order-view';
import { useOrderList } from '../payment/use-order-list';
import { wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';
import { laterComponent } from '../lib/later-component';

const OrderLineDialog = laterComponent(() => import('../payment/order-line-dialog').then((m) => m.OrderLineDialog));

/** null: closed; 'new': adding; a number: changing that line (0-based). */
type Editing = null | 'new' | number;

export function SelectProductsItem(p: ItemProps<'selectProducts'>) {
  const [editing, setEditing] = useState<Editing>(null);
  const lines = linesOf(p.value);
  const list = useOrderList(p.item.serviceId ?? '', lines);

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

  if (list.kind === 'noService') return wrap(<Text c="red">{jaScreens.payment.noService}</Text>);
  if (list.kind === 'loading') return wrap(<Loader size="sm" />);
  if (list.kind === 'failed') return wrap(<Alert color="red" variant="light">{list.text}</Alert>);
  const { service: svc, taxSetting, priced, booking } = list;
  const order = 'order' in priced ? priced.order : null;
  const rows: OrderRow[] = [...lines, ...booking].map((l, n) => {
    const d = order?.details[n];
    const own = n < lines.length;
    return {
      key: `${own ? 'own' : 'booking'}-${l.productId}-${n}`,
      name: l.productName,
      count: l.count,
      amount: d ? d.amount : null,
      booking: !own,
      taxFree: (d?.taxableType ?? svc.products?.find((x) => x.productId === l.productId)?.taxableType) === TAXABLE_TYPE.taxFree,
      onEdit: own && !p.readOnly ? () => setEditing(n) : undefined,
    };
  });

  return wrap(
    <>
      <OrderTable rows={rows} totals={order} empty={ja.validation.orderDetailsRequired} />
      {'problem' in priced && rows.length > 0 ? (
        <Alert color="red" variant="light" role="alert" data-testid="order-problem">
          {priced.problem}
        </Alert>
      ) : null}
      {p.readOnly ? null : (
        <Button variant="light" onClick={() => setEditing('new')} data-testid="order-add">
          {jaScreens.payment.addLine}
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
