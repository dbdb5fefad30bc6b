/** MEMBERS=0 as the resident sees it: the member routes show the switch's text, never the screens. */
import { cleanup, render, screen } from '@testing-library/react';
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
  version: 1,
  linkedForms: [],
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } }],
};

const appConfig = (members: boolean) => ({
  channelId: '1650000000',
  authorizeUrl: 'http://localhost/dev/oauth2/v2.1/authorize',
  liffId: null,
  devIssuer: true,
  externalUrlHosts: [],
  features: { members, payment: true, medical: true, secureFiles: true },
});

const serve = (members: boolean) => {
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/app-config')) return json(200, { result: 'OK', data: appConfig(members) });
    if (url.pathname.endsWith('/member-configs/getItem')) return json(200, { result: 'OK', data: memberConfig });
    if (url.pathname.endsWith('/member-results/getByUserId')) return json(200, { result: 'OK', data: [] });
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const memberCalls = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([u]) => String(u).includes('/member-')).length;

describe('the members switch', () => {
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

  it.each(['/member/kaiin', '/member-confirm/kaiin'])('off: %s shows the text and asks for nothing of members', async (path) => {
    const fetch = serve(false);
    window.history.replaceState(null, '', path);
    render(<App />);
    expect((await screen.findByTestId('feature-off')).textContent).toContain(ja.features.membersOff);
    expect(screen.getByTestId('back-to-start')).toBeTruthy();
    expect(memberCalls(fetch)).toBe(0);
  });

  it('on: the registration form is shown', async () => {
    const fetch = serve(true);
    window.history.replaceState(null, '', '/member/kaiin');
    render(<App />);
    expect(await screen.findByLabelText(/^お名前/)).toBeTruthy();
    expect(screen.queryByTestId('feature-off')).toBeNull();
    expect(memberCalls(fetch)).toBeGreaterThan(0);
  });
});
