/**
 * What is still free after a slot was lost to someone faster (quota_exceeded): the bookable slots
 * of the freshly read schedule nearest the lost one — the same day first, in time order, then the
 * days after, then the days before — so the refusal can offer them at once, with no reload.
 */
import { Temporal } from 'temporal-polyfill';
import type { Coma, Schedule } from '@core/contract/calendars';
import { hasSlotStarted, type BookableWindow } from '@core/rules/reservation-window';
import { slotInfoOf, type SlotChoice } from './calendar-view';
import { sortSlotKeys } from './dates';

export interface FreeSlot extends SlotChoice {
  remaining: number;
}

export const nearestFreeSlots = (
  schedule: Schedule,
  window: BookableWindow,
  cost: number,
  comaList: Readonly<Record<string, Coma>>,
  lost: SlotChoice,
  limit: number,
  /** Now in Asia/Tokyo: today's slots that have started are not offered (as the calendar shows them). */
  clock: { date: Temporal.PlainDate; time: Temporal.PlainTime },
): FreeSlot[] => {
  const slots = sortSlotKeys(Object.keys(comaList));
  const days = Object.keys(schedule.schedule)
    .flatMap((iso) => {
      try {
        return [Temporal.PlainDate.from(iso)];
      } catch {
        return [];
      }
    })
    .sort((a, b) => {
      const da = a.since(lost.date).days;
      const db = b.since(lost.date).days;
      // 0, then 1, 2, … after, then −1, −2, … before.
      const rank = (d: number) => (d >= 0 ? d * 2 : -d * 2 + 1);
      return rank(da) - rank(db);
    });
  const out: FreeSlot[] = [];
  for (const date of days) {
    for (const slot of slots) {
      if (date.equals(lost.date) && slot === lost.slot) continue;
      const info = slotInfoOf(schedule, window, cost, date, slot);
      if (info.state === 'active' && !hasSlotStarted(date, comaList[slot]?.start, clock)) out.push({ date, slot, remaining: info.remaining });
      if (out.length >= limit) return out;
    }
  }
  return out;
};
