/** core/rules/reservation-window.ts: the readings its header chose, pinned down. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { bookableWindow, hasSlotStarted, isBookableDay, limitRangeOf, nowInTokyo, rangeEndOf, remainingOf, slotStateOf } from '@core/rules/reservation-window';

const d = (s: string) => Temporal.PlainDate.from(s);
const str = (x: Temporal.PlainDate | null) => (x === null ? null : x.toString());

const cal = {
  reservationPossibleStart: 0,
  reservationPossibleMonths: 0,
  reservationControlType: 1 as 0 | 1 | 2,
  startDate: null as string | null,
  endDate: '2099-12-31',
  reservationStart: null as string | null,
};

describe('rangeEndOf', () => {
  it('0 months: the end of this month; n months: the end of the month n after', () => {
    expect(str(rangeEndOf(d('2025-07-15'), 0))).toBe('2025-07-31');
    expect(str(rangeEndOf(d('2025-07-31'), 1))).toBe('2025-08-31');
    expect(str(rangeEndOf(d('2025-04-01'), 0))).toBe('2025-04-30');
    expect(str(rangeEndOf(d('2025-01-31'), 2))).toBe('2025-03-31');
  });

  it('crosses the year: December → January', () => {
    expect(str(rangeEndOf(d('2025-12-10'), 0))).toBe('2025-12-31');
    expect(str(rangeEndOf(d('2025-12-31'), 1))).toBe('2026-01-31');
    expect(str(rangeEndOf(d('2025-11-30'), 2))).toBe('2026-01-31');
  });

  it('February ends on the 29th in leap years only', () => {
    expect(str(rangeEndOf(d('2024-01-31'), 1))).toBe('2024-02-29');
    expect(str(rangeEndOf(d('2025-01-31'), 1))).toBe('2025-02-28');
    expect(str(rangeEndOf(d('2100-02-01'), 0))).toBe('2100-02-28');
    expect(str(rangeEndOf(d('2000-02-01'), 0))).toBe('2000-02-29');
  });
});

describe('bookableWindow', () => {
  const today = d('2025-07-15');

  it('control type 0: from today, up to the calendar end date (no range end)', () => {
    const w = bookableWindow({ ...cal, reservationControlType: 0, reservationPossibleMonths: 1 }, today);
    expect([str(w.first), str(w.last)]).toEqual(['2025-07-15', '2099-12-31']);
  });

  it('control types 1 and 2: the range end closes the window', () => {
    for (const type of [1, 2] as const) {
      const w = bookableWindow({ ...cal, reservationControlType: type, reservationPossibleMonths: 1 }, today);
      expect([str(w.first), str(w.last)]).toEqual(['2025-07-15', '2025-08-31']);
    }
  });

  it('an endDate before the range end wins', () => {
    const w = bookableWindow({ ...cal, endDate: '2025-08-10', reservationPossibleMonths: 1 }, today);
    expect(str(w.last)).toBe('2025-08-10');
    expect(str(bookableWindow({ ...cal, reservationControlType: 0, endDate: '2025-08-10' }, today).last)).toBe('2025-08-10');
  });

  it('the first day is the latest of today + possibleStart, startDate and reservationStart', () => {
    expect(str(bookableWindow({ ...cal, reservationPossibleStart: 3 }, today).first)).toBe('2025-07-18');
    expect(str(bookableWindow({ ...cal, reservationPossibleStart: 3, startDate: '2025-07-20' }, today).first)).toBe('2025-07-20');
    expect(str(bookableWindow({ ...cal, reservationPossibleStart: 3, startDate: '2025-07-01' }, today).first)).toBe('2025-07-18');
    expect(str(bookableWindow({ ...cal, startDate: '2025-07-20', reservationStart: '2025-07-25' }, today).first)).toBe('2025-07-25');
    expect(str(bookableWindow({ ...cal, reservationStart: '2025-07-16T00:00:00' }, today).first)).toBe('2025-07-16');
    // Unreadable dates are ignored rather than closing the calendar.
    expect(str(bookableWindow({ ...cal, startDate: '2025-02-30', reservationStart: 'そのうち' }, today).first)).toBe('2025-07-15');
  });

  it('isBookableDay: both ends included', () => {
    const w = bookableWindow({ ...cal, reservationPossibleStart: 1 }, today);
    expect(isBookableDay(w, d('2025-07-15'))).toBe(false);
    expect(isBookableDay(w, d('2025-07-16'))).toBe(true);
    expect(isBookableDay(w, d('2025-07-31'))).toBe(true);
    expect(isBookableDay(w, d('2025-08-01'))).toBe(false);
    expect(isBookableDay({ first: d('2025-07-16'), last: null }, d('2099-12-31'))).toBe(true);
  });
});

describe('limitRangeOf', () => {
  it('type 0 checks the day only; types 1 and 2 count from today to the range end', () => {
    expect(limitRangeOf({ reservationControlType: 0, reservationPossibleMonths: 2 }, d('2025-12-05'))).toEqual({ dayCheckOnly: true, from: null, to: null });
    for (const type of [1, 2] as const) {
      const r = limitRangeOf({ reservationControlType: type, reservationPossibleMonths: 2 }, d('2025-12-05'));
      expect([r.dayCheckOnly, str(r.from), str(r.to)]).toEqual([false, '2025-12-05', '2026-02-28']);
    }
  });
});

describe('slotStateOf', () => {
  const open = { quota: 3, reserved: 0, cost: 1, dayOff: false, bookable: true };
  it('disabled outside the window, whatever else holds', () => {
    expect(slotStateOf({ ...open, bookable: false })).toBe('disabled');
    expect(slotStateOf({ ...open, bookable: false, dayOff: true })).toBe('disabled');
  });
  it('a day off inside the window', () => {
    expect(slotStateOf({ ...open, dayOff: true })).toBe('dayOff');
  });
  it('active while at least the cost remains', () => {
    expect(slotStateOf(open)).toBe('active');
    expect(slotStateOf({ ...open, reserved: 1, cost: 2 })).toBe('active');
  });
  it('full when less than the cost remains and someone holds it', () => {
    expect(slotStateOf({ ...open, reserved: 2, cost: 2 })).toBe('full');
    expect(slotStateOf({ ...open, reserved: 3 })).toBe('full');
    expect(slotStateOf({ ...open, quota: 1, reserved: 4 })).toBe('full');
  });
  it('disabled when nobody holds it and it is too small (or has no quota)', () => {
    expect(slotStateOf({ ...open, quota: 1, cost: 2 })).toBe('disabled');
    expect(slotStateOf({ ...open, quota: 0 })).toBe('disabled');
  });
});

describe('remainingOf', () => {
  it('never negative', () => {
    expect(remainingOf(3, 1)).toBe(2);
    expect(remainingOf(1, 4)).toBe(0);
  });
});

describe('hasSlotStarted', () => {
  const day = Temporal.PlainDate.from('2025-06-16');
  const at = (time: string, date = day) => ({ date, time: Temporal.PlainTime.from(time) });

  it('is started from its start minute on today, not before', () => {
    expect(hasSlotStarted(day, '09:00', at('08:59:59'))).toBe(false);
    expect(hasSlotStarted(day, '09:00', at('09:00'))).toBe(true);
    expect(hasSlotStarted(day, '9:30', at('10:00'))).toBe(true);
  });

  it('never on another day, and never for a label that is not HH:mm', () => {
    expect(hasSlotStarted(day.add({ days: 1 }), '09:00', at('23:00'))).toBe(false);
    expect(hasSlotStarted(day, '午前', at('23:00'))).toBe(false);
    expect(hasSlotStarted(day, undefined, at('23:00'))).toBe(false);
    expect(hasSlotStarted(day, '25:00', at('23:00'))).toBe(false);
  });
});

describe('bookableWindow of a frozen calendar', () => {
  it('answers the window of the day asked, also when it was asked before for another day', () => {
    const frozen = Object.freeze({ ...cal, reservationPossibleStart: 1, reservationPossibleMonths: 0, reservationControlType: 1 });
    const nov = bookableWindow(frozen, Temporal.PlainDate.from('2026-11-23'));
    expect(bookableWindow(frozen, Temporal.PlainDate.from('2026-11-23'))).toBe(nov);
    const dec = bookableWindow(frozen, Temporal.PlainDate.from('2026-12-02'));
    expect([dec.first.toString(), dec.last?.toString()]).toEqual(['2026-12-03', '2026-12-31']);
    expect([nov.first.toString(), nov.last?.toString()]).toEqual(['2026-11-24', '2026-11-30']);
  });
});

describe('nowInTokyo', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the Asia/Tokyo wall clock, kept no longer than the second it was read in', () => {
    vi.useFakeTimers();
    // 09:59:59.400 in Tokyo (UTC+9).
    vi.setSystemTime(new Date('2026-11-24T00:59:59.400Z'));
    const first = nowInTokyo();
    expect(first.date.toString()).toBe('2026-11-24');
    expect(first.time.toString()).toBe('09:59:59.4');
    vi.setSystemTime(new Date('2026-11-24T00:59:59.900Z'));
    expect(nowInTokyo()).toBe(first);
    expect(hasSlotStarted(first.date, '10:00', nowInTokyo())).toBe(false);
    vi.setSystemTime(new Date('2026-11-24T01:00:00.000Z'));
    expect(nowInTokyo().time.toString()).toBe('10:00:00');
    expect(hasSlotStarted(first.date, '10:00', nowInTokyo())).toBe(true);
    // Midnight in Tokyo is 15:00 UTC: the date turns with it.
    vi.setSystemTime(new Date('2026-11-24T15:00:00.000Z'));
    expect(nowInTokyo().date.toString()).toBe('2026-11-25');
  });
});
