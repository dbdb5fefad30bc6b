/**
 * Spec 02 §4/§5 "calendar reservation checks before submit" and §8 "reservation check failure":
 * before the confirmation opens, the chosen reservation is checked (POST
 * /survey-results/checkReservation) with the calendar's limits and range; a refusal shows
 * "{errorMessage}（{checkDetail}）" at the slot choice and no dialog; an OK check, or a check that
 * reaches no server (network), opens the dialog; a server error or a timeout stops with its text
 * and the detail in brackets (the timeout: reservation-check-failure.test.ts). putItem refused with reservation_limit (online, or an outbox
 * entry delivered later) shows the same text and reopens the slot choice with the answer kept.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Temporal } from 'temporal-polyfill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayInTokyo } from '@core/ja/date-input';
import { MAX_COUNT_MESSAGE, MAX_COUNT_OF_DAY_MESSAGE } from '@core/rules/reservation-limits';
import { rangeEndOf } from '@core/rules/reservation-window';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const COMA = { '1': { start: '09:00', end: '09:30' }, '2': { start: '14:00', end: '14:30' } };
const CALENDAR = {
  sortKey: 'cal-naika',
  calendarOff: 0,
  comaList: COMA,
  reservationCancelLimit: 1,
  reservationPossibleStart: 1,
  reservationPossibleMonths: 1,
  reservationMaxCount: 3,
  reservationMaxCountOfDay: 1,
  reservationControlType: 1,
};
const TREE = [
  {
    id: 'naika',
    name: '内科',
    calendarId: null,
    children: [
      { id: 'naika-ippan', name: '一般内科', calendarId: null, children: [{ id: 'naika-ippan-shoshin', name: '初診', calendarId: 'cal-naika', children: [] }] },
    ],
  },
];
const CONFIG = {
  surveyId: 's1',
  surveyTitle: 'さくら市民クリニック 診療予約',
  surveyStatus: 'enabled',
  version: 1,
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'yoyaku', type: 'reservation', title: '予約内容', isRequired: { value: true }, categories_tree: { large: '内科', medium: '一般内科', small: '初診' } },
    { itemKey: 'shimei', type: 'text', title: '氏名', isRequired: { value: true } },
  ],
};
const DAY_DETAIL = '1日1件まで・予約済み1件';
const RANGE_DETAIL = '期間内3件まで・予約済み3件';

const ok = (data: unknown) => json(200, { result: 'OK', data });

const schedule = (from: string, to: string) => {
  const days: Record<string, Record<string, [number, number]>> = {};
  for (let d = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(d, Temporal.PlainDate.from(to)) <= 0; d = d.add({ days: 1 })) {
    days[d.toString()] = { '1': [3, 0], '2': [3, 0] };
  }
  return { schedule: days, dayOff: {}, comaList: COMA };
};

interface Handlers {
  check: (body: Record<string, unknown>) => Response | Promise<Response>;
  putItem?: () => Response | Promise<Response>;
}

const serve = (h: Handlers) => {
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/survey/api/v1/db', '');
    if (path === '/survey-configs/getItem') return ok(CONFIG);
    if (path === '/survey-results/checkReservation') return h.check(JSON.parse(String(init?.body)) as Record<string, unknown>);
    if (path === '/survey-results/putItem') {
      if (h.putItem) return h.putItem();
      return ok({ partitionKey: 's1#U1#1', answercode: '000123' });
    }
    if (path === '/calendars/categories_tree') return ok(TREE);
    if (path === '/calendars/tag_labels') return ok({ tag1: '診療科', tag2: '区分', tag3: '受診種別' });
    if (path === '/calendars/display_settings') return ok({ defaultView: 'week' });
    if (path.startsWith('/calendars/item_info/')) return ok([{ itemId: 'i1', itemName: '初診受付', categoryId: 'naika-ippan-shoshin', cost: 1 }]);
    if (path.startsWith('/calendars/info/')) return ok(CALENDAR);
    if (path.startsWith('/calendars/canBeReserve/')) return ok({ canBeReserve: true });
    if (path.startsWith('/calendars/schedule/')) return ok(schedule(url.searchParams.get('start_day')!, url.searchParams.get('end_day')!));
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const callsTo = (fetch: ReturnType<typeof serve>, suffix: string) => fetch.mock.calls.filter(([u]) => String(u).includes(suffix));

let run = 0;

/**
 * Opens /calendar/s1, picks the first active slot, fills the name and presses submit; the chosen
 * value. Each test types another name: the page's completed-submit guard remembers what was sent.
 */
