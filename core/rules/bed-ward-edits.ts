/**
 * A bed ward's configuration as staff change it in the console (issue 58): bed counts over ranges
 * of nights, and which nights a change leaves below the beds stays already hold (shown, saved
 * only when confirmed: the stays keep their beds, the night shows full), as the slots save does
 * (core/rules/slot-edits.ts). Pure; the server re-checks what it is sent.
 */
import { Temporal } from 'temporal-polyfill';

/** The most nights one range may cover, and ranges one save may carry. */
export const BED_RANGE_DAYS = 400;
export const BED_RANGES_MAX = 50;

export interface BedRange {
  from: string;
  to: string;
  beds: number;
}

/** Each night's bed count; a later range wins over an earlier one. null when a range runs backwards or is too long. */
export const nightsOfRanges = (ranges: readonly BedRange[]): Map<string, number> | null => {
  const out = new Map<string, number>();
  for (const r of ranges) {
    const from = Temporal.PlainDate.from(r.from);
    const to = Temporal.PlainDate.from(r.to);
    const days = from.until(to, { largestUnit: 'days' }).days;
    if (days < 0 || days >= BED_RANGE_DAYS) return null;
    for (let d = from; Temporal.PlainDate.compare(d, to) <= 0; d = d.add({ days: 1 })) out.set(d.toString(), r.beds);
  }
  return out;
};

export interface BedConflict {
  night: string;
  held: number;
  beds: number;
}

/** Nights set below the beds their stays hold. */
export const bedConflicts = (nights: ReadonlyMap<string, number>, held: ReadonlyMap<string, number>): BedConflict[] =>
  [...nights]
    .filter(([night, beds]) => (held.get(night) ?? 0) > beds)
    .map(([night, beds]) => ({ night, held: held.get(night) ?? 0, beds }))
    .sort((a, b) => (a.night < b.night ? -1 : 1));

/**
 * A change of the ward's bed list moves the nights at full strength with it: a night from today
 * whose count is the old number of beds gets the new number; a night set otherwise (a bed under
 * repair, a closed ward) keeps its count. The save's ranges win over this (docs/SPEC-NOTES.md).
 */
export const nightsFollowingBeds = (nights: readonly { night: string; capacity: number }[], oldBeds: number, newBeds: number): Map<string, number> =>
  new Map(oldBeds === newBeds ? [] : nights.filter((n) => n.capacity === oldBeds).map((n) => [n.night, newBeds]));

/** The ids of the old list a new list leaves out: the beds a save removes. */
export const removedBedIds = (old: readonly { bedId: string }[], next: readonly { bedId: string }[]): string[] => {
  const kept = new Set(next.map((b) => b.bedId));
  return old.map((b) => b.bedId).filter((id) => !kept.has(id));
};
