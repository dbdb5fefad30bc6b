/** What is still free after a lost slot (src/calendar/free-slots.ts): nearest first, full and started slots left out. */
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { nearestFreeSlots } from '../../src/calendar/free-slots';

const d = (s: string) => Temporal.PlainDate.from(s);
const comaList = { '1': { start: '09:00', end: '09:30' }, '2': { start: '10:00', end: '10:30' }, '10': { start: '15:00', end: '15:30' } };
const schedule = {
  schedule: {
    '2026-05-10': { '1': [1, 0], '2': [1, 1], '10': [2, 1] },
    '2026-05-11': { '1': [1, 0], '2': [1, 0], '10': [1, 0] },
    '2026-05-12': { '1': [1, 1], '2': [1, 0], '10': [1, 1] },
    '2026-05-13': { '1': [3, 0], '2': [3, 0], '10': [3, 0] },
  },
  dayOff: { '2026-05-13': 1 },
  comaList,
} as never;
const window = { first: d('2026-05-10'), last: d('2026-06-30') };
const morning = { date: d('2026-05-09'), time: Temporal.PlainTime.from('08:00') };
const keys = (list: { date: Temporal.PlainDate; slot: string }[]) => list.map((f) => `${f.date.toString()}#${f.slot}`);

describe('nearestFreeSlots', () => {
  it('offers the lost day first in time order (10 after 2), then the days after, then before; never the lost or full slots', () => {
    const lost = { date: d('2026-05-11'), slot: '2' };
    expect(keys(nearestFreeSlots(schedule, window, 1, comaList, lost, 10, morning))).toEqual([
      '2026-05-11#1',
      '2026-05-11#10',
      '2026-05-12#2',
      '2026-05-10#1',
      '2026-05-10#10',
    ]);
  });
  it('stops at the limit, leaves out a day off and the slots of today that have started, and says how many places remain', () => {
    const lost = { date: d('2026-05-10'), slot: '2' };
    const noon = { date: d('2026-05-10'), time: Temporal.PlainTime.from('12:00') };
    const free = nearestFreeSlots(schedule, window, 1, comaList, lost, 2, noon);
    expect(keys(free)).toEqual(['2026-05-10#10', '2026-05-11#1']);
    expect(free[0]?.remaining).toBe(1);
  });
  it('a cost larger than what remains is not free', () => {
    expect(nearestFreeSlots(schedule, window, 2, comaList, { date: d('2026-05-10'), slot: '1' }, 5, morning)).toEqual([]);
  });
});
