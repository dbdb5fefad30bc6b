/**
 * A screen whose load failed for want of a network (spec 01 §8 network error): 再読み込み, a way
 * back to the start page, and a new try on its own once the browser is back online.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const served = (surveyId: string, surveyTitle: string) => ({
  surveyId,
  surveyTitle,
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 1,
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true } }],
});
const searchable = [served('a', '健診予約'), served('b', 'アンケート')];

// Each failed call waits out the retry rule's network wait (1 s) before the screen shows it.
const SLOW = 15_000;

/** fetch that fails as an offline browser does until `online` is set. */
const network = () => {
  const state = { online: false };
  const fetch = vi.fn(async (input: string | URL | Request) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/survey-configs/getAllSearchable')) return json(200, { result: 'OK', data: searchable });
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  return { state, fetch };
};

describe('a load that failed offline', () => {
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

  it('offers 再読み込み and トップへ戻る beside the network text', async () => {
    const { state, fetch } = network();
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/confirm');
    render(<App />);
    const failed = await screen.findByTestId('load-retry');
    expect(within(failed).getByText(ja.errors.network)).toBeTruthy();
    expect(within(failed).getByRole('link', { name: ja.common.backToStart }).getAttribute('href')).toBe('/');

    state.online = true;
    fireEvent.click(within(failed).getByRole('button', { name: ja.common.reload }));
    expect(await screen.findByTestId('survey-type')).toBeTruthy();
  }, SLOW);

  it('tries again by itself when the browser is back online', async () => {
    const { state, fetch } = network();
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/confirm');
    render(<App />);
    await screen.findByTestId('load-retry');

    state.online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByTestId('survey-type')).toBeTruthy();
    expect(screen.queryByTestId('load-retry')).toBeNull();
  }, SLOW);

  it('keeps one way back on a form whose screen has its own (the calendar)', async () => {
    const { fetch } = network();
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/calendar/clinic-yoyaku');
    render(<App />);
    const failed = await screen.findByTestId('load-retry');
    expect(within(failed).getByText(ja.errors.network)).toBeTruthy();
    expect(within(failed).getByRole('button', { name: ja.common.reload })).toBeTruthy();
    expect(screen.getAllByText(ja.common.backToStart)).toHaveLength(1);
  }, SLOW);
});
