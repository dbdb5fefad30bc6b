/** The rules of issue 58's calendar, category and bed ward configuration (core/rules/). */
import { describe, expect, it } from 'vitest';
import { changedSettings, comaProblems, removedComas } from '@core/rules/calendar-settings';
import { categoryInReach, categoryNameOf, sameMembers } from '@core/rules/category-edits';
import { bedConflicts, nightsFollowingBeds, nightsOfRanges, removedBedIds } from '@core/rules/bed-ward-edits';

describe('calendar settings', () => {
  it('reads coma times as HH:MM up to 24:00, each ending after it starts', () => {
    expect(comaProblems({ 1: { start: '09:00', end: '09:30' }, 2: { start: '23:30', end: '24:00' } })).toEqual([]);
    expect(comaProblems({ 1: { start: '9:00', end: '10:00' }, 2: { start: '10:00', end: '10:00' }, 3: { start: '24:30', end: '25:00' } })).toEqual([
      { slot: '1', kind: 'badTime' },
      { slot: '2', kind: 'endBeforeStart' },
      { slot: '3', kind: 'badTime' },
    ]);
    expect(comaProblems({})).toEqual([{ slot: null, kind: 'noComa' }]);
  });

  it('names the comas removed and the settings changed', () => {
    expect(removedComas({ 1: 0, 2: 0, 3: 0 }, { 1: 0, 4: 0 })).toEqual(['2', '3']);
    expect(changedSettings({ a: 1, b: { x: 1 }, c: null }, { a: 1, b: { x: 2 }, c: 0 })).toEqual(['b', 'c']);
  });
});

describe('category edits', () => {
  it('trims names and refuses empty or long ones; a reorder names each sibling once', () => {
    expect(categoryNameOf('  内科 ')).toBe('内科');
    expect(categoryNameOf('   ')).toBeNull();
    expect(categoryNameOf('あ'.repeat(101))).toBeNull();
    expect(sameMembers(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameMembers(['a', 'b'], ['a', 'a'])).toBe(false);
    expect(sameMembers(['a', 'b'], ['a'])).toBe(false);
  });

  it('reaches a category when every calendar under it is in the teams, and there is one', () => {
    const teams = (c: string) => (c === 'cal-a' ? ['A'] : ['B']);
    const member = { role: 'member' as const, teams: ['A'] };
    expect(categoryInReach(member, ['cal-a'], teams)).toBe(true);
    expect(categoryInReach(member, ['cal-a', 'cal-b'], teams)).toBe(false);
    expect(categoryInReach(member, [], teams)).toBe(false);
    expect(categoryInReach({ role: 'admin', teams: [] }, [], teams)).toBe(true);
  });
});

describe('bed ward edits', () => {
  it('spreads ranges over nights, a later range winning; refuses a backward or too long one', () => {
    expect([...(nightsOfRanges([{ from: '2026-12-01', to: '2026-12-03', beds: 2 }, { from: '2026-12-03', to: '2026-12-04', beds: 0 }]) ?? [])]).toEqual([
      ['2026-12-01', 2],
      ['2026-12-02', 2],
      ['2026-12-03', 0],
      ['2026-12-04', 0],
    ]);
    expect(nightsOfRanges([{ from: '2026-12-03', to: '2026-12-01', beds: 1 }])).toBeNull();
    expect(nightsOfRanges([{ from: '2026-01-01', to: '2027-02-05', beds: 1 }])).toBeNull();
  });

  it('finds nights set below what their stays hold', () => {
    expect(bedConflicts(new Map([['2026-12-02', 1], ['2026-12-01', 0], ['2026-12-03', 5]]), new Map([['2026-12-01', 1], ['2026-12-02', 1], ['2026-12-03', 2]]))).toEqual([
      { night: '2026-12-01', held: 1, beds: 0 },
    ]);
  });

  it('moves only the nights at full strength with a new number of beds', () => {
    const nights = [
      { night: '2026-12-01', capacity: 3 },
      { night: '2026-12-02', capacity: 2 },
      { night: '2026-12-03', capacity: 0 },
    ];
    expect([...nightsFollowingBeds(nights, 3, 4)]).toEqual([['2026-12-01', 4]]);
    expect([...nightsFollowingBeds(nights, 2, 1)]).toEqual([['2026-12-02', 1]]);
    expect(nightsFollowingBeds(nights, 3, 3).size).toBe(0);
  });

  it('names the beds a new list leaves out', () => {
    expect(removedBedIds([{ bedId: 'a' }, { bedId: 'b' }, { bedId: 'c' }], [{ bedId: 'c' }, { bedId: 'd' }])).toEqual(['a', 'b']);
  });
});
