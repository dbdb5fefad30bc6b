import { describe, expect, it } from 'vitest';
import {
  MAX_COUNT_MESSAGE,
  MAX_COUNT_OF_DAY_MESSAGE,
  RESERVATION_LIMIT_CODE,
  limitRefusal,
} from '@core/rules/reservation-limits';

const base = { maxCount: null, maxCountOfDay: null, countInRange: 0, countOnDay: 0, dayCheckOnly: false };

describe('limitRefusal', () => {
  it('lets one more through while the counts are below the limits', () => {
    expect(limitRefusal({ ...base, maxCount: 3, maxCountOfDay: 1, countInRange: 2, countOnDay: 0 })).toBeNull();
  });

  it('null, undefined and 0 are no limit', () => {
    expect(limitRefusal({ ...base, countInRange: 99, countOnDay: 99 })).toBeNull();
    expect(limitRefusal({ ...base, maxCount: undefined, maxCountOfDay: undefined, countInRange: 99, countOnDay: 99 })).toBeNull();
    expect(limitRefusal({ ...base, maxCount: 0, maxCountOfDay: 0, countInRange: 99, countOnDay: 99 })).toBeNull();
  });

  it('refuses at the per-day limit, with its detail', () => {
    expect(limitRefusal({ ...base, maxCountOfDay: 1, countOnDay: 1 })).toEqual({
      code: RESERVATION_LIMIT_CODE,
      per: 'day',
      errorMessage: MAX_COUNT_OF_DAY_MESSAGE,
      checkDetail: '1日1件まで・予約済み1件',
    });
    // Above the limit too (an operator lowered it).
    expect(limitRefusal({ ...base, maxCountOfDay: 2, countOnDay: 3, dayCheckOnly: true })?.checkDetail).toBe('1日2件まで・予約済み3件');
  });

  it('refuses at the range limit unless only the day is checked', () => {
    expect(limitRefusal({ ...base, maxCount: 3, countInRange: 3 })).toEqual({
      code: 'reservation_limit',
      per: 'range',
      errorMessage: MAX_COUNT_MESSAGE,
      checkDetail: '期間内3件まで・予約済み3件',
    });
    expect(limitRefusal({ ...base, maxCount: 3, countInRange: 3, dayCheckOnly: true })).toBeNull();
  });

  it('gives the per-day refusal when both limits are reached', () => {
    expect(limitRefusal({ ...base, maxCount: 1, maxCountOfDay: 1, countInRange: 1, countOnDay: 1 })?.errorMessage).toBe(MAX_COUNT_OF_DAY_MESSAGE);
  });
});
