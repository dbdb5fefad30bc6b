/**
 * Spec 02 §8 "reservation payment item fetch failure: failed to get the payment reservation
 * item": on a payment form whose reservation item sells a booking fee, a catalogue that cannot be
 * read says so at the products item and stops the submit — the reservation payment items' text
 * while the booking is all there is to price, the products' text otherwise.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { jaScreens } from '../../src/messages/ja-screens';
import { bookingForm, freshResidentEachTest, serveBookingForm } from './booking-fixture';
import { json } from './offline-helpers';

freshResidentEachTest();

const activeSlot = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="slot"][data-state="active"]');
    if (!el) throw new Error('no active slot yet');
    return el;
  });

describe('a booking-fee form whose catalogue cannot be read', () => {
  it('says the reservation payment items could not be read once a slot is booked, and sends nothing', async () => {
    const fetch = serveBookingForm(bookingForm(false), (path) =>
      path === '/payment-configs/services/svc' ? json(500, { result: 'ERROR', code: 'internal', errorMessage: 'boom' }) : undefined,
    );
    window.history.replaceState(null, '', '/survey/fee');
    render(<App />);
    // Nothing booked: it is the products that could not be read.
    expect(await screen.findByText(ja.payment.catalogueFailed, {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(await screen.findByTestId('reservation-item-select'), { target: { value: 'i1' } });
    fireEvent.click(await activeSlot());
    expect(await screen.findByText(jaScreens.payment.reservationItemsFailed)).toBeTruthy();
    fireEvent.click(await screen.findByLabelText(jaScreens.payment.payTypeCashless));
    fireEvent.click(screen.getByTestId('submit-button'));
    await waitFor(() => expect(screen.getByTestId('form-notice').textContent).toBe(jaScreens.payment.reservationItemsFailed));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.mock.calls.some(([u]) => /temprary|putItem/.test(String(u)))).toBe(false);
  }, 30_000);
});
