/**
 * The lines a booking brings (spec 02 §3 reservationPaymentItemId) as a resident meets them on a
 * payment form with a reservation item: in the order list after their own lines, marked 予約に含まれます,
 * fixed (no way to change or remove them), in the subtotal, tax and total; following the slot and
 * the reservation item picked; in the confirmation; and in the order sent, which is exactly
 * buildOrder's (the server refuses any other, amount_mismatch).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paymentServiceSchema, taxSettingSchema } from '@core/contract/payment';
import { PAY_TYPE } from '@core/contract/payment-codes';
import { todayInTokyo } from '@core/ja/date-input';
import { buildOrder } from '@core/rules/order';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { jaScreens } from '../../src/messages/ja-screens';
import { bodyOf, bookingForm, freshResidentEachTest, SERVICE, serveBookingForm, TAX } from './booking-fixture';

const activeSlot = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="slot"][data-state="active"]');
    if (!el) throw new Error('no active slot yet');
    return el;
  });

const pickItem = async (itemId: string) => {
  fireEvent.change(await screen.findByTestId('reservation-item-select'), { target: { value: itemId } });
  fireEvent.click(await activeSlot());
};

const rowTexts = (id = 'order-line') => screen.getAllByTestId(id).map((r) => r.textContent);

const addLine = async () => {
  fireEvent.click(await screen.findByTestId('order-add'));
  const dialog = await screen.findByRole('dialog');
  // A booking's product is the booking's: the dialog does not offer it.
  expect([...within(dialog).getByLabelText(jaScreens.payment.product).querySelectorAll('option')].map((o) => o.textContent)).not.toContain('予約料');
  fireEvent.change(within(dialog).getByLabelText(jaScreens.payment.category), { target: { value: 'c1' } });
  fireEvent.change(within(dialog).getByLabelText(jaScreens.payment.product), { target: { value: 'p1' } });
  fireEvent.click(within(dialog).getByTestId('order-save'));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
};

const openForm = async () => {
  window.history.replaceState(null, '', '/survey/fee');
  render(<App />);
  await screen.findByTestId('order-add');
};

const expectedOrder = (lines: { productId: string; productName: string; productCategoryId: string | null; productCategoryName: string | null; count: number }[], reserved: string[]) => {
  const built = buildOrder(lines, paymentServiceSchema.parse(SERVICE), taxSettingSchema.parse(TAX), PAY_TYPE.cashless, todayInTokyo(), new Set(reserved));
  if (!('order' in built)) throw new Error(built.kind);
  return built.order;
};

freshResidentEachTest();

describe('the order list of a form whose reservation item sells a booking fee', () => {
  it('lists the fee after the resident’s lines, fixed and marked, priced in; it follows the item picked', async () => {
    serveBookingForm(bookingForm(true));
    await openForm();
    // Nothing booked yet: no fee, the list asks for a line.
    expect(screen.queryAllByTestId('order-line')).toHaveLength(0);
    await pickItem('i1');
    await waitFor(() => expect(rowTexts()).toEqual([`予約料${jaScreens.payment.bookingLine}1500`]));
    const fee = screen.getByTestId('order-line');
    expect(fee.dataset['booking']).toBe('true');
    expect(within(fee).queryByTestId('order-line-edit')).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('550円');

    await addLine();
    expect(rowTexts()).toEqual(['接種料11,000', `予約料${jaScreens.payment.bookingLine}1500`]);
    // Only the resident's own line opens the dialog (to change or 削除).
    expect(screen.getAllByTestId('order-line-edit')).toHaveLength(1);
    expect(screen.getAllByTestId('order-line-booking')).toHaveLength(1);
    expect(screen.getByTestId('order-subtotal').textContent).toBe('1,500円');
    expect(screen.getByTestId('order-tax').textContent).toBe('150円');
    expect(screen.getByTestId('order-total').textContent).toBe('1,650円');

    // Another reservation item: its own fee (tax free) replaces the first once its slot is picked.
    await pickItem('i2');
    await waitFor(() => expect(rowTexts()).toEqual(['接種料11,000', `相談料${jaScreens.payment.taxFreeMark}${jaScreens.payment.bookingLine}1300`]));
    expect(screen.getByTestId('order-subtotal').textContent).toBe('1,300円');
    expect(screen.getByTestId('order-tax').textContent).toBe('100円');
    expect(screen.getByTestId('order-total').textContent).toBe('1,400円');
  }, 30_000);

  it('the confirmation shows the fee and the total; the temporary save sends exactly buildOrder’s order', async () => {
    const fetch = serveBookingForm(bookingForm(true));
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    await openForm();
    await pickItem('i1');
    await addLine();
    fireEvent.click(await screen.findByLabelText(jaScreens.payment.payTypeCashless));
    await waitFor(() => expect(screen.getByTestId('submit-button').textContent).toBe(ja.payment.toPayment));
    fireEvent.click(screen.getByTestId('submit-button'));
    const dialog = await screen.findByRole('dialog');
    const lines = within(dialog).getAllByTestId('confirm-order-line');
    expect(lines.map((l) => l.textContent)).toEqual(['接種料11,000', `予約料${jaScreens.payment.bookingLine}1500`]);
    expect(within(dialog).getByTestId('confirm-order-total').textContent).toBe('1,650円');
    fireEvent.click(within(dialog).getByRole('button', { name: ja.payment.toPayment }));
    await waitFor(() => expect(bodyOf(fetch, '/survey-results/temprary')).toBeDefined());

    const temporary = bodyOf(fetch, '/survey-results/temprary')!;
    const rows = temporary['data'] as { itemKey: string; value: string }[];
    // The products row holds the resident's own line only; the order carries the fee after it.
    const products = JSON.parse(rows.find((r) => r.itemKey === 'shohin')!.value) as { productId: string }[];
    expect(products.map((l) => l.productId)).toEqual(['p1']);
    expect(temporary['order']).toEqual(
      expectedOrder([{ productId: 'p1', productName: '接種料', productCategoryId: 'c1', productCategoryName: '接種', count: 1 }], ['naika-ippan-shoshin_i1']),
    );
    expect((temporary['order'] as { details: { productId: string }[] }).details.map((d) => d.productId)).toEqual(['p1', 'fee1']);
  }, 30_000);

  it('a booking fee alone, nothing chosen: still an order, shown in the confirmation and paid by card', async () => {
    const fetch = serveBookingForm(bookingForm(false));
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    await openForm();
    await pickItem('i1');
    await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('550円'));
    fireEvent.click(await screen.findByLabelText(jaScreens.payment.payTypeCashless));
    await waitFor(() => expect(screen.getByTestId('submit-button').textContent).toBe(ja.payment.toPayment));
    fireEvent.click(screen.getByTestId('submit-button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByTestId('confirm-order-line').map((l) => l.textContent)).toEqual([`予約料${jaScreens.payment.bookingLine}1500`]);
    fireEvent.click(within(dialog).getByRole('button', { name: ja.payment.toPayment }));
    await waitFor(() => expect(bodyOf(fetch, '/survey-results/temprary')).toBeDefined());
    const temporary = bodyOf(fetch, '/survey-results/temprary')!;
    expect((temporary['data'] as { itemKey: string }[]).map((r) => r.itemKey)).not.toContain('shohin');
    expect(temporary['order']).toEqual(expectedOrder([], ['naika-ippan-shoshin_i1']));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('putItem'))).toBe(false);
  }, 30_000);
});
