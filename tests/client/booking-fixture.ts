/**
 * A payment form whose reservation item sells a booking fee (spec 02 §3 reservationPaymentItemId):
 * its config, service, tax setting and the reads and writes it makes, for the client tests.
 */
import { Temporal } from 'temporal-polyfill';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

export const COMA = { '1': { start: '09:00', end: '09:30' }, '2': { start: '14:00', end: '14:30' } };
export const CALENDAR = {
  sortKey: 'cal-naika',
  calendarOff: 0,
  comaList: COMA,
  reservationCancelLimit: 1,
  reservationPossibleStart: 1,
  reservationPossibleMonths: 1,
  reservationMaxCount: null,
  reservationMaxCountOfDay: 1,
  reservationControlType: 0,
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
const ITEMS = [
  { itemId: 'i1', itemName: '初診受付', categoryId: 'naika-ippan-shoshin', cost: 1 },
  { itemId: 'i2', itemName: '相談受付', categoryId: 'naika-ippan-shoshin', cost: 1 },
];

export const bookingForm = (productsRequired: boolean) => ({
  surveyId: 'fee',
  surveyTitle: '予約料のかかる診療予約',
  surveyStatus: 'enabled',
  version: 3,
  usePayment: 1,
  isAppending: { value: true },
  calendarSetting: { updateOrCancelSettings: 'updateAndCancel' },
  surveySchema: [
    { itemKey: 'yoyaku', type: 'reservation', title: '予約内容', isRequired: { value: true }, categories_tree: { large: '内科', medium: '一般内科', small: '初診' } },
    { itemKey: 'shohin', type: 'selectProducts', title: 'お申し込み内容', serviceId: 'svc', isRequired: { value: productsRequired } },
    { itemKey: 'shiharai', type: 'selectPayType', title: 'お支払い方法', payTypeOptions: [0, 1], isRequired: { value: true } },
    { itemKey: 'shimei', type: 'text', title: '氏名' },
  ],
});

export const SERVICE = {
  serviceSortKey: 'svc',
  serviceId: 'svc',
  serviceName: '診療',
  taxType: 0,
  calculationType: 0,
  roundingType: 0,
  purchaseLimit: 5,
  reservationCostType: 0,
  products: [
    { productId: 'p1', productName: '接種料', price: 1000, taxableType: 0, order: 1, productCategories: [{ id: 'c1', name: '接種' }] },
    { productId: 'fee1', productName: '予約料', price: 500, taxableType: 0, order: 2, productCategories: [], reservationPaymentItemId: 'naika-ippan-shoshin_i1' },
    { productId: 'fee2', productName: '相談料', price: 300, taxableType: 1, order: 3, productCategories: [], reservationPaymentItemId: 'naika-ippan-shoshin_i2' },
  ],
};
export const TAX = { taxRate: 10, taxRates: [{ applyDate: '2019-10-01', value: 10 }], roundingType: 0, calculationType: 0, taxType: 0, reservationCostType: 0 };

export const ok = (data: unknown) => json(200, { result: 'OK', data });

const schedule = (from: string, to: string) => {
  const days: Record<string, Record<string, [number, number]>> = {};
  for (let d = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(d, Temporal.PlainDate.from(to)) <= 0; d = d.add({ days: 1 })) {
    days[d.toString()] = { '1': [3, 0], '2': [3, 0] };
  }
  return { schedule: days, dayOff: {}, comaList: COMA };
};

/** The calendar and payment reads of a booking-fee form; `more` answers the rest first. */
export const serveBookingForm = (config: unknown, more: (path: string, url: URL) => Response | undefined = () => undefined) => {
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/survey/api/v1/db', '');
    const extra = more(path, url);
    if (extra) return extra;
    if (path === '/survey-configs/getItem') return ok(config);
    if (path === '/payment-configs/services/svc') return json(200, { code: 'success', data: SERVICE });
    if (path === '/payment-configs/tax-setting') return json(200, { code: 'success', data: TAX });
    if (path === '/payment-results/list' || path === '/payment-results/pending') return json(200, { code: 'success', data: [] });
    if (path === '/survey-results/checkReservation') return json(200, { result: 'OK' });
    if (path === '/survey-results/temprary') return json(200, { code: 'success', orderId: 'o1' });
    if (path === '/payment-orders') return json(200, { code: 'success', data: { action: 'http://localhost/dev/payment/pay', method: 'POST', fields: [] } });
    if (path === '/survey-results/putItem') return json(200, { result: 'OK', partitionKey: 'fee#U1#2', answercode: '000002', data: [] });
    if (path === '/calendars/categories_tree') return ok(TREE);
    if (path === '/calendars/tag_labels') return ok({ tag1: '診療科', tag2: '区分', tag3: '受診種別' });
    if (path === '/calendars/display_settings') return ok({ defaultView: 'week' });
    if (path.startsWith('/calendars/item_info/')) return ok(ITEMS);
    if (path.startsWith('/calendars/info/')) return ok(CALENDAR);
    if (path.startsWith('/calendars/categories/')) return ok({ sortKey: 'naika-ippan-shoshin', tag1: '内科', tag2: '一般内科', tag3: '初診', calendarId: 'cal-naika' });
    if (path === '/calendars/day-off-count') return ok({ count: 0 });
    if (path.startsWith('/calendars/canBeReserve/')) return ok({ canBeReserve: true });
    if (path.startsWith('/calendars/schedule/')) return ok(schedule(url.searchParams.get('start_day')!, url.searchParams.get('end_day')!));
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

export const bodyOf = (fetch: ReturnType<typeof serveBookingForm>, path: string) => {
  const call = fetch.mock.calls.find(([u]) => String(u).includes(path));
  return call ? (JSON.parse(String((call as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>) : undefined;
};

/**
 * A resident of each test's own, on a cleared device: the previous test's draft, flushed as its
 * page unmounted, may land after the clear, and drafts are kept per resident.
 */
export const freshResidentEachTest = (): void => {
  let resident = 0;
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
    resident += 1;
    signInResident(`U${resident}`);
    Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
};
