/**
 * The reservation item and its calendar (spec 02 §2, spec 01 §2/§3): week and month views and
 * their navigation, slot states and remaining counts, the calendarOff and no-slot texts, the
 * three-level category pick (labels, fixed levels), the value it produces, and how the lookup
 * screens show a reservation (date, time, categories, item, キャンセル済).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Temporal } from 'temporal-polyfill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@core/contract/calendars';
import { bookableWindow } from '@core/rules/reservation-window';
import { CalendarView } from '../../src/calendar/calendar-view';
import { monthGrid, navigableRange, scheduleRangeOf } from '../../src/calendar/dates';
import { SurveyForm } from '../../src/form/survey-form';
import { answersOf } from '../../src/features/lookup/answers';
import { DateTimeLines } from '../../src/features/lookup/view';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { getOfflineCache } from '../../src/offline/cache';
import { getOfflineDb } from '../../src/offline/db';
import { makeConfig, TODAY } from './form-harness';
import { json } from './offline-helpers';
import { signInResident } from './resident';

// TODAY is Sunday 2025-06-15.
const COMA = {
  '1': { start: '09:00', end: '09:30' },
  '2': { start: '09:30', end: '10:00' },
  '3': { start: '10:00', end: '10:30' },
  '4': { start: '14:00', end: '14:30' },
};

const CAL_NAIKA = {
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

/** Mon–Sat slots 1..4 with quota 3, Sundays off; `overrides` sets [quota, reserved] per "date/slot". */
const makeSchedule = (from: string, to: string, overrides: Record<string, [number, number]> = {}): Schedule => {
  const schedule: Schedule['schedule'] = {};
  const dayOff: Schedule['dayOff'] = {};
  for (let d = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(d, Temporal.PlainDate.from(to)) <= 0; d = d.add({ days: 1 })) {
    const iso = d.toString();
    if (d.dayOfWeek === 7) {
      dayOff[iso] = 1;
      continue;
    }
    schedule[iso] = {};
    for (const slot of Object.keys(COMA)) schedule[iso][slot] = overrides[`${iso}/${slot}`] ?? [3, 0];
  }
  return { schedule, dayOff, comaList: COMA };
};

const TREE = [
  {
    id: 'naika',
    name: '内科',
    calendarId: null,
    children: [
      {
        id: 'naika-ippan',
        name: '一般内科',
        calendarId: null,
        children: [
          { id: 'naika-ippan-shoshin', name: '初診', calendarId: 'cal-naika', children: [] },
          { id: 'naika-ippan-saishin', name: '再診', calendarId: 'cal-naika', children: [] },
        ],
      },
    ],
  },
  {
    id: 'kenshin',
    name: '健診',
    calendarId: null,
    children: [
      {
        id: 'kenshin-tokutei',
        name: '特定健診',
        calendarId: null,
        children: [{ id: 'kenshin-tokutei-kihon', name: '基本健診', calendarId: 'cal-kenshin', children: [] }],
      },
    ],
  },
];

const ITEMS: Record<string, unknown[]> = {
  'naika-ippan-shoshin': [{ itemId: 'i1', itemName: '初診受付', categoryId: 'naika-ippan-shoshin', cost: 1 }],
  'naika-ippan-saishin': [{ itemId: 'i2', itemName: '再診受付', categoryId: 'naika-ippan-saishin', cost: 1 }],
  'kenshin-tokutei-kihon': [
    { itemId: 'k1', itemName: '特定健診（基本）', categoryId: 'kenshin-tokutei-kihon', cost: 1 },
    { itemId: 'k2', itemName: '特定健診＋胃がん検診', categoryId: 'kenshin-tokutei-kihon', cost: 2 },
    // Hidden by staff (issue 58): listed so a booking of it keeps its name, never offered.
    { itemId: 'k9', itemName: '廃止した健診', categoryId: 'kenshin-tokutei-kihon', cost: 1, hidden: true },
  ],
};

const CATEGORY_ROWS: Record<string, unknown> = {
  'naika-ippan-shoshin': { sortKey: 'naika-ippan-shoshin', tag1: '内科', tag2: '一般内科', tag3: '初診', calendarId: 'cal-naika' },
};

const ok = (data: unknown) => json(200, { result: 'OK', data });

interface ServeOptions {
  calendar?: Record<string, unknown>;
  overrides?: Record<string, [number, number]>;
  canBeReserve?: boolean | 'fail';
  tags?: { tag1: string | null; tag2: string | null; tag3: string | null };
  displaySettings?: Record<string, unknown>;
  /** The open forms' list (only ownLargeCategory matters to the picker). */
  open?: unknown[];
}

