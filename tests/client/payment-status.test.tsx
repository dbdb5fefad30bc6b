/**
 * The lookup's payment line (src/payment/payment-status.tsx): an order given back unpaid (the
 * resident's 購入をやめる, a declined card, an expired hold) reads as cancelled with nothing
 * charged, never 決済確認中 beside a cancelled answer.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentLine } from '../../src/payment/payment-status';
import { paymentStatusLabel } from '../../src/payment/order-view';
import { paymentResult } from './payment-fixture';

afterEach(cleanup);

describe('payment status', () => {
  it('shows an order given back unpaid as cancelled with nothing charged', () => {
    render(
      <MantineProvider>
        <PaymentLine result={paymentResult({ canceledDate: 1767229200 })} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('answer-payment-status').textContent).toBe('キャンセル（請求なし）');
    expect(screen.getByTestId('answer-payment').textContent).toBe('お支払い状況：キャンセル（請求なし）（3,300円）');
    expect(screen.queryByTestId('answer-receipt')).toBeNull();
  });

  it('keeps 決済確認中 while the provider has not answered, and a paid status over a cancel date', () => {
    expect(paymentStatusLabel(paymentResult({}))).toBeNull();
    render(
      <MantineProvider>
        <PaymentLine result={paymentResult({})} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('answer-payment-status').textContent).toBe('決済確認中');
    // Paid after its hold was given back: the money was taken, so the status says so.
    // A resident's words: an authorised card is paid (決済完了), not 与信済み.
    expect(paymentStatusLabel(paymentResult({ status: 3, canceledDate: 1767229200, completedDate: 1767229300 }))).toBe('決済完了');
  });
});
