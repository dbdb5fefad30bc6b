/**
 * The payment return pages and the receipt (spec 02 §2, §8): 決済結果 (end message or default,
 * read afresh so a notification that came while away shows on the next opening), the error and
 * cancelled texts, and the receipt (-- for what is missing, yyyy年M月d日, ※非課税商品, the tax as a
 * percent, the copy button's legacy fallback and snackbar, 不正なURLです。 without a key).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail, PaymentStatus } from '@core/contract/payment';
import { App } from '../../src/app/app';
import { copyText } from '../../src/features/receipt/copy';
import { jaScreens } from '../../src/messages/ja-screens';
import { handOffPathOf, rememberHandOff } from '../../src/payment/hand-off-return';
import { clearDevice, json } from './offline-helpers';
import { paymentResult } from './payment-fixture';
import { signInResident } from './resident';

const config = {
  surveyId: 'pay',
  surveyTitle: '接種のお支払い',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 2,
  usePayment: 1,
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前' },
    { itemKey: 'yoyaku', type: 'reservation', title: '接種日' },
  ],
};

const line = (over: Partial<OrderDetail>): OrderDetail => ({
  detailId: 1,
  productId: 'p1',
  productName: '接種料',
  price: 1000,
  count: 2,
  tax: 200,
  amount: 2000,
  amountWithTax: 2200,
  taxableType: 0,
  ...over,
});

/** An order of two 接種料 (2,200円): unpaid with no status, else completed with it. */
const result = (status: PaymentStatus | undefined) =>
  paymentResult({
    details: [line({})],
    tax: 200,
    amount: 2000,
    amountWithTax: 2200,
    answerCode: '7',
    reservationValue: 'naika_i1|2026-01-20|0',
    ...(status === undefined ? {} : { status, completedDate: 1767225600 }),
  });

// 2026-01-01 09:00 JST.
const receipt = {
  completedDate: null,
  createdAt: 1767225600,
  orderId: 'o1',
  serviceName: null,
  payMethod: null,
  details: [line({}), line({ detailId: 2, productId: 'p2', productName: '問診票', price: 550, count: 1, tax: 0, amount: 550, amountWithTax: 550, taxableType: 1 })],
  tax: 200,
  amount: 2550,
  amountWithTax: 2750,
  taxRate: 10,
  receiptCreatorName: null,
  receiptDisplayAddress: null,
  answerCode: '7',
};

