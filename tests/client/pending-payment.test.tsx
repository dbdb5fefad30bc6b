/**
 * Back on a payment form from the provider's page without paying (src/payment/pending-order.tsx):
 * the resident's unpaid order is offered to pay (the same order, handed off again) or to give
 * back as 購入をやめる does; an order already paid or given back is not offered.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResult } from '@core/contract/payment';
import { continueHandOff } from '../../src/payment/hand-off';
import { handOffPathOf } from '../../src/payment/hand-off-return';
import { PendingPayments } from '../../src/payment/pending-order';
import { json } from './offline-helpers';
import { paymentResult } from './payment-fixture';
import { signInResident } from './resident';

const result = (orderId: string, over: Partial<PaymentResult> = {}): PaymentResult => paymentResult({ orderId, partitionKey: `pay#U1#${orderId}`, ...over });

describe('an unpaid hand-off on the form', () => {
  let orders: PaymentResult[];
  let calls: { path: string; body: unknown }[];
  beforeEach(() => {
    sessionStorage.clear();
    signInResident();
    calls = [];
    orders = [result('paid', { status: 3, completedDate: 1767229200 }), result('gone', { canceledDate: 1767229200 }), result('o1')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
        calls.push({ path, body });
        if (path.endsWith('/payment-results/list')) return json(200, { code: 'success', data: orders });
        if (path.endsWith('/payment-orders/release')) {
          orders = orders.map((o) => (o.orderId === 'o1' ? { ...o, canceledDate: 1767229300 } : o));
          return json(200, { code: 'success', data: orders[2] });
        }
        if (path.endsWith('/payment-orders')) return json(200, { code: 'success', data: { action: 'https://pay.example/pay', method: 'POST', fields: [{ name: 'order_id', value: 'o1' }] } });
        return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers only the unpaid order, and gives it back when asked', async () => {
    const onReleased = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <PendingPayments surveyId="pay" onReleased={onReleased} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const offered = await screen.findAllByTestId('pending-payment');
    expect(offered.map((e) => e.getAttribute('data-order-id'))).toEqual(['o1']);
    expect(offered[0]?.textContent).toContain('お支払いが済んでいないお申し込みがあります');
    expect(offered[0]?.textContent).toContain('「決済画面へ」から進んだお申し込み（3,300円）のお支払いが完了していません。');

    fireEvent.click(screen.getByTestId('pending-release'));
    await waitFor(() => expect(onReleased).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.path.endsWith('/payment-orders/release'))?.body).toEqual({ orderId: 'o1' });
    await waitFor(() => expect(screen.queryByTestId('pending-payment')).toBeNull());
  });

  it('hands the same order to the provider again, remembering the form for the way back', async () => {
    const post = vi.fn();
    await continueHandOff(result('o1'), { post, returnPath: '/calendar/pay' });
    expect(post).toHaveBeenCalledWith({ action: 'https://pay.example/pay', method: 'POST', fields: [{ name: 'order_id', value: 'o1' }] });
    const sent = calls.find((c) => c.path.endsWith('/payment-orders'))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ surveyId: 'pay', orderId: 'o1', amount: 3000, tax: 300, payMethod: 'credit' });
    // No new temporary save: the answer and its hold are the ones already made.
    expect(calls.some((c) => c.path.endsWith('/survey-results/temprary'))).toBe(false);
    expect(handOffPathOf('o1')).toBe('/calendar/pay');
  });
});
