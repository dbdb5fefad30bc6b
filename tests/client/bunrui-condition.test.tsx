/**
 * displayCondition.bunruiKey in the form (spec 01 §3, §4): an item shows while the reservation's
 * chosen category has the named name at the named level, and goes as the category changes.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SurveyForm } from '../../src/form/survey-form';
import { ja } from '../../src/messages/ja';
import { getOfflineCache } from '../../src/offline/cache';
import { getOfflineDb } from '../../src/offline/db';
import { itemEl, makeConfig, TODAY } from './form-harness';
import { json } from './offline-helpers';

const COMA = { '1': { start: '09:00', end: '09:30' } };
const CALENDAR = { sortKey: 'cal-naika', calendarOff: 0, comaList: COMA, reservationCancelLimit: 0, reservationPossibleStart: 1, reservationPossibleMonths: 1, reservationControlType: 0 };
const leaf = (id: string, name: string) => ({ id, name, calendarId: 'cal-naika', children: [] });
const TREE = [
  { id: 'naika', name: '内科', calendarId: null, children: [{ id: 'naika-ippan', name: '一般内科', calendarId: null, children: [leaf('shoshin', '初診'), leaf('saishin', '再診')] }] },
];
const ITEMS: Record<string, unknown[]> = {
  shoshin: [{ itemId: 'i1', itemName: '初診受付', categoryId: 'shoshin', cost: 1 }],
  saishin: [{ itemId: 'i2', itemName: '再診受付', categoryId: 'saishin', cost: 1 }],
};
const ok = (data: unknown) => json(200, { result: 'OK', data });

const serve = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace('/survey/api/v1/db', '');
      if (path === '/calendars/categories_tree') return ok(TREE);
      if (path === '/calendars/tag_labels') return ok({ tag1: '診療科', tag2: '区分', tag3: '受診種別' });
      if (path === '/calendars/display_settings') return ok({ defaultView: 'week' });
      const m = /^\/calendars\/item_info\/(.+)$/.exec(path);
      if (m) return ok(ITEMS[decodeURIComponent(m[1]!)] ?? []);
      if (path.startsWith('/calendars/info/')) return ok(CALENDAR);
      if (path.startsWith('/calendars/canBeReserve/')) return ok({ canBeReserve: true });
      if (path.startsWith('/calendars/schedule/')) return ok({ schedule: { '2025-06-16': { '1': [3, 0] } }, dayOff: {}, comaList: COMA });
      return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
    }),
  );

const config = makeConfig([
  { itemKey: 'yoyaku', type: 'reservation', title: '予約内容', isRequired: { value: true } },
  { itemKey: 'shokai', type: 'text', title: '紹介状の有無', displayCondition: { type: 'show', questionId: 'yoyaku', bunruiKey: 'small', answers: ['初診'] } },
]);

const renderForm = (initialValues?: Record<string, string>) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider withCssVariables={false} withGlobalClasses={false}>
        <SurveyForm config={config} send={async () => ({})} onSent={() => {}} today={TODAY} desktop={false} initialValues={initialValues} />
      </MantineProvider>
    </QueryClientProvider>,
  );

const select = (label: string, optionText: string) => {
  const el = screen.getByLabelText(label) as HTMLSelectElement;
  const option = [...el.options].find((o) => o.text === optionText);
  if (!option) throw new Error(`no option ${optionText} in ${label}`);
  fireEvent.change(el, { target: { value: option.value } });
};
const pickSlot = async (itemName: string) => {
  await waitFor(() => expect(screen.getByLabelText(ja.calendar.itemLabel)).toBeTruthy());
  select(ja.calendar.itemLabel, itemName);
  const slot = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="slot"][data-date="2025-06-16"][data-slot="1"]');
    expect(el).toBeTruthy();
    return el!;
  });
  fireEvent.click(slot);
};

beforeEach(async () => {
  getOfflineCache().reset();
  await getOfflineDb().cache.clear();
  serve();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an item shown by the reservation category (bunruiKey)', () => {
  it('appears once a 初診 reservation is chosen and goes when the category changes', async () => {
    renderForm();
    await screen.findByLabelText('診療科');
    expect(itemEl('shokai')).toBeNull();
    select('診療科', '内科');
    select('区分', '一般内科');
    select('受診種別', '初診');
    await pickSlot('初診受付');
    await waitFor(() => expect(itemEl('shokai')).not.toBeNull());
    // Another category clears the reservation: the item goes, and stays away for 再診.
    select('受診種別', '再診');
    await waitFor(() => expect(itemEl('shokai')).toBeNull());
    await pickSlot('再診受付');
    await waitFor(() => expect(screen.getByTestId('reservation-summary').dataset.value).toBe('saishin_i2|2025-06-16|1'));
    expect(itemEl('shokai')).toBeNull();
  });

  it('a restored reservation shows the item once the category tree is read', async () => {
    renderForm({ yoyaku: 'shoshin_i1|2025-06-16|1' });
    await waitFor(() => expect(itemEl('shokai')).not.toBeNull());
  });
});