const serve = (o: ServeOptions = {}) => {
  const calendar = { ...CAL_NAIKA, ...o.calendar };
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/survey/api/v1/db', '');
    if (path === '/calendars/categories_tree') return ok(TREE);
    if (path === '/survey-configs/open') return ok(o.open ?? []);
    if (path === '/calendars/tag_labels') return ok(o.tags ?? { tag1: '診療科', tag2: '区分', tag3: '受診種別' });
    if (path === '/calendars/display_settings') return ok({ defaultView: 'week', ...o.displaySettings });
    let m = /^\/calendars\/item_info\/(.+)$/.exec(path);
    if (m) return ok(ITEMS[decodeURIComponent(m[1]!)] ?? []);
    m = /^\/calendars\/info\/(.+)$/.exec(path);
    if (m) return ok(calendar);
    m = /^\/calendars\/categories\/(.+)$/.exec(path);
    if (m) return CATEGORY_ROWS[m[1]!] ? ok(CATEGORY_ROWS[m[1]!]) : json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'nf' });
    if (path.startsWith('/calendars/canBeReserve/')) {
      if (o.canBeReserve === 'fail') return json(500, { result: 'ERROR', errorMessage: 'boom' });
      return ok({ canBeReserve: o.canBeReserve ?? true });
    }
    // The check before the confirmation (its refusals: reservation-check.test.tsx).
    if (path === '/survey-results/checkReservation') return json(200, { result: 'OK' });
    if (path.startsWith('/calendars/schedule/')) {
      return ok(makeSchedule(url.searchParams.get('start_day')!, url.searchParams.get('end_day')!, o.overrides));
    }
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const wrap = (ui: ReactNode) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider withCssVariables={false} withGlobalClasses={false}>
        {ui}
      </MantineProvider>
    </QueryClientProvider>,
  );
};

const reservationItem = (extra: Record<string, unknown> = {}) => ({ itemKey: 'yoyaku', type: 'reservation', title: '予約内容', isRequired: { value: true }, ...extra });

const renderReservationForm = (extra: Record<string, unknown> = {}, configExtra: Record<string, unknown> = {}, today = TODAY) => {
  const send = vi.fn(async () => ({}));
  const config = makeConfig([reservationItem(extra), { itemKey: 'shimei', type: 'text', title: '氏名', isRequired: { value: true } }], configExtra);
  const utils = wrap(<SurveyForm config={config} send={send} onSent={() => {}} today={today} desktop={false} />);
  return { ...utils, send };
};

const select = (label: string, optionText: string) => {
  const el = screen.getByLabelText(label) as HTMLSelectElement;
  const option = [...el.options].find((o) => o.text === optionText);
  if (!option) throw new Error(`no option ${optionText} in ${label}`);
  fireEvent.change(el, { target: { value: option.value } });
};

const slotEl = (date: string, slot: string) => document.querySelector<HTMLElement>(`[data-testid="slot"][data-date="${date}"][data-slot="${slot}"]`);

