/**
 * The lookup's payment line (src/payment/payment-status.tsx): an order given back unpaid (the
 * resident's 購入をやめる, a declined card, an expired hold) reads as cancelled with nothing
 * charged, never 決済確認中 beside a cancelled answer.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentResult } from '@core/contract/payment';
import { PaymentLine } from '../../src/payment/payment-status';
import { paymentStatusLabel } from '../../src/payment/order-view';

afterEach(cleanup);

const result = (over: Partial<PaymentResult>): PaymentResult => ({
  serviceSortKey: 'svc',
  serviceId: 'svc',
  serviceName: '予防接種',
  details: [{ detailId: 1, productId: 'p1', productName: '接種料', price: 3000, count: 1, tax: 300, amount: 3000, amountWithTax: 3300, taxableType: 0 }],
  tax: 300,
  amount: 3000,
  amountWithTax: 3300,
  taxRate: 10,
  calculationType: 0,
  roundingType: 0,
  taxType: 0,
  reservationCostType: 0,
  selectedPayType: 0,
  payMethod: 'credit',
  completedDate: null,
  canceledDate: null,
  orderId: 'o1',
  surveyId: 'pay',
  partitionKey: 'pay#U1#1',
  createdAt: 1767225600,
  ...over,
});

describe('payment status', () => {
  it('shows an order given back unpaid as cancelled with nothing charged', () => {
    render(
      <MantineProvider>
        <PaymentLine result={result({ canceledDate: 1767229200 })} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('answer-payment-status').textContent).toBe('キャンセル（請求なし）');
    expect(screen.getByTestId('answer-payment').textContent).toBe('お支払い状況：キャンセル（請求なし）（3,300円）');
    expect(screen.queryByTestId('answer-receipt')).toBeNull();
  });

  it('keeps 決済確認中 while the provider has not answered, and a paid status over a cancel date', () => {
    expect(paymentStatusLabel(result({}))).toBeNull();
    render(
      <MantineProvider>
        <PaymentLine result={result({})} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('answer-payment-status').textContent).toBe('決済確認中');
    // Paid after its hold was given back: the money was taken, so the status says so.
    expect(paymentStatusLabel(result({ status: 3, canceledDate: 1767229200, completedDate: 1767229300 }))).toBe('与信済み');
  });
});