const fillAndSubmit = async (): Promise<{ value: string; day: string }> => {
  run += 1;
  window.history.replaceState(null, '', '/calendar/s1');
  render(<App />);
  const slot = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="slot"][data-state="active"]');
    if (!el) throw new Error('no active slot yet');
    return el;
  });
  const day = slot.dataset.date!;
  const value = `naika-ippan-shoshin_i1|${day}|${slot.dataset.slot}`;
  fireEvent.click(slot);
  fireEvent.click(screen.getByTestId('slot-next'));
  fireEvent.change(await screen.findByLabelText(/^氏名/), { target: { value: `山田 花子${run}` } });
  fireEvent.click(screen.getByTestId('submit-button'));
  return { value, day };
};

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

describe('the reservation check before the confirmation', () => {
  it('a refused check shows "{errorMessage}（{checkDetail}）" at the slot choice and opens no dialog', async () => {
    const fetch = serve({
      check: () => json(200, { result: 'ERROR', code: 'reservation_limit', errorMessage: MAX_COUNT_OF_DAY_MESSAGE, checkDetail: DAY_DETAIL }),
    });
    const { value, day } = await fillAndSubmit();
    const notice = await screen.findByTestId('reservation-notice', {}, { timeout: 5000 });
    expect(notice.textContent).toBe(`${MAX_COUNT_OF_DAY_MESSAGE}（${DAY_DETAIL}）`);
    // Where the eye is: at the picker, announced, focused (not the category select).
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.getAttribute('aria-live')).toBe('assertive');
    expect(screen.getByTestId('reservation-picker').contains(notice)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.queryByTestId('form-notice')).toBeNull();
    expect(screen.getByTestId('survey-form').dataset.step).toBe('slot');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The chosen slot is kept, to change it.
    expect(screen.getByTestId('reservation-summary').dataset.value).toBe(value);
    expect(callsTo(fetch, '/survey-results/putItem')).toHaveLength(0);

    // The body: the value's day, the calendar's limits, the control range from today in Tokyo.
    const [, init] = callsTo(fetch, '/survey-results/checkReservation')[0]!;
    const today = todayInTokyo();
    expect(JSON.parse(String(init?.body))).toMatchObject({
      surveyId: 's1',
      itemKey: 'yoyaku',
      userId: 'U1',
      targetDay: day,
      maxCount: 3,
      maxCountOfDay: 1,
      dayCheckOnly: false,
      from: today.toString(),
      to: rangeEndOf(today, 1).toString(),
      partitionKey: null,
    });
  }, 20_000);

  it('a refusal without a detail shows the message alone', async () => {
    serve({ check: () => json(200, { result: 'ERROR', code: 'reservation_limit', errorMessage: MAX_COUNT_MESSAGE }) });
    await fillAndSubmit();
    expect((await screen.findByTestId('reservation-notice', {}, { timeout: 5000 })).textContent).toBe(MAX_COUNT_MESSAGE);
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);

  it('an OK check opens the confirmation dialog', async () => {
    const fetch = serve({ check: () => json(200, { result: 'OK' }) });
    await fillAndSubmit();
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
    expect(callsTo(fetch, '/survey-results/checkReservation')).toHaveLength(1);
    expect(screen.queryByTestId('form-notice')).toBeNull();
  }, 20_000);

  it('a check that fails (network) still opens the dialog, and the answer is sent', async () => {
    const fetch = serve({
      check: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await fillAndSubmit();
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(callsTo(fetch, '/survey-results/checkReservation')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(callsTo(fetch, '/survey-results/putItem')).toHaveLength(1));
  }, 20_000);

  it('a check answered with a server error stops before the dialog with the text and the detail in brackets; again, it checks again', async () => {
    let broken = true;
    const fetch = serve({ check: () => (broken ? json(500, { result: 'ERROR', code: 'internal', errorMessage: 'boom' }) : json(200, { result: 'OK' })) });
    const { value } = await fillAndSubmit();
    const notice = await screen.findByTestId('form-notice', {}, { timeout: 5000 });
    expect(notice.textContent).toBe(`${ja.calendar.checkFailed}（boom）`);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('survey-form').dataset.step).toBe('form');
    expect(screen.getByTestId('reservation-summary').dataset.value).toBe(value);
    expect(callsTo(fetch, '/survey-results/putItem')).toHaveLength(0);
    broken = false;
    fireEvent.click(screen.getByTestId('submit-button'));
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
    expect(callsTo(fetch, '/survey-results/checkReservation')).toHaveLength(2);
  }, 20_000);

  it('offline, no check is tried and the dialog opens', async () => {
    const fetch = serve({ check: () => json(200, { result: 'OK' }) });
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await fillAndSubmit();
      expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
      expect(callsTo(fetch, '/survey-results/checkReservation')).toHaveLength(0);
    } finally {
      onLine.mockRestore();
    }
  }, 20_000);
});

