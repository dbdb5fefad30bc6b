/** The member registration page inside the app: the form, the outbox, the number on completion. */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const memberConfig = {
  surveyId: 'kaiin',
  surveyTitle: '会員登録',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 2,
  linkedForms: [],
  surveySchema: [
    { itemKey: 'no', type: 'memberNumber', title: '会員番号', isAutomaticNumbering: true },
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
  ],
};

const storedRow = (itemKey: string, value: string) => ({
  surveyId: 'kaiin',
  userId: 'U1',
  partitionKey: 'kaiin#U1',
  sortKey: itemKey,
  itemKey,
  value,
  title: itemKey,
  type: 'liff',
  check: '未対応',
  userSearchKey: null,
  isLiffMode: true,
  registrantName: 'LINEユーザー',
  userName: null,
  clinicAttributes: null,
  answerCode: null,
  isAppending: false,
  status: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  originalValue: itemKey === 'no' ? value : null,
});

describe('the member registration page', () => {
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

  it('registers through putItem and shows the number the server gave, as a registration', async () => {
    let stored: unknown[] = [];
    const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/member-configs/getItem')) return json(200, { result: 'OK', data: memberConfig });
      if (url.pathname.endsWith('/member-results/getByUserId')) return json(200, { result: 'OK', data: stored });
      if (url.pathname.endsWith('/member-results/putItem')) {
        stored = [storedRow('name', '山田'), storedRow('no', '00010000042')];
        return json(200, { result: 'OK', data: stored });
      }
      void init;
      return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
    });
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/member/kaiin?survey=s1');
    render(<App />);
    expect((await screen.findByTestId('auto-number-note')).textContent).toBe(ja.items.autoNumberPending);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '山田' } });
    fireEvent.click(await screen.findByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    const done = await screen.findByTestId('member-done');
    expect(within(done).getByText(ja.member.done)).toBeTruthy();
    expect(within(screen.getByTestId('member-number')).getByText('0001-0000042')).toBeTruthy();
    expect(screen.getByTestId('member-to-survey')).toBeTruthy();
    // The automatic number is not sent: the server gives it.
    const put = fetch.mock.calls.find(([u]) => String(u).includes('member-results/putItem'))!;
    expect(JSON.parse(String(put[1]!.body))).toEqual([{ surveyId: 'kaiin', itemKey: 'name', title: 'お名前', value: '山田', sortKey: 'name' }]);
    expect(new Headers(put[1]!.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('shows the completion and its number again after a reload, not the filled form', async () => {
    const stored = [storedRow('name', '佐藤'), storedRow('no', '00010000043')];
    let registered = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/member-configs/getItem')) return json(200, { result: 'OK', data: memberConfig });
        if (url.pathname.endsWith('/member-results/getByUserId')) return json(200, { result: 'OK', data: registered ? stored : [] });
        if (url.pathname.endsWith('/member-results/putItem')) {
          registered = true;
          return json(200, { result: 'OK', data: stored });
        }
        return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
      }),
    );
    window.history.replaceState(null, '', '/member/kaiin?survey=s1');
    const first = render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '佐藤' } });
    fireEvent.click(await screen.findByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    await screen.findByTestId('member-done');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sent')).toBeTruthy());
    expect(new URLSearchParams(window.location.search).get('survey')).toBe('s1');

    first.unmount();
    render(<App />);
    const done = await screen.findByTestId('member-done');
    expect(within(done).getByText(ja.member.done)).toBeTruthy();
    expect(within(screen.getByTestId('member-number')).getByText('0001-0000043')).toBeTruthy();
    expect(screen.getByTestId('member-to-survey')).toBeTruthy();
    expect(screen.queryByTestId('submit-button')).toBeNull();
  });
});
