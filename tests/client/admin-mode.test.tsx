/**
 * ?admin=1 is only a request (issue 56): the survey page asks the staff API whether this browser's
 * staff session may register on the form, and shows admin items only when it says so. The staff
 * call goes under the staff prefix with no resident token; its answer comes to the office's send.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const config = {
  surveyId: 's1',
  surveyTitle: '窓口受付',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  isAppending: { value: true },
  isDisplayAnswerCode: { value: true },
  version: 2,
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
    { itemKey: 'memo', type: 'text', title: '職員メモ', isAdminItem: true, isRequired: { admin: true } },
  ],
};

const row = (itemKey: string, value: string) => ({
  surveyId: 's1', userId: 'Iabc', partitionKey: 's1#Iabc#1', sortKey: itemKey, itemKey, value, title: itemKey, type: 'admin', check: '未対応',
  userSearchKey: null, isLiffMode: false, registrantName: '窓口 花子', userName: null, clinicAttributes: null, answerCode: '000777',
  isAppending: true, status: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The server: the staff form's answer is `staff` (status and body). */
const serve = (staff: { status: number; body: unknown }) => {
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/survey/api/v1/db/survey-configs/getItem') return json(200, { result: 'OK', data: config });
    if (url.pathname === '/survey/api/v1/staff/forms/s1') return json(staff.status, staff.body);
    if (url.pathname === '/survey/api/v1/staff/survey-results/register') {
      return json(200, { result: 'OK', partitionKey: 's1#Iabc#1', answercode: '000777', type: 'new', data: [row('name', '来院 太郎'), row('memo', '電話済み')] });
    }
    void init;
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const staffForm = { result: 'OK', data: { surveyId: 's1', title: '窓口受付', teams: ['健康課'], canRegister: true } };

describe('admin mode on the survey page', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
    signInResident();
    window.history.replaceState(null, '', '/survey/s1?admin=1');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('?admin=1 without a staff session renders no admin items, and the question carries no resident token', async () => {
    const fetch = serve({ status: 401, body: { result: 'ERROR', code: 'staff_session_required', errorMessage: '職員としてサインインしてください。' } });
    render(<App />);
    expect(await screen.findByLabelText(/^お名前/)).toBeTruthy();
    expect(screen.queryByLabelText(/^職員メモ/)).toBeNull();
    const asked = fetch.mock.calls.find(([u]) => String(u).includes('/staff/forms/s1'));
    expect(asked).toBeTruthy();
    expect(new Headers(asked?.[1]?.headers).get('authorization')).toBeNull();
  });

  it('a staff session that may not register (canRegister false) is user mode too', async () => {
    serve({ status: 200, body: { ...staffForm, data: { ...staffForm.data, canRegister: false } } });
    render(<App />);
    expect(await screen.findByLabelText(/^お名前/)).toBeTruthy();
    expect(screen.queryByLabelText(/^職員メモ/)).toBeNull();
  });

  it('with canRegister it shows the admin items and sends to the staff registration, then the 受付番号', async () => {
    const fetch = serve({ status: 200, body: staffForm });
    render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '来院 太郎' } });
    fireEvent.change(await screen.findByLabelText(/^職員メモ/), { target: { value: '電話済み' } });
    fireEvent.click(await screen.findByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    expect(within(await screen.findByTestId('answer-code')).getByText('000777')).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('putItem'))).toBe(false));
    const sent = fetch.mock.calls.find(([u]) => String(u).endsWith('/survey/api/v1/staff/survey-results/register'));
    expect(new Headers(sent?.[1]?.headers).get('authorization')).toBeNull();
    expect(JSON.parse(String(sent?.[1]?.body)).data.map((r: { itemKey: string }) => r.itemKey)).toEqual(['name', 'memo']);
  });
});