beforeEach(async () => {
  getOfflineCache().reset();
  await getOfflineDb().cache.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('calendar dates', () => {
  it('builds month grids of whole weeks, Monday first, at most 6 weeks', () => {
    // June 2025 starts on a Sunday and has 30 days: 6 weeks.
    const june = monthGrid(Temporal.PlainYearMonth.from('2025-06'));
    expect(june).toHaveLength(6);
    expect(june.every((w) => w.length === 7)).toBe(true);
    expect(june[0]![0]!.toString()).toBe('2025-05-26');
    expect(june.every((w) => w[0]!.dayOfWeek === 1)).toBe(true);
    // February 2027 starts on a Monday and has 28 days: exactly 4 weeks.
    expect(monthGrid(Temporal.PlainYearMonth.from('2027-02'))).toHaveLength(4);
  });

  it('navigates this month plus numberMonthShowCalendar months, and reads one schedule range covering them', () => {
    const r = navigableRange(TODAY, 1);
    expect(r.firstMonth.toString()).toBe('2025-06');
    expect(r.lastMonth.toString()).toBe('2025-07');
    expect(r.firstMonday.toString()).toBe('2025-06-09');
    const range = scheduleRangeOf(TODAY, 1);
    expect(range.first.toString()).toBe('2025-05-26');
    expect(range.last.toString()).toBe('2025-08-03');
  });
});

describe('the calendar view', () => {
  const window = bookableWindow(
    { reservationPossibleStart: 1, reservationPossibleMonths: 1, reservationControlType: 1, startDate: null, endDate: '2099-12-31', reservationStart: null },
    TODAY,
  );
  const schedule = makeSchedule('2025-05-26', '2025-08-03', { '2025-06-16/2': [3, 1], '2025-06-17/1': [3, 3], '2025-06-18/3': [0, 0] });
  const renderView = (props: Partial<Parameters<typeof CalendarView>[0]> = {}) => {
    const onPick = vi.fn();
    wrap(
      <CalendarView
        today={TODAY}
        window={window}
        schedule={schedule}
        comaList={COMA}
        cost={1}
        monthsShown={1}
        selected={null}
        onPick={onPick}
        {...props}
      />,
    );
    return onPick;
  };

  it('shows a week Monday first with HH:mm times and moves by weeks within the allowed months', () => {
    renderView();
    expect(screen.getByTestId('calendar-view').dataset.view).toBe('week');
    const heads = screen.getAllByTestId('calendar-day-head');
    expect(heads.map((h) => h.dataset.date)).toEqual(['2025-06-09', '2025-06-10', '2025-06-11', '2025-06-12', '2025-06-13', '2025-06-14', '2025-06-15']);
    expect(heads[0]!.textContent).toContain('月');
    expect(heads[6]!.textContent).toContain('日');
    expect(screen.getAllByTestId('slot-time').map((t) => t.textContent)).toEqual(['09:00〜09:30', '09:30〜10:00', '10:00〜10:30', '14:00〜14:30']);
    expect(screen.getByTestId('calendar-caption').textContent).toBe('6月9日〜6月15日');
    expect((screen.getByTestId('calendar-prev') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('calendar-next'));
    expect(screen.getByTestId('calendar-caption').textContent).toBe('6月16日〜6月22日');
    expect((screen.getByTestId('calendar-prev') as HTMLButtonElement).disabled).toBe(false);
    // The last week holding July 31st is as far as it goes.
    for (let i = 0; i < 10; i += 1) fireEvent.click(screen.getByTestId('calendar-next'));
    expect(screen.getByTestId('calendar-caption').textContent).toBe('7月28日〜8月3日');
    expect((screen.getByTestId('calendar-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows slot states: active with the remaining count, full 満, day off 休, disabled outside the window or without quota', () => {
    const onPick = renderView({ anchor: Temporal.PlainDate.from('2025-06-16') });
    expect(slotEl('2025-06-16', '1')!.dataset.state).toBe('active');
    expect(slotEl('2025-06-16', '1')!.textContent).toBe('残り3');
    expect(slotEl('2025-06-16', '2')!.textContent).toBe('残り2');
    expect(slotEl('2025-06-17', '1')!.dataset.state).toBe('full');
    expect(slotEl('2025-06-17', '1')!.textContent).toBe(ja.calendar.full);
    expect(slotEl('2025-06-22', '1')!.dataset.state).toBe('dayOff');
    expect(slotEl('2025-06-22', '1')!.textContent).toBe(ja.calendar.dayOff);
    expect(slotEl('2025-06-18', '3')!.dataset.state).toBe('disabled');
    fireEvent.click(slotEl('2025-06-17', '1')!);
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.click(slotEl('2025-06-16', '2')!);
    expect(onPick).toHaveBeenCalledWith({ date: Temporal.PlainDate.from('2025-06-16'), slot: '2' });
  });

  it('greys out days before the first bookable day, and slots with less room than the item cost', () => {
    renderView({ cost: 3 });
    expect(slotEl('2025-06-13', '1')!.dataset.state).toBe('disabled');
    fireEvent.click(screen.getByTestId('calendar-next'));
    expect(slotEl('2025-06-16', '1')!.dataset.state).toBe('active');
    expect(slotEl('2025-06-16', '2')!.dataset.state).toBe('full');
  });

  it('toggles to a month view of 6×7 days with the caption YYYY年M月 and moves by months', () => {
    renderView();
    fireEvent.click(screen.getByText(ja.calendar.monthView));
    expect(screen.getByTestId('calendar-view').dataset.view).toBe('month');
    expect(screen.getByTestId('calendar-caption').textContent).toBe('2025年6月');
    expect(screen.getAllByTestId('calendar-weekday').map((w) => w.textContent)).toEqual(['月', '火', '水', '木', '金', '土', '日']);
    const rows = screen.getAllByTestId('calendar-week-row');
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => within(r).getAllByTestId('calendar-day').length === 7)).toBe(true);
    expect((screen.getByTestId('calendar-prev') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('calendar-next'));
    expect(screen.getByTestId('calendar-caption').textContent).toBe('2025年7月');
    expect((screen.getByTestId('calendar-next') as HTMLButtonElement).disabled).toBe(true);
    // A day opens its slots.
    fireEvent.click(document.querySelector('[data-testid="calendar-day"][data-date="2025-07-01"]')!);
    expect(within(screen.getByTestId('calendar-day-slots')).getAllByTestId('slot')).toHaveLength(4);
    expect(slotEl('2025-07-01', '1')!.textContent).toBe('残り3');
  });
});

describe('the reservation item', () => {
  it('opens on the week of the first free slot: on a Saturday whose first bookable day is a Sunday off, next week', async () => {
    serve();
    renderReservationForm({ categories_tree: { large: '内科', medium: '一般内科', small: '初診' } }, {}, Temporal.PlainDate.from('2025-06-14'));
    select(await screen.findByLabelText(ja.calendar.itemLabel).then(() => ja.calendar.itemLabel), '初診受付');
    await waitFor(() => expect(screen.getByTestId('calendar-caption').textContent).toBe('6月16日〜6月22日'));
    expect(slotEl('2025-06-16', '1')!.dataset.state).toBe('active');
  });

  it('picks large → medium → small with the tag labels, then the item and a slot, and produces the value', async () => {
    serve({ overrides: { '2025-06-16/1': [3, 1] } });
    const { send } = renderReservationForm();
    select(await screen.findByLabelText('診療科').then(() => '診療科'), '内科');
    select('区分', '一般内科');
    select('受診種別', '初診');
    await waitFor(() => expect(screen.getByLabelText(ja.calendar.itemLabel)).toBeTruthy());
    select(ja.calendar.itemLabel, '初診受付');
    await waitFor(() => expect(slotEl('2025-06-16', '1')).toBeTruthy());
    expect(screen.getByTestId('calendar-caption').textContent).toBe('6月16日〜6月22日');
    expect(slotEl('2025-06-16', '1')!.textContent).toBe('残り2');
    fireEvent.click(slotEl('2025-06-16', '1')!);
    await waitFor(() => expect(screen.getByTestId('reservation-summary').textContent).toContain('6月16日（月） 09:00〜09:30 初診受付'));
    expect(screen.getByTestId('reservation-summary').dataset.value).toBe('naika-ippan-shoshin_i1|2025-06-16|1');

    fireEvent.change(screen.getByLabelText(/^氏名/), { target: { value: '山田 花子' } });
    fireEvent.click(screen.getByTestId('submit-button'));
    const dialog = await screen.findByRole('dialog');
    // Categories with their labels, the item, the date and the time: never the raw value.
    const lines = await within(dialog).findByTestId('reservation-lines');
    await waitFor(() =>
      expect(within(lines).getAllByTestId('reservation-category').map((c) => c.textContent)).toEqual(['診療科内科', '区分一般内科', '受診種別初診']),
    );
    expect(within(lines).getByTestId('reservation-item').textContent).toBe(`${ja.calendar.itemLabel}初診受付`);
    expect(within(lines).getByTestId('reservation-date').textContent).toBe('6月16日（月）');
    expect(within(lines).getByTestId('reservation-time').textContent).toBe('09:00〜09:30');
    expect(dialog.textContent).not.toContain('naika-ippan-shoshin_i1');
    fireEvent.click(within(dialog).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    const rows = (send.mock.calls[0] as unknown as [{ rows: { itemKey: string; value: string }[] }])[0].rows;
    expect(rows.find((r) => r.itemKey === 'yoyaku')?.value).toBe('naika-ippan-shoshin_i1|2025-06-16|1');
  });

  it('does not offer an item staff hid', async () => {
    serve();
    renderReservationForm();
    select(await screen.findByLabelText('診療科').then(() => '診療科'), '健診');
    select('区分', '特定健診');
    select('受診種別', '基本健診');
    await waitFor(() => expect((screen.getByLabelText(ja.calendar.itemLabel) as HTMLSelectElement).options.length).toBe(3));
    expect([...(screen.getByLabelText(ja.calendar.itemLabel) as HTMLSelectElement).options].map((o) => o.text)).toEqual([ja.calendar.itemPlaceholder, '特定健診（基本）', '特定健診＋胃がん検診']);
  });

  it("uses the item's own level titles over the tag labels, and 大分類/中分類/小分類 when neither names them", async () => {
    serve({ tags: { tag1: null, tag2: '区分', tag3: null } });
    renderReservationForm({ setLargeCategoryTitle: '診療科目' });
    expect(await screen.findByLabelText('診療科目')).toBeTruthy();
    select('診療科目', '健診');
    expect(screen.getByLabelText('区分')).toBeTruthy();
    select('区分', '特定健診');
    expect(screen.getByLabelText(ja.calendar.smallCategory)).toBeTruthy();
    cleanup();
    serve({ tags: { tag1: null, tag2: null, tag3: null } });
    renderReservationForm();
    expect(await screen.findByLabelText(ja.calendar.largeCategory)).toBeTruthy();
  });

  it('shows fixed levels read-only with the categories_tree names', async () => {
    serve();
    renderReservationForm({ isFixedLargeCategory: true, isFixedMediumCategory: true, categories_tree: { large: '内科', medium: '一般内科' }, categoryRequiredFlag: true });
    const large = (await screen.findByLabelText('診療科')) as HTMLInputElement;
    expect(large.tagName).toBe('INPUT');
    expect(large.readOnly).toBe(true);
    expect(large.value).toBe('内科');
    expect((screen.getByLabelText('区分') as HTMLInputElement).value).toBe('一般内科');
    const small = screen.getByLabelText('受診種別') as HTMLSelectElement;
    expect(small.tagName).toBe('SELECT');
    expect([...small.options].map((o) => o.text)).toEqual([ja.calendar.categoryPlaceholder, '初診', '再診']);
  });

  it("leaves out a large category another form's item fixes; the form that fixes it offers it", async () => {
    serve({ open: [{ surveyId: 'kenshin-only', surveyTitle: '健診予約', description: null, ownLargeCategory: '健診' }] });
    renderReservationForm();
    const options = () => [...(screen.getByLabelText('診療科') as HTMLSelectElement).options].map((o) => o.text);
    await screen.findByLabelText('診療科');
    await waitFor(() => expect(options()).toEqual([ja.calendar.categoryPlaceholder, '内科']));
    cleanup();
    renderReservationForm({ isFixedLargeCategory: true, categories_tree: { large: '健診' } });
    const large = (await screen.findByLabelText('診療科')) as HTMLInputElement;
    expect(large.value).toBe('健診');
    expect([...(screen.getByLabelText('区分') as HTMLSelectElement).options].map((o) => o.text)).toEqual([ja.calendar.categoryPlaceholder, '特定健診']);
  });

  it('says 現在予約を受け付けておりません for a calendar that is off', async () => {
    serve({ calendar: { calendarOff: 1 } });
    renderReservationForm({ categories_tree: { large: '内科', medium: '一般内科', small: '初診' } });
    expect(await screen.findByTestId('calendar-off')).toBeTruthy();
    expect(screen.getByTestId('calendar-off').textContent).toBe('現在予約を受け付けておりません');
  });

  it('says 現在予約可能な枠がありません when no slot in the loaded window has room, and treats a failed canBeReserve as reservable', async () => {
    const full: Record<string, [number, number]> = {};
    for (let d = Temporal.PlainDate.from('2025-05-26'); Temporal.PlainDate.compare(d, Temporal.PlainDate.from('2025-08-03')) <= 0; d = d.add({ days: 1 }))
      for (const s of ['1', '2', '3', '4']) full[`${d}/${s}`] = [3, 3];
    serve({ overrides: full, canBeReserve: 'fail' });
    renderReservationForm({ categories_tree: { large: '内科', medium: '一般内科', small: '初診' } });
    expect((await screen.findByTestId('calendar-no-slot')).textContent).toBe('現在予約可能な枠がありません');
    cleanup();
    serve({ canBeReserve: 'fail' });
    renderReservationForm({ categories_tree: { large: '内科', medium: '一般内科', small: '初診' } });
    expect(await screen.findByTestId('calendar-view')).toBeTruthy();
  });

  it('in the /calendar flow shows the slot choice first, then the rest of the form with the slot summarised', async () => {
    serve();
    const config = makeConfig([reservationItem(), { itemKey: 'shimei', type: 'text', title: '氏名', isRequired: { value: true } }]);
    wrap(<SurveyForm config={config} send={async () => ({})} onSent={() => {}} today={TODAY} desktop={false} reservationFirst />);
    expect(screen.getByTestId('survey-form').dataset.step).toBe('slot');
    expect(screen.queryByLabelText(/^氏名/)).toBeNull();
    fireEvent.click(screen.getByTestId('slot-next'));
    expect(screen.getByTestId('form-notice')).toBeTruthy();
    select(await screen.findByLabelText('診療科').then(() => '診療科'), '内科');
    select('区分', '一般内科');
    select('受診種別', '再診');
    await waitFor(() => expect(slotEl('2025-06-17', '4')).toBeTruthy());
    fireEvent.click(slotEl('2025-06-17', '4')!);
    fireEvent.click(screen.getByTestId('slot-next'));
    await waitFor(() => expect(screen.getByTestId('survey-form').dataset.step).toBe('form'));
    expect(screen.getByLabelText(/^氏名/)).toBeTruthy();
    expect(screen.getByTestId('reservation-summary').textContent).toContain('6月17日（火） 14:00〜14:30 再診受付');
    fireEvent.click(screen.getByTestId('reservation-change'));
    expect(screen.getByTestId('survey-form').dataset.step).toBe('slot');
  });
});

describe('a reservation in the lookup screens', () => {
  const config = makeConfig([reservationItem(), { itemKey: 'shimei', type: 'text', title: '氏名' }], {
    calendarSetting: { updateOrCancelSettings: 'updateAndCancel' },
  });
  const row = (itemKey: string, value: string, check: string) => ({
    surveyId: 'test-form',
    userId: 'U1',
    partitionKey: 'test-form#U1#1',
    sortKey: itemKey,
    itemKey,
    value,
    title: itemKey,
    check,
    answerCode: '000001',
    createdAt: '2025-06-10T00:00:00Z',
    updatedAt: '2025-06-10T00:00:00Z',
  });
  const answerOf = (value: string | null, check = '未対応') =>
    answersOf(config, [row('shimei', '山田 花子', check), ...(value === null ? [] : [row('yoyaku', value, check)])] as never)[0]!;

  it('shows date, time, category labels with the tag names and the item name', async () => {
    serve();
    wrap(<DateTimeLines answer={answerOf('naika-ippan-shoshin_i1|2025-06-16|2')} config={config} />);
    expect(screen.getByTestId('reservation-date').textContent).toBe('6月16日（月）');
    await waitFor(() => expect(screen.getByTestId('reservation-time').textContent).toBe('09:30〜10:00'));
    await waitFor(() => expect(screen.getAllByTestId('reservation-category')).toHaveLength(3));
    expect(screen.getAllByTestId('reservation-category').map((c) => c.textContent)).toEqual(['診療科内科', '区分一般内科', '受診種別初診']);
    await waitFor(() => expect(screen.getByTestId('reservation-item').textContent).toBe(`${ja.calendar.itemLabel}初診受付`));
    expect(screen.queryByTestId('cancelled-label')).toBeNull();
  });

  it('strikes the time through and shows キャンセル済 when cancelled', async () => {
    serve();
    wrap(<DateTimeLines answer={answerOf('naika-ippan-shoshin_i1|2025-06-16|2', 'キャンセル')} config={config} />);
    await waitFor(() => expect(screen.getByTestId('reservation-time').textContent).toBe('09:30〜10:00'));
    expect(screen.getByTestId('reservation-time').className).toContain('lookup-struck');
    expect(screen.getByTestId('cancelled-label').textContent).toBe('キャンセル済');
  });

  it("uses the operator's labels from display_settings where set", async () => {
    serve({ displaySettings: { reservationTimeLabel: '受診時間', cancelledLabel: '取消済み', noReservationLabel: '予約はありません' } });
    wrap(<DateTimeLines answer={answerOf('naika-ippan-shoshin_i1|2025-06-16|2', 'キャンセル')} config={config} />);
    await waitFor(() => expect(screen.getByTestId('cancelled-label').textContent).toBe('取消済み'));
    expect(screen.getByText('受診時間')).toBeTruthy();
    cleanup();
    wrap(<DateTimeLines answer={answerOf(null)} config={config} />);
    await waitFor(() => expect(screen.getByTestId('reservation-date').textContent).toBe('予約はありません'));
  });

  it('says 予約なし without a reservation, and 予約日付不明 for a reservation without a readable date', () => {
    serve();
    wrap(<DateTimeLines answer={answerOf(null)} config={config} />);
    expect(screen.getByTestId('reservation-date').textContent).toBe('予約なし');
    cleanup();
    wrap(<DateTimeLines answer={answerOf('naika-ippan-shoshin_i1')} config={config} />);
    expect(screen.getByTestId('reservation-date').textContent).toBe('予約日付不明');
  });
});

describe('a reservation sent offline whose slot is gone on delivery', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    const db = getOfflineDb();
    await Promise.all([db.drafts.clear(), db.outbox.clear()]);
    signInResident();
  });

  it('shows the quota_exceeded text in the queue and reopens the slot choice without the full slot', async () => {
    const calendarFetch = serve();
    const cfg = {
      surveyId: 's1',
      surveyTitle: 'さくら市民クリニック 診療予約',
      surveyStatus: 'enabled',
      version: 1,
      isAppending: { value: true },
      surveySchema: [
        reservationItem({ categories_tree: { large: '内科', medium: '一般内科', small: '初診' } }),
        { itemKey: 'shimei', type: 'text', title: '氏名', isRequired: { value: true } },
      ],
    };
    let down = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/survey-configs/getItem')) return ok(cfg);
        if (url.pathname.endsWith('/survey-results/putItem')) {
          if (down) throw new TypeError('Failed to fetch');
          return json(409, { result: 'ERROR', code: 'quota_exceeded', errorMessage: ja.errors.quotaExceeded });
        }
        return calendarFetch(input);
      }),
    );
    window.history.replaceState(null, '', '/calendar/s1');
    render(<App />);
    const slot = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('[data-testid="slot"][data-state="active"]');
      if (!el) throw new Error('no active slot yet');
      return el;
    });
    const value = `naika-ippan-shoshin_i1|${slot.dataset.date}|${slot.dataset.slot}`;
    fireEvent.click(slot);
    fireEvent.click(screen.getByTestId('slot-next'));
    fireEvent.change(await screen.findByLabelText(/^氏名/), { target: { value: '山田 花子' } });
    fireEvent.click(screen.getByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    expect(await screen.findByTestId('survey-queued', {}, { timeout: 5000 })).toBeTruthy();

    down = false;
    fireEvent.click(screen.getByTestId('outbox-badge'));
    fireEvent.click(within(await screen.findByTestId('outbox-list')).getByRole('button', { name: ja.offline.retryNow }));
    // The form comes back at the slot choice with the catalogue text at the picker, focused; the
    // full slot is no longer the choice.
    const notice = await screen.findByTestId('reservation-notice', {}, { timeout: 5000 });
    expect(notice.textContent?.startsWith(ja.errors.quotaExceeded)).toBe(true);
    expect((await within(notice).findAllByTestId('free-slot')).length).toBeGreaterThan(0);
    expect(notice.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.getByTestId('survey-form').dataset.step).toBe('slot');
    expect(screen.queryByTestId('reservation-summary')).toBeNull();
    expect(document.querySelector(`[data-testid="slot"][data-selected="true"]`)).toBeNull();
    expect(value).toMatch(/^naika-ippan-shoshin_i1\|/);
    expect(within(screen.getByTestId('outbox-list')).getByTestId('outbox-error').textContent).toContain(ja.errors.quotaExceeded);
  }, 20_000);
});

