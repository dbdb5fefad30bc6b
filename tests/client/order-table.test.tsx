/** The order table marks tax-free lines (※非課税商品) as the receipt does (issue 54). */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jaScreens } from '../../src/messages/ja-screens';
import { OrderTable, rowsOfOrder } from '../../src/payment/order-table';

const line = (detailId: number, productName: string, taxableType: 0 | 1, amount: number) => ({
  detailId,
  productId: `p${detailId}`,
  productName,
  price: amount,
  count: 1,
  tax: 0,
  amount,
  amountWithTax: amount,
  taxableType,
});

describe('the order table', () => {
  afterEach(cleanup);

  it('marks a tax-free line and only that one', () => {
    const order = { details: [line(1, '接種料', 0, 1000), line(2, '予診票', 1, 550)], amount: 1550, tax: 100, amountWithTax: 1650 };
    render(
      <MantineProvider>
        <OrderTable rows={rowsOfOrder(order)} totals={order} idPrefix="t" />
      </MantineProvider>,
    );
    const lines = screen.getAllByTestId('t-line');
    expect(lines.map((l) => l.textContent)).toEqual(['接種料11,000', `予診票${jaScreens.payment.taxFreeMark}1550`]);
    expect(screen.getAllByTestId('t-line-tax-free')).toHaveLength(1);
    expect(screen.getByTestId('t-total').textContent).toBe('1,650円');
  });
});
