/**
 * The console members' pure parts (src/features/admin/members/member-lines.ts): stored instants
 * read as Tokyo's day and minute (a UTC evening is the next morning there), text that is no
 * instant left as it is, and the cursor trail behind 次へ / 前へ, which a new search leaves behind.
 */
import { describe, expect, it } from 'vitest';
import { back, cursorOf, onward, tokyoDay, tokyoMinute, trailOf, type PageTrail } from '../../src/features/admin/members/member-lines';

describe('stored instants in Tokyo', () => {
  it('reads the day and minute in Asia/Tokyo, across the date line of UTC', () => {
    expect(tokyoDay('2026-04-30T15:30:00.000Z')).toBe('2026年5月1日');
    expect(tokyoMinute('2026-04-30T15:05:09.123Z')).toBe('2026年5月1日 00:05');
    expect(tokyoMinute('2026-01-09T03:00:00Z')).toBe('2026年1月9日 12:00');
  });

  it('leaves a text that is no instant as it is', () => {
    expect(tokyoDay('2026-05-01')).toBe('2026-05-01');
    expect(tokyoMinute('')).toBe('');
  });
});

describe('the page trail', () => {
  it('goes on and back along the cursors of one search', () => {
    let t: PageTrail = { q: '山田', cursors: [] };
    expect(cursorOf(t)).toBeNull();
    t = onward(onward(t, 'k#050'), 'k#100');
    expect(cursorOf(t)).toBe('k#100');
    t = back(t);
    expect(cursorOf(t)).toBe('k#050');
    expect(cursorOf(back(t))).toBeNull();
    expect(back(back(t)).cursors).toEqual([]);
  });

  it('starts on page 1 for another search, and keeps the same search’s place', () => {
    const t = onward({ q: '山田', cursors: [] }, 'k#050');
    expect(trailOf(t, '山田')).toBe(t);
    expect(trailOf(t, '090')).toEqual({ q: '090', cursors: [] });
    expect(cursorOf(trailOf(t, ''))).toBeNull();
  });
});
