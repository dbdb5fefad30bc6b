/**
 * A small clinic for the reservation write-path tests: calendars whose bookable days start today,
 * so tests can book days relative to the real today (Asia/Tokyo) and the deadline rules apply.
 */
import { todayInTokyo } from '@core/ja/date-input';

export const today = todayInTokyo();
export const day = (offset: number): string => today.add({ days: offset }).toString();

const coma = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i + 1), { start: `${String(9 + i).padStart(2, '0')}:00`, end: `${String(10 + i).padStart(2, '0')}:00` }]));

export const calendars = [
  // Control type 1: range limits; 3 per range, 1 per day.
  { sortKey: 'cal-a', calendarOff: 0, comaList: coma(5), reservationCancelLimit: 1, reservationPossibleStart: 0, reservationPossibleMonths: 1, reservationControlType: 1, reservationMaxCount: 3, reservationMaxCountOfDay: 1 },
  // No limits: the concurrency runs.
  { sortKey: 'cal-b', calendarOff: 0, comaList: coma(5), reservationCancelLimit: 0, reservationPossibleStart: 0, reservationPossibleMonths: 1, reservationControlType: 0 },
  { sortKey: 'cal-off', calendarOff: 1, comaList: coma(1), reservationPossibleStart: 0 },
  // Cancel limit 2 days; cal-d has a day off tomorrow, cal-d2 none.
  { sortKey: 'cal-d', calendarOff: 0, comaList: coma(2), reservationCancelLimit: 2, reservationPossibleStart: 0, reservationControlType: 0 },
  { sortKey: 'cal-d2', calendarOff: 0, comaList: coma(2), reservationCancelLimit: 2, reservationPossibleStart: 0, reservationControlType: 0 },
  // One slot at midnight: today's has always started.
  { sortKey: 'cal-early', calendarOff: 0, comaList: { '1': { start: '00:00', end: '00:30' } }, reservationPossibleStart: 0, reservationControlType: 0 },
  // Bookable from the day after tomorrow only.
  { sortKey: 'cal-later', calendarOff: 0, comaList: coma(1), reservationPossibleStart: 2, reservationControlType: 0 },
];

export const categoriesTree = [
  {
    id: 'naika',
    name: '内科',
    children: [
      { id: 'naika-a', name: '一般', calendarId: 'cal-a', items: [{ itemId: 'i1', itemName: '初診', cost: 1 }, { itemId: 'i2', itemName: '精密', cost: 2 }] },
      { id: 'naika-b', name: '予防接種', calendarId: 'cal-b', items: [{ itemId: 'v1', itemName: '接種', cost: 1 }] },
      { id: 'naika-off', name: '休止中', calendarId: 'cal-off', items: [{ itemId: 'x', itemName: '休止', cost: 1 }] },
      { id: 'naika-later', name: '後日', calendarId: 'cal-later', items: [{ itemId: 'l', itemName: '後日', cost: 1 }] },
      { id: 'naika-d', name: '期限', calendarId: 'cal-d', items: [{ itemId: 'd', itemName: '期限', cost: 1 }] },
      { id: 'naika-d2', name: '期限2', calendarId: 'cal-d2', items: [{ itemId: 'd', itemName: '期限', cost: 1 }] },
      { id: 'naika-early', name: '深夜', calendarId: 'cal-early', items: [{ itemId: 'e', itemName: '深夜', cost: 1 }] },
      { id: 'naika-none', name: 'カレンダーなし', items: [{ itemId: 'n', itemName: 'なし', cost: 1 }] },
    ],
  },
];

const reservationItem = { itemKey: 'yoyaku', type: 'reservation', title: '予約', isRequired: { value: true } };
const nameItem = { itemKey: 'name', type: 'text', title: 'お名前' };

export const surveys = [
  { surveyId: 'rsv', surveyTitle: '予約', isAppending: { value: true }, calendarSetting: { updateOrCancelSettings: 'updateAndCancel' }, surveySchema: [reservationItem, nameItem] },
  { surveyId: 'rsv-single', surveyTitle: '予約（一回）', calendarSetting: { updateOrCancelSettings: 'updateAndCancel' }, surveySchema: [reservationItem, nameItem] },
  {
    surveyId: 'rsv-corona',
    surveyTitle: 'ワクチン',
    surveyType: 'corona',
    isAppending: { value: true },
    calendarSetting: { updateOrCancelSettings: 'updateAndCancel' },
    // The implementation date under a key of the form's own: the auto-cancel finds it by its type.
    surveySchema: [reservationItem, { itemKey: 'jisshi', type: 'sesshuJisshiDate', title: '接種日', isAdminItem: true }],
  },
];

/** Quotas for days 0..20 on every calendar: cal-a 2 per slot, cal-b 10, others 5. */
export const slotQuotas = calendars.flatMap((c) =>
  Array.from({ length: 21 }, (_, i) => ({
    calendarId: c.sortKey,
    date: day(i),
    slots: Object.fromEntries(Object.keys(c.comaList).map((k) => [k, c.sortKey === 'cal-a' ? 2 : c.sortKey === 'cal-b' ? 10 : 5])),
  })),
);

export const dayOffs = [{ calendarId: 'cal-d', dates: [day(1)] }, { calendarId: 'cal-a', dates: [day(6)] }];

export const bundle = (extra: Record<string, unknown> = {}) => ({ surveyConfigs: surveys, calendars, categoriesTree, slotQuotas, dayOffs, ...extra });

export const value = (category: string, item: string, offset: number, slot: string | number) => `${category}_${item}|${day(offset)}|${slot}`;
