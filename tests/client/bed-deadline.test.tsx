/**
 * Beds say the deadline before, not after (issue 54): a stay starting inside the cancel limit is
 * warned about in the stay dialog and on the confirm step; a stay past its deadline shows the
 * spec's deadline text instead of change and cancel; a refusal of the send shows on the confirm
 * step, by its buttons.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayInTokyo } from '@core/ja/date-input';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { jaScreens } from '../../src/messages/ja-screens';
import { bedsRemainingAnswer } from './bed-fixture';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const config = {
  surveyId: 'nyuin',
  surveyTitle: '入院ベッド予約',
  surveyType: 'bed',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 1,
  isAppending: { value: true },
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } }],
};

const CANCEL_LIMIT = 3;

const serve = (opts: { historyStartInDays?: number; post?: () => Response } = {}) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: config });
      if (url.pathname.endsWith('/getRuleBookingBed')) return json(200, { result: 'OK', data: { reservationPossibleStart: 0, reservationCancelLimit: CANCEL_LIMIT } });
      if (url.pathname.endsWith('/calendarBookingBeds')) return bedsRemainingAnswer(url, 2);
      if (url.pathname.endsWith('/bed-reservation/nyuin') && init?.method === 'POST') {
        return opts.post ? opts.post() : json(200, { result: 'OK', data: { partitionKey: 'nyuin#U1#1', data: [] } });
      }
      if (url.pathname.endsWith('/bookingBedHistory')) {
        const start = todayInTokyo().add({ days: opts.historyStartInDays ?? 20 });
        const stay = { partitionKey: 'nyuin#U1#1', startDate: `${start} 午後`, endDate: `${start.add({ days: 2 })} 午前`, fields: [{ itemKey: 'name', value: '入院 五郎' }], check: '未対応', updatedAt: '' };
        return json(200, { result: 'OK', data: [stay] });
      }
      return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
    }),
  );
};

/** Picks the stay starting `days` from today (moving a month on when it is not on this one). */
const pickDay = async (days: number) => {
  const date = todayInTokyo().add({ days }).toString();
  const calendar = await screen.findByTestId('bed-calendar');
  await waitFor(() => expect(calendar.querySelector('.bed-day:not([disabled])')).toBeTruthy(), { timeout: 3000 });
  if (!calendar.querySelector(`.bed-day[data-date="${date}"]:not([disabled])`)) fireEvent.click(screen.getByRole('button', { name: jaScreens.bed.next }));
  await waitFor(() => expect(calendar.querySelector(`.bed-day[data-date="${date}"]:not([disabled])`)).toBeTruthy(), { timeout: 3000 });
  fireEvent.click(calendar.querySelector<HTMLButtonElement>(`.bed-day[data-date="${date}"]`)!);
  return screen.findByRole('dialog');
};

const toConfirm = async (dialog: HTMLElement, name: string) => {
  fireEvent.click(within(dialog).getByRole('button', { name: jaScreens.bed.choose }));
  fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: jaScreens.bed.next2 }));
  return screen.findByTestId('bed-confirm');
};

describe('bed deadlines, said before', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
    signInResident();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('warns in the stay dialog and on the confirm step when the stay starts inside the cancel limit', async () => {
    serve();
    window.history.replaceState(null, '', '/bed-reservation/nyuin');
    render(<App />);
    const dialog = await pickDay(1);
    expect(within(dialog).getByTestId('stay-deadline-warning').textContent).toBe(jaScreens.bed.insideLimit);
    const confirm = await toConfirm(dialog, '入院 一郎');
    expect(within(confirm).getByTestId('confirm-deadline-warning').textContent).toBe(jaScreens.bed.insideLimit);
  });

  it('says nothing of the kind for a stay beyond the limit', async () => {
    serve();
    window.history.replaceState(null, '', '/bed-reservation/nyuin');
    render(<App />);
    const dialog = await pickDay(CANCEL_LIMIT + 2);
    expect(within(dialog).queryByTestId('stay-deadline-warning')).toBeNull();
    const confirm = await toConfirm(dialog, '入院 二郎');
    expect(within(confirm).queryByTestId('confirm-deadline-warning')).toBeNull();
  });

  it('shows a refusal of the send on the confirm step, by its buttons', async () => {
    serve({ post: () => json(409, { result: 'ERROR', code: 'quota_exceeded', errorMessage: 'x' }) });
    window.history.replaceState(null, '', '/bed-reservation/nyuin');
    render(<App />);
    const confirm = await toConfirm(await pickDay(CANCEL_LIMIT + 2), '入院 三郎');
    fireEvent.click(within(confirm).getByRole('button', { name: jaScreens.bed.confirmSend }));
    expect((await within(confirm).findByTestId('bed-error')).textContent).toBe(ja.errors.quotaExceeded);
    expect(screen.getAllByTestId('bed-error')).toHaveLength(1);
  });

  it('the detail of a stay past its deadline says so instead of offering change and cancel', async () => {
    serve({ historyStartInDays: 1 });
    window.history.replaceState(null, '', '/bed-reservation-list/nyuin');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: jaScreens.bed.detailTitle }));
    const detail = await screen.findByTestId('bed-detail');
    expect(within(detail).getByTestId('bed-deadline').textContent).toBe(jaScreens.bed.deadlinePassed);
    expect(within(detail).queryByRole('button', { name: jaScreens.bed.cancelStay })).toBeNull();
    expect(within(detail).queryByRole('link', { name: jaScreens.bed.edit })).toBeNull();
  });

  it('edit mode: 取り消し withdraws the change and goes back to the stays, sending nothing', async () => {
    serve({ historyStartInDays: 20 });
    window.history.replaceState(null, '', `/bed-reservation/nyuin?partitionKey=${encodeURIComponent('nyuin#U1#1')}`);
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: jaScreens.bed.next2 }));
    const confirm = await screen.findByTestId('bed-confirm');
    fireEvent.click(within(confirm).getByRole('button', { name: jaScreens.bed.confirmRevoke }));
    await waitFor(() => expect(window.location.pathname).toBe('/bed-reservation-list/nyuin'));
    const calls = (fetch as unknown as { mock: { calls: [string, RequestInit?][] } }).mock.calls;
    expect(calls.filter(([, init]) => init?.method === 'PUT' || init?.method === 'POST')).toEqual([]);
  });

  it('a stay far enough ahead still offers change and cancel', async () => {
    serve({ historyStartInDays: 20 });
    window.history.replaceState(null, '', '/bed-reservation-list/nyuin');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: jaScreens.bed.detailTitle }));
    const detail = await screen.findByTestId('bed-detail');
    expect(within(detail).queryByTestId('bed-deadline')).toBeNull();
    expect(within(detail).getByRole('button', { name: jaScreens.bed.cancelStay })).toBeTruthy();
  });
});