describe('a slot lost offline, chosen by categories the form does not fix', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    const db = getOfflineDb();
    await Promise.all([db.drafts.clear(), db.outbox.clear()]);
    signInResident();
  });

  it('keeps the chosen categories and item, and lists the nearest free slots at once', async () => {
    const calendarFetch = serve();
    const cfg = {
      surveyId: 's2',
      surveyTitle: '再診予約',
      surveyStatus: 'enabled',
      version: 1,
      isAppending: { value: true },
      surveySchema: [reservationItem(), { itemKey: 'shimei', type: 'text', title: '氏名', isRequired: { value: true } }],
    };
    let down = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/survey-configs/getItem')) return ok(cfg);
        if (url.pathname.endsWith('/survey-results/putItem')) {
          if (down) throw new TypeError('Failed to fetch');
          return json(409, { result: 'ERROR', code: 'quota_exceeded', errorMessage: ja.errors.quotaExceeded });
        }
        return calendarFetch(input);
      }),
    );
    window.history.replaceState(null, '', '/survey/s2');
    render(<App />);
    const pick = async (level: number, id: string) => {
      const select = await screen.findByTestId(`category-level-${level}`);
      await waitFor(() => expect(select.querySelector(`option[value="${id}"]`)).not.toBeNull());
      fireEvent.change(select, { target: { value: id } });
    };
    await pick(0, 'naika');
    await pick(1, 'naika-ippan');
    await pick(2, 'naika-ippan-saishin');
    const slot = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('[data-testid="slot"][data-state="active"]');
      if (!el) throw new Error('no active slot yet');
      return el;
    });
    fireEvent.click(slot);
    fireEvent.change(await screen.findByLabelText(/^氏名/), { target: { value: '山田 花子' } });
    fireEvent.click(screen.getByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    expect(await screen.findByTestId('survey-queued', {}, { timeout: 5000 })).toBeTruthy();

    down = false;
    fireEvent.click(screen.getByTestId('outbox-badge'));
    fireEvent.click(within(await screen.findByTestId('outbox-list')).getByRole('button', { name: ja.offline.retryNow }));
    const notice = await screen.findByTestId('reservation-notice', {}, { timeout: 5000 });
    expect(notice.textContent?.startsWith(ja.errors.quotaExceeded)).toBe(true);
    // Only the slot went: the categories and item stay chosen, and what is still free is offered.
    expect((screen.getByTestId('category-level-0') as HTMLSelectElement).value).toBe('naika');
    expect((screen.getByTestId('category-level-1') as HTMLSelectElement).value).toBe('naika-ippan');
    expect((screen.getByTestId('category-level-2') as HTMLSelectElement).value).toBe('naika-ippan-saishin');
    const offered = await within(notice).findAllByTestId('free-slot', {}, { timeout: 5000 });
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.some((o) => o.dataset.date === slot.dataset.date && o.dataset.slot === slot.dataset.slot)).toBe(false);
    expect(screen.queryByTestId('reservation-summary')).toBeNull();

    // One tap books a free one: the value is of the same category and item.
    fireEvent.click(offered[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('reservation-summary').dataset.value).toBe(`naika-ippan-saishin_i2|${offered[0]!.dataset.date}|${offered[0]!.dataset.slot}`),
    );
  }, 20_000);
});

