/**
 * Staff edits of a calendar's slots (issue 58): quotas per day and slot, 臨時休業 (a day off added)
 * and 臨時営業 (a day off removed). Stated once for the console and the server: the limits, what
 * an edit set may hold, and which edits touch bookings already held, which staff confirm first
 * (the bookings stay; the slot shows full). Pure; the server re-checks every edit it is sent.
 */
import { Temporal } from 'temporal-polyfill';

/** The most places one slot may offer, and edits one save may carry (a month of a busy calendar). */
export const SLOT_QUOTA_MAX = 9999;
export const SLOT_EDITS_MAX = 5000;
/** How far from today a save may reach: the calendar's whole bookable span and more. */
export const SLOT_EDIT_DAYS = 400;

/** A slot's quota on a day; null removes the slot (only one that holds no booking). */
export interface QuotaEdit {
  day: string;
  slot: string;
  quota: number | null;
}

export interface SlotEdits {
  quotas: QuotaEdit[];
  /** Days made days off (臨時休業) and days off taken back (臨時営業). */
  dayOffs: { add: string[]; remove: string[] };
}

/** What a slot holds now, by `day|slot`, and the day offs now: what the edits are checked against. */
export interface SlotState {
  held: ReadonlyMap<string, number>;
  dayOffs: ReadonlySet<string>;
}

export const slotRef = (day: string, slot: string): string => `${day}|${slot}`;

/** The edits' own problems, as catalogue codes with where: unknown slot, quota out of range, a day twice, out of span. */
export type SlotEditProblem =
  | { kind: 'unknownSlot'; day: string; slot: string }
  | { kind: 'badQuota'; day: string; slot: string }
  | { kind: 'twice'; day: string; slot?: string }
  | { kind: 'outOfSpan'; day: string };

export const problemsOfEdits = (edits: SlotEdits, slotKeys: readonly string[], today: Temporal.PlainDate): SlotEditProblem[] => {
  const problems: SlotEditProblem[] = [];
  const keys = new Set(slotKeys);
  const first = today.subtract({ days: SLOT_EDIT_DAYS });
  const last = today.add({ days: SLOT_EDIT_DAYS });
  const inSpan = (day: string) => Temporal.PlainDate.compare(Temporal.PlainDate.from(day), first) >= 0 && Temporal.PlainDate.compare(Temporal.PlainDate.from(day), last) <= 0;
  const seen = new Set<string>();
  for (const q of edits.quotas) {
    if (!inSpan(q.day)) problems.push({ kind: 'outOfSpan', day: q.day });
    if (!keys.has(q.slot)) problems.push({ kind: 'unknownSlot', day: q.day, slot: q.slot });
    if (q.quota !== null && (!Number.isInteger(q.quota) || q.quota < 0 || q.quota > SLOT_QUOTA_MAX)) problems.push({ kind: 'badQuota', day: q.day, slot: q.slot });
    const ref = slotRef(q.day, q.slot);
    if (seen.has(ref)) problems.push({ kind: 'twice', day: q.day, slot: q.slot });
    seen.add(ref);
  }
  const days = new Set<string>();
  for (const day of [...edits.dayOffs.add, ...edits.dayOffs.remove]) {
    if (!inSpan(day)) problems.push({ kind: 'outOfSpan', day });
    if (days.has(day)) problems.push({ kind: 'twice', day });
    days.add(day);
  }
  return problems;
};

/** An edit that touches what residents hold: a quota below it, a day off over it, a held slot removed. */
export interface HeldConflict {
  day: string;
  /** The slot, or null for a day off over the day's bookings. */
  slot: string | null;
  held: number;
  /** The new quota (null: the slot removed, or a day off). */
  quota: number | null;
}

/** Conflicts a save must confirm (a removed slot that holds bookings is refused instead: `removesHeld`). */
export const heldConflicts = (edits: SlotEdits, state: SlotState): HeldConflict[] => {
  const out: HeldConflict[] = [];
  for (const q of edits.quotas) {
    const held = state.held.get(slotRef(q.day, q.slot)) ?? 0;
    if (q.quota !== null && held > q.quota) out.push({ day: q.day, slot: q.slot, held, quota: q.quota });
  }
  for (const day of edits.dayOffs.add) {
    if (state.dayOffs.has(day)) continue;
    let held = 0;
    for (const [ref, n] of state.held) if (ref.startsWith(`${day}|`)) held += n;
    if (held > 0) out.push({ day, slot: null, held, quota: null });
  }
  return out;
};

/** A removed slot that holds bookings: refused, since its bookings would point at nothing (set 0 instead). */
export const removesHeld = (edits: SlotEdits, state: SlotState): QuotaEdit | null =>
  edits.quotas.find((q) => q.quota === null && (state.held.get(slotRef(q.day, q.slot)) ?? 0) > 0) ?? null;

/** A weekly rule's edits: `quotas` (slot → places) on the given ISO weekdays from `from` to `to`, both included. */
export const weeklyEdits = (rule: { weekdays: readonly number[]; quotas: Readonly<Record<string, number>>; from: string; to: string }): QuotaEdit[] => {
  const out: QuotaEdit[] = [];
  const to = Temporal.PlainDate.from(rule.to);
  for (let d = Temporal.PlainDate.from(rule.from); Temporal.PlainDate.compare(d, to) <= 0 && out.length < SLOT_EDITS_MAX; d = d.add({ days: 1 })) {
    if (!rule.weekdays.includes(d.dayOfWeek)) continue;
    for (const [slot, quota] of Object.entries(rule.quotas)) out.push({ day: d.toString(), slot, quota });
  }
  return out;
};
