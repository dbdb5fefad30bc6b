/**
 * A console save of a calendar's own settings (issue 58): checked as the import checks a calendar
 * (forms/calendar-bundle.ts checkCalendar), then in one transaction the calendar's version taken
 * from the one the editor saw to the next (shared with the slots save: a stale save of either is
 * refused and writes nothing), the slots of removed comas dropped from today on, and the JSON
 * written. A removed coma holding bookings from today on is refused: its bookings would point at
 * a slot the calendar no longer has.
 */
import type { Kysely, Transaction } from 'kysely';
import { refuse } from '@core/refusals';
import type { Calendar } from '@core/contract/calendars';
import type { CalendarSettings, CalendarSettingsAnswer } from '@core/contract/staff-calendars';
import { changedSettings, removedComas } from '@core/rules/calendar-settings';
import type { Database } from '../store/schema';
import { findCalendar } from '../store/calendars';
import { bumpVersion } from '../store/slot-config';
import { dropComaSlots, heldDays, writeCalendarConfig } from '../store/calendar-config';
import { checkCalendar } from '../forms/calendar-bundle';
import { daySheetOf } from '../staff/day-sheet';
import type { StaffPrincipal } from '../staff/session';

type Db = Kysely<Database> | Transaction<Database>;
type Held = Extract<Extract<CalendarSettingsAnswer, { result: 'OK' }>['data'], { saved: false }>['held'][number];

/** The most days of bookings a refused removal lists. */
const HELD_DAYS_SHOWN = 10;

/** The settings as a calendar, or the import's problems as one refusal. */
export const checkSettings = (calendarId: string, settings: CalendarSettings): Calendar => {
  const r = checkCalendar({ ...settings, sortKey: calendarId });
  if (!r.calendar) throw refuse('calendar_settings_invalid', undefined, { issues: r.problems.slice(0, 20) });
  return r.calendar;
};

/** The bookings of removed comas from `today` on, as the day sheet names them (the first days of them). */
export const heldBookingsOf = async (db: Db, staff: StaffPrincipal, calendar: Calendar, slots: readonly string[], today: string): Promise<Held[]> => {
  const out = new Map<string, Held>();
  for (const day of await heldDays(db, calendar.sortKey, slots, today, HELD_DAYS_SHOWN)) {
    const sheet = await daySheetOf(db, staff, calendar, day);
    for (const s of sheet.slots) {
      if (!slots.includes(s.slot) || s.bookings.length === 0) continue;
      const held = out.get(s.slot) ?? { slot: s.slot, bookings: [] };
      held.bookings.push(...s.bookings.map((b) => ({ day, partitionKey: b.partitionKey, surveyId: b.surveyId, name: b.name, answerCode: b.answerCode })));
      out.set(s.slot, held);
    }
  }
  return [...out.values()];
};

/** Saves `next` in `trx` under `version`; answers the new version and the settings changed. */
export const saveSettings = async (trx: Transaction<Database>, a: { next: Calendar; version: number; today: string; now: Date }): Promise<{ version: number; changed: string[] }> => {
  const id = a.next.sortKey;
  if (!(await bumpVersion(trx, id, a.version, a.now.toISOString()))) throw refuse('calendar_stale');
  const before = await findCalendar(trx, id);
  if (!before) throw refuse('calendar_not_found');
  const kept = await dropComaSlots(trx, id, removedComas(before.comaList, a.next.comaList), a.today);
  if (kept[0]) throw refuse('coma_removal_held', { slot: kept[0].slot });
  await writeCalendarConfig(trx, a.next, a.now.toISOString());
  return { version: a.version + 1, changed: changedSettings({ ...before }, { ...a.next }) };
};
