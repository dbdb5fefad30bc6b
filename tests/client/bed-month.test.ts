import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { monthRange, monthWeeks } from '../../src/features/beds/month';
import { readDateText } from '../../src/lib/ja-dates';

const rule = { reservationPossibleStart: 1, reservationCancelLimit: 3 };

describe('bed month grid (spec 02 §2, §3, §5)', () => {
  it('starts on Sunday, pads with days that have no number, and marks what can be picked', () => {
    const month = Temporal.PlainYearMonth.from('2026-12');
    const today = Temporal.PlainDate.from('2026-12-10');
    const remaining = new Map([
      ['2026-12-09', 3],
      ['2026-12-10', 3],
      ['2026-12-11', 3],
      ['2026-12-12', 0],
    ]);
    const weeks = monthWeeks(month, today, remaining, rule, false);
    expect(weeks[0]?.[0]?.dateStr).toBe('2026-11-29');
    expect(weeks[0]?.[0]?.dateNumber).toBeNull();
    expect(weeks[0]?.[2]).toMatchObject({ dateStr: '2026-12-01', dateNumber: 1 });
    const day = (s: string) => weeks.flat().find((x) => x.dateStr === s);
    expect(day('2026-12-09')).toMatchObject({ isPastDate: true, selectable: false });
    expect(day('2026-12-10')?.selectable).toBe(false); // not a day ahead
    expect(day('2026-12-11')?.selectable).toBe(true);
    expect(day('2026-12-12')).toMatchObject({ bedRemaining: 0, selectable: false });
    expect(day('2026-12-13')).toMatchObject({ bedRemaining: null, validRule: false, selectable: false });
    expect(monthWeeks(month, today, remaining, rule, true).flat().find((x) => x.dateStr === '2026-12-10')?.selectable).toBe(true);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.at(-1)?.some((x) => x.dateStr === '2026-12-31')).toBe(true);
  });

  it('gives the month range and Japanese dates with weekday and session', () => {
    expect(monthRange(Temporal.PlainYearMonth.from('2027-02'))).toEqual({ startDate: '2027-02-01', endDate: '2027-02-28' });
    expect(readDateText('2026-12-03 午後')).toBe('2026年12月3日（木） 午後');
    expect(readDateText('2026-12-06')).toBe('2026年12月6日（日）');
  });
});
