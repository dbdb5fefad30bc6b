/**
 * The console's 返金 button (src/features/admin/payments/refund-button.tsx): offered only to the
 * roles that may refund and for the states that can be given back; a dialog says what goes back;
 * a retry after a failure sends the same Idempotency-Key (one confirmation, one refund), and a new
 * confirmation a new one.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ROLES } from '@core/rules/staff';
import type { PaymentRow } from '@core/contract/staff-payments';
import { RefundButton } from '../../src/features/admin/payments/refund-button';
import { jaConsole } from '../../src/messages/ja-console';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row: PaymentRow = {
  orderId: 'o1',
  surveyId: 'pay',
  formTitle: '接種予約',
  partitionKey: 'pay#U1#1',
  answerCode: '100123',
  residentName: '返金 太郎',
  serviceName: '予防接種',
  amountWithTax: 3300,
  payMethod: 'credit',
  status: 3,
  phase: 'paid',
  createdAt: '2026-04-01T00:00:00.000Z',
  completedAt: '2026-04-01T00:00:00.000Z',
  canceledAt: null,
};

const wrap = (order: PaymentRow, role: (typeof STAFF_ROLES)[number], onDone = vi.fn()) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RefundButton order={order} role={role} onDone={onDone} />
      </QueryClientProvider>
    </MantineProvider>,
  );

const t = jaConsole.payments;

describe('RefundButton', () => {
  it('is offered to admins and members, for completed and authorised orders only', () => {
    for (const role of STAFF_ROLES) {
      for (const status of [0, 1, 2, 3, 4, null] as const) {
        wrap({ ...row, status }, role);
        const shown = screen.queryByRole('button', { name: '100123 を返金' }) !== null;
        expect(shown, `${role} ${status}`).toBe((role === 'admin' || role === 'member') && (status === 0 || status === 3));
        cleanup();
      }
    }
  });

  it('confirms what goes back; a retry after a failure is the same request, a new confirmation another', async () => {
    const keys: string[] = [];
    let attempt = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push((init.headers as Record<string, string>)['Idempotency-Key'] as string);
        attempt += 1;
        return attempt === 1
          ? new Response(JSON.stringify({ result: 'ERROR', code: 'payment_refund_failed', errorMessage: '決済会社で返金できませんでした。' }), { status: 503 })
          : new Response(JSON.stringify({ result: 'OK', data: { order: { ...row, status: 4 } } }), { status: 200 });
      }),
    );
    const onDone = vi.fn();
    wrap(row, 'member', onDone);
    fireEvent.click(screen.getByRole('button', { name: '100123 を返金' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('返金 太郎（受付番号 100123）の3,300円を返金します。決済会社に取消・返金を依頼し、元に戻すことはできません。')).toBeTruthy();
    expect(within(dialog).getByText(t.refundAuthorised)).toBeTruthy();
    expect(within(dialog).getByText(t.refundKeeps)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: t.doRefund }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: t.doRefund }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ orderId: 'o1', status: 4 })));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_\-:.]{1,200}$/);
    expect(keys[1]).toBe(keys[0]);

    // Left and opened again: a new confirmation, a new key.
    attempt = 0;
    fireEvent.click(screen.getByRole('button', { name: '100123 を返金' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t.doRefund }));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });
});
