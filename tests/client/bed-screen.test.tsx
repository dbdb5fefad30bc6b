/**
 * The bed booking page inside the app: the form's phone typed as residents write it is sent as its
 * digits, and the finish page survives a reload of the tab (?sent= names the outbox entry).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayInTokyo } from '@core/ja/date-input';
import { App } from '../../src/app/app';
import { readDateText } from '../../src/lib/ja-dates';
import { fill } from '../../src/messages/fill';
import { ja } from '../../src/messages/ja';
import { jaScreens } from '../../src/messages/ja-screens';
import { bedsRemainingAnswer } from './bed-fixture';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const bedConfig = {
  surveyId: 'nyuin',
  surveyTitle: '入院ベッド予約',
  surveyType: 'bed',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 1,
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
    { itemKey: 'phone', type: 'phone', title: '電話番号' },
  ],
};

const serve = () => {
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: bedConfig });
    if (url.pathname.endsWith('/getRuleBookingBed')) return json(200, { result: 'OK', data: { reservationPossibleStart: 1, reservationCancelLimit: 3 } });
    if (url.pathname.endsWith('/calendarBookingBeds')) return bedsRemainingAnswer(url, 3);
    if (url.pathname.endsWith('/bed-reservation/nyuin') && init?.method === 'POST') {
      return json(200, { result: 'OK', data: { partitionKey: 'nyuin#U1#1', data: [] } });
    }
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

/** From the calendar to the form: the first day with a bed, 1泊2日 as the dialog offers it. */
const pickStay = async () => {
  const calendar = await screen.findByTestId('bed-calendar');
  await waitFor(() => expect(calendar.querySelector('.bed-day:not([disabled])')).toBeTruthy(), { timeout: 3000 });
  const day = calendar.querySelector<HTMLButtonElement>('.bed-day:not([disabled])')!;
  fireEvent.click(day);
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: jaScreens.bed.choose }));
  return day.getAttribute('data-date')!;
};

const sentBody = (fetch: ReturnType<typeof serve>) => {
  const post = fetch.mock.calls.find(([u, i]) => String(u).endsWith('/bed-reservation/nyuin') && i?.method === 'POST')!;
  return JSON.parse(String(post[1]!.body)) as { data: { itemKey: string; value: string }[] };
};

// Each test walks the calendar, the dialog and the form of the whole app: longer than a unit test.
describe('the bed booking page', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
    signInResident();
    window.history.replaceState(null, '', '/bed-reservation/nyuin');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  for (const typed of ['０９０１２３４５６７８', '090-1234-5678']) {
    it(`takes the phone ${typed} as the survey forms do, and sends its digits`, async () => {
      const fetch = serve();
      render(<App />);
      await pickStay();
      // A name of its own: the same stay sent twice in a session is refused as already sent.
      fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: `入院 ${typed}` } });
      const phone = screen.getByLabelText(/^電話番号/);
      fireEvent.change(phone, { target: { value: typed } });
      // Typed and never left: 確認へ進む still reads it as its digits.
      fireEvent.click(screen.getByRole('button', { name: jaScreens.bed.next2 }));
      const confirm = await screen.findByTestId('bed-confirm');
      expect(within(confirm).getByText('電話番号: 09012345678')).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: jaScreens.bed.confirmSend }));
      await screen.findByTestId('bed-finish');
      expect(sentBody(fetch).data.find((r) => r.itemKey === 'phone')?.value).toBe('09012345678');
    });
  }

  it('puts the phone in its digits when the field is left', async () => {
    serve();
    render(<App />);
    await pickStay();
    const phone = (await screen.findByLabelText(/^電話番号/)) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '０９０－１２３４－５６７８' } });
    fireEvent.blur(phone);
    await waitFor(() => expect(phone.value).toBe('09012345678'));
  });

  it('shows the finish page again after a reload, and the calendar when the address names nothing here', async () => {
    serve();
    const first = render(<App />);
    const date = await pickStay();
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '入院 太郎' } });
    fireEvent.click(screen.getByRole('button', { name: jaScreens.bed.next2 }));
    fireEvent.click(within(await screen.findByTestId('bed-confirm')).getByRole('button', { name: jaScreens.bed.confirmSend }));
    expect(within(await screen.findByTestId('bed-finish')).getByText(jaScreens.bed.finishDefault)).toBeTruthy();
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sent')).toBeTruthy());

    first.unmount();
    render(<App />);
    const finish = await screen.findByTestId('bed-finish');
    expect(within(finish).getByText(jaScreens.bed.finishDefault)).toBeTruthy();
    const [y, m, d] = date.split('-').map(Number);
    expect(within(finish).getByTestId('bed-stay').textContent).toContain(`${y}年${m}月${d}日`);
    expect(screen.queryByTestId('bed-calendar')).toBeNull();
    cleanup();

    window.history.replaceState(null, '', '/bed-reservation/nyuin?sent=nothing-here');
    render(<App />);
    expect(await screen.findByTestId('bed-calendar')).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('says from which day a stay can start, and greys the days before it', async () => {
    serve();
    render(<App />);
    const today = todayInTokyo();
    const first = today.add({ days: 1 });
    expect((await screen.findByTestId('bed-first-day')).textContent).toBe(fill(jaScreens.bed.firstDay, { date: readDateText(first.toString()) }));
    const calendar = await screen.findByTestId('bed-calendar');
    await waitFor(() => expect(calendar.querySelector('.bed-day:not([disabled])')).toBeTruthy(), { timeout: 3000 });
    expect(calendar.querySelector<HTMLButtonElement>(`.bed-day[data-date="${today.toString()}"]`)?.disabled).toBe(true);
    // The last day of a month has its first bookable day in the next month's grid.
    if (first.month === today.month) {
      expect(calendar.querySelector<HTMLButtonElement>(`.bed-day[data-date="${first.toString()}"]`)?.disabled).toBe(false);
    }
  });

  it('says 本帳票が無効 for a form it cannot find, with the way back to the start page', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'no survey config.' })));
    window.history.replaceState(null, '', '/bed-reservation/gone');
    render(<App />);
    expect((await screen.findByText(ja.errors.notFound)).textContent).toBe(ja.errors.notFound);
    expect(screen.queryByTestId('bed-calendar')).toBeNull();
    fireEvent.click(screen.getByTestId('back-to-start'));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});
