/**
 * Spec 02 §8 "reservation check failure: error message followed by the detail in brackets;
 * timeout gives Request timeout" (src/calendar/check.ts): a check that cannot be made is never
 * passed over; one that reaches no server is read as offline.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_TIMEOUT_MS, checkReservationRows } from '../../src/calendar/check';
import { ja } from '../../src/messages/ja';
import { getOfflineCache } from '../../src/offline/cache';
import { getOfflineDb } from '../../src/offline/db';
import { json } from './offline-helpers';

const CALENDAR = {
  sortKey: 'cal-naika',
  calendarOff: 0,
  comaList: { '1': { start: '09:00', end: '09:30' } },
  reservationPossibleStart: 1,
  reservationPossibleMonths: 1,
  reservationMaxCount: 3,
  reservationMaxCountOfDay: 1,
  reservationControlType: 1,
};
const ROWS = [{ itemKey: 'yoyaku', value: 'naika_i1|2025-06-20|1' }];
const KEYS = new Set(['yoyaku']);
const TARGET = { surveyId: 's1', partitionKey: null, userId: 'U1' };

const serve = (check: (signal: AbortSignal | null | undefined) => Promise<Response>) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace('/survey/api/v1/db', '');
      if (path.startsWith('/calendars/info/')) return json(200, { result: 'OK', data: CALENDAR });
      if (path === '/survey-results/checkReservation') return check(init?.signal);
      return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
    }),
  );

const check = () => checkReservationRows(new QueryClient(), TARGET, ROWS, KEYS, { isOnline: () => true });

beforeEach(async () => {
  getOfflineCache().reset();
  await getOfflineDb().cache.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the reservation check, when it cannot be made', () => {
  it('a timeout stops with the text and （Request timeout）', async () => {
    vi.useFakeTimers();
    serve((signal) => new Promise<Response>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))));
    const result = check();
    await vi.advanceTimersByTimeAsync(CHECK_TIMEOUT_MS + 10);
    expect(await result).toEqual({ itemKey: 'yoyaku', text: `${ja.calendar.checkFailed}（Request timeout）`, failed: true });
  });

  it('a server error stops with its text in brackets', async () => {
    serve(async () => json(503, { result: 'ERROR', code: 'unavailable', errorMessage: 'メンテナンス中です' }));
    expect(await check()).toEqual({ itemKey: 'yoyaku', text: `${ja.calendar.checkFailed}（メンテナンス中です）`, failed: true });
  });

  it('no network: not a failure of the check, the answer may go to the outbox', async () => {
    serve(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await check()).toBeNull();
  });

  it('success: nothing stops the confirmation', async () => {
    serve(async () => json(200, { result: 'OK' }));
    expect(await check()).toBeNull();
  });
});
