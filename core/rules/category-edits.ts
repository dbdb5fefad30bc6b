/**
 * The category tree (大分類/中分類/小分類) and its reservation items edited in place by staff
 * (issue 58): stated once for the console and the server. Three levels at most; a reorder names
 * exactly the siblings there are; a category or item that bookings name is hidden, never deleted
 * (bookings keep their labels); a category is within a staff member's reach when every calendar
 * under it is, and there is one (an admin reaches all, and alone adds a 大分類).
 */
import { inTeam, type StaffRole } from './staff';

export const CATEGORY_LEVELS = 3;
export const CATEGORY_NAME_MAX = 100;

/** A name as stored: trimmed; null when empty or too long. */
export const categoryNameOf = (raw: string): string | null => {
  const name = raw.normalize('NFC').trim();
  return name === '' || name.length > CATEGORY_NAME_MAX ? null : name;
};

/** A reorder names each sibling once, and no other. */
export const sameMembers = (now: readonly string[], proposed: readonly string[]): boolean =>
  now.length === proposed.length && new Set(proposed).size === proposed.length && proposed.every((id) => now.includes(id));

/** Whether staff reach a category: every calendar under it (at least one) is within their teams. */
export const categoryInReach = (
  staff: { role: StaffRole; teams: readonly string[] },
  calendarsUnder: readonly string[],
  teamsOf: (calendarId: string) => readonly string[],
): boolean => staff.role === 'admin' || (calendarsUnder.length > 0 && calendarsUnder.every((c) => inTeam(staff, teamsOf(c))));
