/** The header menu leads a resident to their member list of bookings (issue 54), unless members are off. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { json } from './offline-helpers';
import { freshDeviceWithResident } from './resident';

const memberConfig = (surveyId: string, surveyTitle: string) => ({
  surveyId,
  surveyTitle,
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 1,
  linkedForms: [],
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true } }],
});

const serve = (members: boolean, configs: unknown[]) => {
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/app-config'))
      return json(200, {
        result: 'OK',
        data: { channelId: '1', authorizeUrl: 'http://localhost/a', liffId: null, devIssuer: true, externalUrlHosts: [], features: { members, payment: true, medical: true, secureFiles: true } },
      });
    if (url.pathname.endsWith('/member-configs/getAllSearchable')) return json(200, { result: 'OK', data: configs });
    return json(200, { result: 'OK', data: [] });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const openMenu = async () => {
  window.history.replaceState(null, '', '/');
  render(<App />);
  fireEvent.click(await screen.findByTestId('account-menu', {}, { timeout: 5000 }));
  await screen.findByTestId('account-panel');
};

describe('the header menu and the member list', () => {
  beforeEach(async () => {
    await freshDeviceWithResident();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the member’s list of bookings', async () => {
    serve(true, [memberConfig('kaiin', 'クリニック 会員登録')]);
    await openMenu();
    const link = await screen.findByTestId('menu-member-list');
    expect(link.textContent).toBe(ja.member.toList);
    expect(link.getAttribute('href')).toBe('/member-confirmList/kaiin');
  });

  it('names each member form when there are several', async () => {
    serve(true, [memberConfig('a', '会員A'), memberConfig('b', '会員B')]);
    await openMenu();
    await waitFor(() => expect(screen.getAllByTestId('menu-member-list')).toHaveLength(2));
    expect(screen.getAllByTestId('menu-member-list').map((l) => l.textContent)).toEqual(['会員の予約一覧を見る（会員A）', '会員の予約一覧を見る（会員B）']);
  });

  it('offers none while members are switched off, and does not ask for member forms', async () => {
    const fetch = serve(false, [memberConfig('kaiin', '会員登録')]);
    await openMenu();
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/app-config'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('menu-member-list')).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('member-configs'))).toBe(false);
  });
});