describe('putItem refused with reservation_limit', () => {
  const refusal = () => json(409, { result: 'ERROR', code: 'reservation_limit', errorMessage: MAX_COUNT_MESSAGE, checkDetail: RANGE_DETAIL });

  it('online: the dialog closes at once and the slot choice shows the text with the detail, the answer kept', async () => {
    serve({ check: () => json(200, { result: 'OK' }), putItem: refusal });
    const { value } = await fillAndSubmit();
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(screen.getByTestId('survey-form').dataset.step).toBe('slot'), { timeout: 5000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    const notice = screen.getByTestId('reservation-notice');
    expect(notice.textContent).toBe(`${MAX_COUNT_MESSAGE}（${RANGE_DETAIL}）`);
    await waitFor(() => expect(document.activeElement).toBe(notice));
    // The resident's own limit: the slot itself is still free, so it stays chosen, to change it.
    expect(screen.getByTestId('reservation-summary').dataset.value).toBe(value);
  }, 20_000);

  it('delivered later from the outbox: the queue and the reopened slot choice show the text with the detail', async () => {
    let down = true;
    serve({
      check: () => json(200, { result: 'OK' }),
      putItem: () => {
        if (down) throw new TypeError('Failed to fetch');
        return refusal();
      },
    });
    const { value } = await fillAndSubmit();
    fireEvent.click(within(await screen.findByRole('dialog', {}, { timeout: 5000 })).getByRole('button', { name: ja.form.send }));
    expect(await screen.findByTestId('survey-queued', {}, { timeout: 5000 })).toBeTruthy();

    down = false;
    fireEvent.click(screen.getByTestId('outbox-badge'));
    fireEvent.click(within(await screen.findByTestId('outbox-list')).getByRole('button', { name: ja.offline.retryNow }));
    const notice = await screen.findByTestId('reservation-notice', {}, { timeout: 5000 });
    expect(notice.textContent).toBe(`${MAX_COUNT_MESSAGE}（${RANGE_DETAIL}）`);
    expect(screen.getByTestId('survey-form').dataset.step).toBe('slot');
    await waitFor(() => expect(screen.getByTestId('reservation-summary').dataset.value).toBe(value));
    expect(within(screen.getByTestId('outbox-list')).getByTestId('outbox-error').textContent).toContain(`${MAX_COUNT_MESSAGE}（${RANGE_DETAIL}）`);
  }, 20_000);
});
