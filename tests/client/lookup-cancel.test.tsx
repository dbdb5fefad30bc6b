/**
 * The cancel page (/cancelConfirm) inside the app once the answer is already cancelled: after a
 * reload following a successful cancel, and when the server refuses with 409 already_cancelled.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { saveSearch, saveTarget } from '../../src/features/lookup/store';
import { ja } from '../../src/messages/ja';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const config = {
  surveyId: 'enq',
  surveyTitle: 'アンケート',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 1,
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true } }],
};

const row = (check: string) => ({
  surveyId: 'enq',
  userId: 'U1',
  partitionKey: 'enq#U1#1',
  sortKey: 'name',
  itemKey: 'name',
  value: '山田',
  title: 'お名前',
  type: 'liff',
  check,
  userSearchKey: null,
  isLiffMode: true,
  registrantName: 'LINEユーザー',
  userName: null,
  clinicAttributes: null,
  answerCode: '1',
  isAppending: true,
  status: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

/** The server: the config, the search (rows with the server's status) and the cancel. */
const serve = (server: { check: string; cancel: () => Response }) =>
  vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: config });
    if (url.pathname.endsWith('/survey-results/filterQuery')) return json(200, { result: 'OK', data: [row(server.check)] });
    if (url.pathname.endsWith('/survey-results/cancelItem')) return server.cancel();
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });

const openCancelPage = () => {
  window.history.replaceState(null, '', '/cancelConfirm');
  render(<App />);
};

const confirmCancel = async () => {
  fireEvent.click(await screen.findByTestId('cancel-submit'));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.lookup.dialogCancel }));
};

describe('the cancel page of an answer already cancelled', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
    signInResident();
    saveSearch({ surveyId: 'enq', conditions: { name: '山田' }, userId: 'U1', rows: [row('未対応')] as never });
    saveTarget({ surveyId: 'enq', partitionKey: 'enq#U1#1' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says so after a reload, with no キャンセルする and the way back to the list', async () => {
    const server = { check: '未対応', cancel: () => json(200, { result: 'OK', data: { partitionKey: 'enq#U1#1', check: 'NG' } }) };
    const fetch = serve(server);
    vi.stubGlobal('fetch', fetch);
    openCancelPage();
    await confirmCancel();
    expect(await screen.findByTestId('cancel-done')).toBeTruthy();
    // It names what was cancelled: the form and the 受付番号 (no reservation in this form).
    expect(screen.getByTestId('cancelled-title').textContent).toBe('アンケート');
    expect(screen.getByTestId('cancelled-answer-code').textContent).toBe('1');
    expect(screen.queryByTestId('cancelled-date')).toBeNull();

    // The reload: the same tab's stored search, a fresh page.
    cleanup();
    openCancelPage();
    expect((await screen.findByTestId('cancel-ended-notice')).textContent).toBe(ja.lookup.alreadyCancelled);
    expect(screen.queryByTestId('cancel-submit')).toBeNull();
    expect(screen.getByTestId('answer-fields').textContent).toContain('山田');
    fireEvent.click(screen.getByTestId('back-to-list'));
    expect(await screen.findByTestId('lookup-list-title')).toBeTruthy();
    expect(fetch.mock.calls.filter(([u]) => String(u).includes('cancelItem'))).toHaveLength(1);
  });

  it('turns the server’s 409 already_cancelled into the plain notice, not the generic error', async () => {
    // Cancelled elsewhere (another tab, the office) since the search: the stored rows still say 未対応.
    const server = {
      check: 'NG',
      cancel: () => json(409, { result: 'ERROR', code: 'already_cancelled', errorMessage: 'この回答はすでにキャンセルされています。' }),
    };
    vi.stubGlobal('fetch', serve(server));
    openCancelPage();
    await confirmCancel();
    expect((await screen.findByTestId('cancel-ended-notice')).textContent).toBe(ja.lookup.alreadyCancelled);
    expect(screen.queryByTestId('cancel-error')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('cancel-submit')).toBeNull());

    // The rows were read again, so a reload knows it too.
    cleanup();
    openCancelPage();
    expect(await screen.findByTestId('cancel-ended-notice')).toBeTruthy();
    expect(screen.queryByTestId('cancel-submit')).toBeNull();
  });
});
