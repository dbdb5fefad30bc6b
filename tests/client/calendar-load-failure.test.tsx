/**
 * Spec 02 §8 "calendar load failure: the page goes back in history": on /calendar/{id}, a failed
 * calendar read goes back to the page before; opened with nothing of ours behind it, the picker
 * shows the load error instead.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { getOfflineCache } from '../../src/offline/cache';
import { getOfflineDb } from '../../src/offline/db';
import { json } from './offline-helpers';
import { freshDeviceWithResident } from './resident';

const clinic = {
  surveyId: 'clinic',
  surveyTitle: '診療予約',
  surveyStatus: 'enabled',
  version: 1,
  surveySchema: [
    { itemKey: 'yoyaku', type: 'reservation', title: '予約内容', isRequired: { value: true }, categories_tree: { large: '内科' } },
    { itemKey: 'shimei', type: 'text', title: '氏名' },
  ],
};
const TREE = [{ id: 'naika', name: '内科', calendarId: 'cal-naika', children: [] }];
const ok = (data: unknown) => json(200, { result: 'OK', data });

const serve = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace('/survey/api/v1/db', '');
      if (path === '/survey-configs/open') return ok([{ surveyId: 'clinic', surveyTitle: '診療予約', description: null }]);
      if (path === '/survey-configs/getItem') return ok(clinic);
      if (path === '/calendars/categories_tree') return ok(TREE);
      if (path === '/calendars/tag_labels') return ok({ tag1: null, tag2: null, tag3: null });
      if (path === '/calendars/display_settings') return ok({ defaultView: 'week' });
      if (path.startsWith('/calendars/item_info/')) return ok([{ itemId: 'i1', itemName: '初診受付', categoryId: 'naika', cost: 1 }]);
      // The calendar of the category cannot be read.
      if (path.startsWith('/calendars/info/')) return json(500, { result: 'ERROR', code: 'internal', errorMessage: 'calendar broken' });
      if (path.startsWith('/calendars/canBeReserve/')) return ok({ canBeReserve: true });
      return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
    }),
  );

beforeEach(async () => {
  getOfflineCache().reset();
  await getOfflineDb().cache.clear();
  await freshDeviceWithResident();
  serve();
});
// Unmounted, and React's scheduled work run out, before the DOM environment goes: a render still
// queued when the file ends would meet no window (an unhandled error that fails the run).
afterEach(async () => {
  cleanup();
  await new Promise((r) => setTimeout(r, 20));
  vi.unstubAllGlobals();
});

describe('a calendar that cannot be read on /calendar/{id}', () => {
  it('goes back to the page before', async () => {
    window.history.replaceState({ __TSR_index: 0, __TSR_key: 'a', key: 'a' }, '', '/');
    window.history.pushState({ __TSR_index: 1, __TSR_key: 'b', key: 'b' }, '', '/calendar/clinic');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByTestId('calendar-load-error')).toBeNull();
  });

  it('opened straight from a link, shows the load error where the calendar would be', async () => {
    window.history.replaceState(null, '', '/calendar/clinic');
    render(<App />);
    expect(await screen.findByTestId('calendar-load-error')).toBeTruthy();
    expect(window.location.pathname).toBe('/calendar/clinic');
  });
});