describe('payment pages', () => {
  let status: PaymentStatus | undefined;
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
    signInResident();
    status = undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: config });
        if (url.pathname.endsWith('/payment-results/o1')) return json(200, { code: 'success', data: result(status) });
        if (url.pathname.endsWith('/payment-results/receipt') && url.searchParams.get('key') === 'pay#U1#1') return json(200, { code: 'success', data: receipt });
        return json(404, { result: 'ERROR', code: 'not_found', errorMessage: '決済情報が見つかりません。' });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('決済結果 waits for the notification, and shows it the next time it is opened', async () => {
    window.history.replaceState(null, '', '/completedPayment/pay?orderId=o1');
    const first = render(<App />);
    expect((await screen.findByTestId('payment-pending')).textContent).toBe(jaScreens.payment.pending);
    expect(screen.queryByTestId('payment-message')).toBeNull();
    first.unmount();

    status = 3;
    render(<App />);
    expect((await screen.findByTestId('payment-message')).textContent).toBe('ご購入ありがとうございます。決済処理が完了しました。');
    expect(screen.getByRole('heading', { name: '決済結果' })).toBeTruthy();
    expect(screen.getByTestId('summary-order-total').textContent).toBe('2,200円');
    // In a resident's words: an authorised card reads 決済完了, not 与信済み.
    expect(screen.getByTestId('summary-status').textContent).toBe('決済完了');
    // One booking, one 受付番号: the answer's, as the lookup shows it; the order id only as 注文番号.
    expect(screen.getByTestId('paid-answer-code').textContent).toBe('7');
    expect(screen.getByTestId('summary-order-id').textContent).toBe('注文番号：o1');
    expect(screen.getByTestId('payment-completed').textContent).not.toContain('受付番号o1');
    // The booked date and the lines bought.
    expect(screen.getByTestId('reservation-date').textContent).toBe('1月20日（火）');
    expect(screen.getAllByTestId('summary-order-line').map((l) => l.textContent)).toEqual(['接種料22,000']);
    expect(screen.getByTestId('summary-canceled').textContent).toBe('--');
    expect(screen.getByTestId('summary-completed').textContent).toBe('2026-01-01 09:00:00');
  });

  it('says what happened on the error and cancelled pages', async () => {
    window.history.replaceState(null, '', '/errorPayment?orderId=o9');
    const page = render(<App />);
    const error = await screen.findByTestId('payment-error');
    expect(error.textContent).toContain('決済中にエラーが発生しました。');
    expect(error.textContent).toContain('注文番号：o9');
    expect(error.textContent).toContain('ブラウザを閉じて最初からやり直してください。');
    // o9 is not this resident's order and this tab handed nothing off: the start page.
    expect((await screen.findByTestId('back-to-start')).getAttribute('href')).toBe('/');
    page.unmount();
    window.history.replaceState(null, '', '/canceledPayment');
    render(<App />);
    expect((await screen.findByTestId('payment-canceled')).textContent).toContain('商品の購入をキャンセルしました。最初からやり直してください。');
  });

  it('leads from the error page back to the form the declined payment started from', async () => {
    rememberHandOff('o1', '/survey/pay');
    window.history.replaceState(null, '', '/errorPayment?orderId=o1');
    const page = render(<App />);
    expect((await screen.findByTestId('back-to-form')).getAttribute('href')).toBe('/survey/pay');
    expect(screen.getByTestId('payment-error').textContent).toContain('ブラウザを閉じて最初からやり直してください。');
    page.unmount();
    // Not handed off from this tab: the resident's order names its form.
    sessionStorage.clear();
    render(<App />);
    expect((await screen.findByTestId('back-to-form')).getAttribute('href')).toBe('/survey/pay');
  });

  it('leads from the cancelled page back to the form the payment started from, else the start page', async () => {
    rememberHandOff('o1', '/calendar/pay?x=1');
    window.history.replaceState(null, '', '/canceledPayment?orderId=o1');
    const page = render(<App />);
    expect((await screen.findByTestId('back-to-form')).getAttribute('href')).toBe('/calendar/pay?x=1');
    expect(screen.getByTestId('back-to-form').textContent).toBe('入力画面に戻る');
    page.unmount();

    // Not handed off from this tab: the resident's order names its form.
    sessionStorage.clear();
    const second = render(<App />);
    expect((await screen.findByTestId('back-to-form')).getAttribute('href')).toBe('/survey/pay');
    second.unmount();

    // An order that is not theirs (or no session): the start page.
    window.history.replaceState(null, '', '/canceledPayment?orderId=o9');
    render(<App />);
    expect((await screen.findByTestId('back-to-start')).getAttribute('href')).toBe('/');
    expect(screen.queryByTestId('back-to-form')).toBeNull();
    // Only a path of this site is kept.
    rememberHandOff('o9', '//evil.example/x');
    expect(handOffPathOf('o9')).toBeNull();
  });

  it('shows the receipt with -- for what is missing, and copies the number the legacy way', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: undefined }));
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    window.history.replaceState(null, '', '/receipt?key=pay%23U1%231');
    render(<App />);
    expect((await screen.findByTestId('receipt-addressee')).textContent).toBe('山田 花子 様');
    expect(screen.getByTestId('receipt-date').textContent).toBe('2026年1月1日');
    expect(screen.getByTestId('receipt-content').textContent).toBe('--');
    expect(screen.getByTestId('receipt-method').textContent).toBe('--');
    expect(screen.getByTestId('receipt-issuer').textContent).toBe('--');
    expect(screen.getByTestId('receipt-address').textContent).toBe('--');
    expect(screen.getAllByTestId('receipt-line').map((r) => r.textContent)).toEqual(['接種料22,000', '問診票※非課税商品1550']);
    expect(screen.getByText('消費税（10%）')).toBeTruthy();
    expect(screen.getByTestId('receipt-total').textContent).toBe('2,750円');
    // The answer's 受付番号, as on every page; the order id apart, as 注文番号.
    expect(screen.getByTestId('receipt-answer-code').textContent).toBe('7');
    expect(screen.getByTestId('receipt-order-id').textContent).toBe('注文番号：o1');
    fireEvent.click(screen.getByTestId('receipt-copy'));
    expect((await screen.findByTestId('receipt-snackbar')).textContent).toBe('受付番号をコピーしました');
    expect(exec).toHaveBeenCalledWith('copy');
  });

  it('without a key says 不正なURLです。, and a failed load its own text', async () => {
    window.history.replaceState(null, '', '/receipt');
    const page = render(<App />);
    expect((await screen.findByTestId('receipt-error')).textContent).toBe('不正なURLです。');
    page.unmount();
    window.history.replaceState(null, '', '/receipt?key=other');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('receipt-error').textContent).toBe('画面表示中にエラーが発生しました 。'));
  });

  it('copyText uses the Clipboard API when it may', async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await copyText('o1', document, { clipboard: { writeText } } as unknown as Navigator)).toBe(true);
    expect(writeText).toHaveBeenCalledWith('o1');
  });
});
