import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import {
  MAX_BED_ID_LENGTH,
  STAY_LENGTHS,
  bedNameOf,
  isBedIdShape,
  isBedDeadlinePassed,
  isSelectableDay,
  isStayLength,
  nightsBetween,
  parseDateWithSession,
  stayLabel,
  stayNights,
} from '@core/rules/bed-stay';

const d = (s: string) => Temporal.PlainDate.from(s);
const rule = { reservationPossibleStart: 2, reservationCancelLimit: 3 };
const today = d('2026-12-01');

describe('bed stay rules (spec 02 §4, §5, §9)', () => {
  it('offers 1–14 nights labelled N泊N+1日', () => {
    expect(STAY_LENGTHS).toHaveLength(14);
    expect(stayLabel(3)).toBe('3泊4日');
    expect(STAY_LENGTHS.map(stayLabel).at(-1)).toBe('14泊15日');
    expect([0, 1, 14, 15, 1.5].map(isStayLength)).toEqual([false, true, true, false, false]);
  });

  it('reads dates with sessions strictly and counts the nights a stay holds', () => {
    expect(parseDateWithSession('2026-12-03 午後')).toEqual({ date: d('2026-12-03'), session: '午後' });
    expect(parseDateWithSession('2026-12-03')?.session).toBeNull();
    expect(parseDateWithSession('2026-02-30 午前')).toBeUndefined();
    expect(parseDateWithSession('2026-12-03 夜')).toBeUndefined();
    expect(nightsBetween(d('2026-12-30'), d('2027-01-02'))).toBe(3);
    expect(stayNights(d('2026-12-30'), 3)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });

  it('selects a day only if not past, with beds, and far enough ahead unless editing', () => {
    const at = (date: string, bedRemaining: number | null, editing = false) => isSelectableDay({ date: d(date), today, bedRemaining, rule, editing });
    expect(at('2026-11-30', 3)).toBe(false);
    expect(at('2026-12-02', 3)).toBe(false);
    expect(at('2026-12-02', 3, true)).toBe(true);
    expect(at('2026-12-03', 3)).toBe(true);
    expect(at('2026-12-03', 0)).toBe(false);
    expect(at('2026-12-03', null)).toBe(false);
    expect(at('2026-11-30', 3, true)).toBe(false);
  });

  it('allows cancel and change while the start is at least the limit days away', () => {
    expect(isBedDeadlinePassed(d('2026-12-04'), rule, today)).toBe(false);
    expect(isBedDeadlinePassed(d('2026-12-03'), rule, today)).toBe(true);
    expect(isBedDeadlinePassed(d('2026-12-02'), { ...rule, reservationCancelLimit: 0 }, today)).toBe(false);
  });

  it('takes a bedId of 1 to 8 characters without spaces (spec 02 §9 "max length 8")', () => {
    expect(MAX_BED_ID_LENGTH).toBe(8);
    expect(['b1', '301-1', '12345678'].map(isBedIdShape)).toEqual([true, true, true]);
    expect(['', '123456789', '301 1', '301\u30001'].map(isBedIdShape)).toEqual([false, false, false, false]);
  });

  it('shows a stored bed by its name, or by its id when the ward no longer lists it', () => {
    const beds = [{ bedId: '301-1', bedName: '301号室 窓側' }];
    expect(bedNameOf(beds, '301-1')).toBe('301号室 窓側');
    expect(bedNameOf(beds, 'gone')).toBe('gone');
  });
});