describe('the /calendar pages and admin mode', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    const db = getOfflineDb();
    await Promise.all([db.drafts.clear(), db.outbox.clear()]);
    signInResident();
  });

  const clinic = {
    surveyId: 'clinic',
    surveyTitle: '診療予約',
    surveyStatus: 'enabled',
    version: 1,
    surveySchema: [
      reservationItem({ categories_tree: { large: '内科', medium: '一般内科', small: '初診' } }),
      { itemKey: 'shimei', type: 'text', title: '氏名', isRequired: { value: true } },
    ],
  };
  const plain = { surveyId: 'plain', surveyTitle: 'アンケート', surveyStatus: 'enabled', version: 1, surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] };

  const serveApp = () => {
    const calendarFetch = serve();
    const fetch = vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/survey-configs/open'))
        return ok([plain, clinic].map((c) => ({ surveyId: c.surveyId, surveyTitle: c.surveyTitle, description: null })));
      if (url.pathname.endsWith('/survey-configs/getItem')) return ok(url.searchParams.get('surveyId') === 'clinic' ? clinic : plain);
      return calendarFetch(input);
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('/calendar opens the first open form with a reservation item', async () => {
    serveApp();
    window.history.replaceState(null, '', '/calendar');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/calendar/clinic'));
    expect((await screen.findByTestId('survey-form')).dataset.step).toBe('slot');
  });

  it('going back from the last confirm reloads the schedule', async () => {
    const fetch = serveApp();
    window.history.replaceState(null, '', '/calendar/clinic');
    render(<App />);
    const slot = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('[data-testid="slot"][data-state="active"]');
      if (!el) throw new Error('no active slot yet');
      return el;
    });
    fireEvent.click(slot);
    fireEvent.click(screen.getByTestId('slot-next'));
    fireEvent.change(await screen.findByLabelText(/^氏名/), { target: { value: '山田 花子' } });
    fireEvent.click(screen.getByTestId('submit-button'));
    const dialog = await screen.findByRole('dialog');
    const schedules = () => fetch.mock.calls.filter(([u]) => String(u).includes('/calendars/schedule/')).length;
    const before = schedules();
    fireEvent.click(within(dialog).getByRole('button', { name: ja.form.close }));
    fireEvent.click(await screen.findByTestId('reservation-change'));
    await waitFor(() => expect(schedules()).toBeGreaterThan(before));
  });

  it('shows 予約日時指定 on a calendar link button in admin mode only', () => {
    const config = makeConfig([
      { itemKey: 'cal', type: 'linkButton', title: '健診の予約', attributes: { url: '/calendar/kenshin' } },
      { itemKey: 'web', type: 'linkButton', title: '市のサイト', attributes: { url: 'https://www.city.sakura.example.jp/' } },
    ]);
    wrap(<SurveyForm config={config} mode="admin" send={async () => ({})} onSent={() => {}} today={TODAY} desktop={false} />);
    const buttons = screen.getAllByTestId('designate-datetime');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.textContent).toBe('予約日時指定');
    expect(buttons[0]!.getAttribute('href')).toBe('/calendar/kenshin?admin=1');
    expect(screen.getByText('健診の予約').closest('a')?.getAttribute('href')).toBe('/calendar/kenshin');
    cleanup();
    wrap(<SurveyForm config={config} send={async () => ({})} onSent={() => {}} today={TODAY} desktop={false} />);
    expect(screen.queryByTestId('designate-datetime')).toBeNull();
  });
});
