import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSED_FORM_META } from '@core/contract/page';
import { App } from '../../src/app/app';
import { LIFF_STATE_KEY } from '../../src/lib/login';
import { saveSession } from '../../src/lib/session';
import { ja } from '../../src/messages/ja';
import { makeIdToken } from './fake-clock';
import { clearDevice, json } from './offline-helpers';

const surveyConfig = {
  surveyId: 's1',
  surveyTitle: '特定健診のお申し込み',
  description: '必要事項をご入力ください。',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 3,
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
    { itemKey: 'tel', type: 'phone', title: '電話番号', isRequiredForUser: { value: true } },
    { itemKey: 'memo', type: 'textarea', title: 'ご要望' },
    { itemKey: 'staff', type: 'text', title: '担当者メモ', isAdminItem: true },
  ],
};

type Route = (url: URL) => Response | Promise<Response>;
const serve = (routes: Record<string, Route>) => {
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[url.pathname];
    return route ? route(url) : json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const open = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(<App />);
};

const signIn = () =>
  saveSession({
    idToken: makeIdToken({ sub: 'U1', exp: Math.floor(Date.now() / 1000) + 3600 }),
    accessToken: 'a',
    profile: { userId: 'U1', displayName: '山田 花子', pictureUrl: 'https://example.test/p.png' },
  });

describe('app routes', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the not-found page for an unknown path', async () => {
    serve({});
    open('/no/such/page');
    expect(await screen.findByText('PAGE NOT FOUND')).toBeTruthy();
    expect(screen.getByText('ごめんなさい！お探しのページは見つかりません。')).toBeTruthy();
  });

  it('lists the open forms on the start page', async () => {
    serve({
      '/survey/api/v1/db/survey-configs/open': () =>
        json(200, { result: 'OK', data: [{ surveyId: 's1', surveyTitle: '特定健診のお申し込み', description: '40歳以上の方' }] }),
    });
    open('/');
    expect(await screen.findByText(ja.start.heading)).toBeTruthy();
    const card = await screen.findByTestId('open-form');
    expect(within(card).getByText('特定健診のお申し込み')).toBeTruthy();
    expect(within(card).getByText('40歳以上の方')).toBeTruthy();
    expect(within(card).getByRole('link', { name: ja.start.open }).getAttribute('href')).toBe('/survey/s1');
  });

  it('leads from a form for members on the start page to the member’s list of its bookings', async () => {
    serve({
      '/survey/api/v1/db/survey-configs/open': () =>
        json(200, {
          result: 'OK',
          data: [
            { surveyId: 'kaiin-yoyaku', surveyTitle: '会員予約', description: null, memberFormId: 'kaiin' },
            { surveyId: 's1', surveyTitle: '一般の申込', description: null },
          ],
        }),
    });
    open('/');
    const [members, plain] = await screen.findAllByTestId('open-form');
    expect(within(members!).getByRole('link', { name: ja.member.toList }).getAttribute('href')).toBe('/member-confirmList/kaiin?form=kaiin-yoyaku');
    expect(within(plain!).queryByTestId('open-form-member-list')).toBeNull();
  });

  it('says so when no form is open', async () => {
    serve({ '/survey/api/v1/db/survey-configs/open': () => json(200, { result: 'OK', data: [] }) });
    open('/');
    expect((await screen.findByTestId('open-forms-empty')).textContent).toBe(ja.start.empty);
  });

  it('guards /survey/$id: stores the target and goes to /login', async () => {
    // The app config never answers, so the login stops before leaving for the issuer.
    serve({ '/survey/api/v1/db/app-config': () => new Promise<Response>(() => {}) });
    open('/survey/s1?partitionKey=s1%23U1');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(localStorage.getItem(LIFF_STATE_KEY)).toBe('/survey/s1?partitionKey=s1%23U1');
    expect(await screen.findByText(ja.login.inProgress)).toBeTruthy();
  });

  it('says 本帳票が無効 without asking for sign-in when the server marked the form closed', async () => {
    const mark = document.createElement('meta');
    mark.name = CLOSED_FORM_META;
    mark.content = 'gone';
    document.head.append(mark);
    try {
      const fetch = serve({ '/survey/api/v1/db/app-config': () => new Promise<Response>(() => {}) });
      open('/survey/gone');
      expect(await screen.findByText(ja.errors.notFound)).toBeTruthy();
      expect(screen.getByTestId('back-to-start').textContent).toBe(ja.common.backToStart);
      expect(window.location.pathname).toBe('/survey/gone');
      expect(fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('getItem'))).toEqual([]);
      cleanup();
      // The mark names one form: another still asks for sign-in first.
      open('/survey/s1');
      await waitFor(() => expect(window.location.pathname).toBe('/login'));
    } finally {
      mark.remove();
    }
  });

  it('redirects /login/survey/$id to /survey/$id', async () => {
    signIn();
    serve({ '/survey/api/v1/db/survey-configs/getItem': () => json(200, { result: 'OK', data: surveyConfig }) });
    open('/login/survey/s1');
    await waitFor(() => expect(window.location.pathname).toBe('/survey/s1'));
    expect(await screen.findByTestId('survey-title')).toBeTruthy();
  });

  it('shows the resident and the form config on /survey/$id', async () => {
    signIn();
    const fetch = serve({
      '/survey/api/v1/db/survey-configs/getItem': () => json(200, { result: 'OK', data: surveyConfig }),
    });
    open('/survey/s1');
    // The route's loader starts the config request alongside the screen's code, so an instant
    // answer may skip the loading text altogether.
    expect((await screen.findByTestId('survey-title')).textContent).toBe('特定健診のお申し込み');
    expect(screen.getByTestId('resident-name').textContent).toBe('山田 花子');
    expect(screen.getByTestId('resident-picture')).toBeTruthy();
    const items = await screen.findAllByTestId('survey-item');
    expect(items.map((i) => i.getAttribute('data-item-key'))).toEqual(['name', 'tel', 'memo']);
    expect(within(items[0] as HTMLElement).queryByText('必須')).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText('必須')).toBeTruthy();
    expect(within(items[2] as HTMLElement).queryByText('必須')).toBeNull();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/survey/api/v1/db/survey-configs/getItem?surveyId=s1');
  });

  it('shows the spec text for a form that does not exist', async () => {
    signIn();
    serve({});
    open('/survey/missing');
    expect((await screen.findByTestId('error-message')).textContent).toBe(ja.errors.notFound);
  });

  it('shows the error card for other failures', async () => {
    signIn();
    serve({
      '/survey/api/v1/db/survey-configs/getItem': () => json(500, { result: 'ERROR', code: 'internal', errorMessage: 'boom' }),
    });
    open('/survey/s1');
    const card = await screen.findByTestId('error-card');
    expect(within(card).getByText('エラー')).toBeTruthy();
    expect(within(card).getByText(ja.errors.display)).toBeTruthy();
  });
});
