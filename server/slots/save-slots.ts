/**
 * A console save of a calendar's slots (issue 58): the edits checked (core/rules/slot-edits.ts),
 * then, in one transaction, the calendar's version taken from the one the editor saw to the next
 * (a stale save is refused and writes nothing), the quotas set and the days marked, each locked
 * row answering what it holds. Edits that touch held bookings are answered first, with the
 * bookings, and written only when the save comes again confirmed; the bookings stay either way.
 */
import type { Kysely, Transaction } from 'kysely';
import { refuse, type Refusal } from '@core/refusals';
import type { Calendar } from '@core/contract/calendars';
import type { SlotSaveAnswer } from '@core/contract/staff-slots';
import { todayInTokyo } from '@core/ja/date-input';
import { jaSlotCsv } from '@core/ja/slot-csv';
import { heldConflicts, problemsOfEdits, removesHeld, slotRef, type HeldConflict, type SlotEdits } from '@core/rules/slot-edits';
import type { Database } from '../store/schema';
import { addDayOffs, dayOffsBetween } from '../store/calendars';
import { bumpVersion, lockDays, removeDayOffs, removeSlots, setQuotas } from '../store/slot-config';
import { daySheetOf } from '../staff/day-sheet';
import type { StaffPrincipal } from '../staff/session';

type Db = Kysely<Database> | Transaction<Database>;
type Affected = Extract<Extract<SlotSaveAnswer, { result: 'OK' }>['data'], { saved: false }>['affected'][number];

const daysOf = (edits: SlotEdits): string[] => [...new Set([...edits.quotas.map((q) => q.day), ...edits.dayOffs.add, ...edits.dayOffs.remove])].sort();

/** The edits' own problems as one refusal, the first few named. */
export const checkEdits = (edits: SlotEdits, calendar: Calendar, today = todayInTokyo()): Refusal | null => {
  const problems = problemsOfEdits(edits, Object.keys(calendar.comaList), today);
  if (problems.length === 0) return null;
  return refuse('slots_invalid', undefined, {
    issues: problems.slice(0, 20).map((p) => ({ path: 'slot' in p && p.slot !== undefined ? `${p.day}|${p.slot}` : p.day, message: jaSlotCsv.edits[p.kind] })),
  });
};

/** What the edits' days hold now, by slot, and their day offs: read inside the save's transaction, rows locked. */
const stateOf = async (trx: Transaction<Database>, calendarId: string, edits: SlotEdits) => {
  const days = daysOf(edits);
  const rows = await lockDays(trx, calendarId, days);
  const held = new Map(rows.map((r) => [slotRef(r.day, r.slot), r.reserved]));
  const first = days[0];
  const last = days.at(-1);
  const offs = first && last ? await dayOffsBetween(trx, calendarId, first, last) : [];
  return { held, dayOffs: new Set(offs) };
};

/** The bookings behind each conflict, as the day sheet names them. */
export const affectedOf = async (db: Db, staff: StaffPrincipal, calendar: Calendar, conflicts: readonly HeldConflict[]): Promise<Affected[]> => {
  const sheets = new Map<string, Awaited<ReturnType<typeof daySheetOf>>>();
  const out: Affected[] = [];
  for (const c of conflicts) {
    const sheet = sheets.get(c.day) ?? (await daySheetOf(db, staff, calendar, c.day));
    sheets.set(c.day, sheet);
    const bookings = sheet.slots.filter((s) => c.slot === null || s.slot === c.slot).flatMap((s) => s.bookings);
    out.push({ ...c, bookings: bookings.map((b) => ({ partitionKey: b.partitionKey, surveyId: b.surveyId, name: b.name, answerCode: b.answerCode })) });
  }
  return out;
};

const sameConflicts = (a: readonly HeldConflict[], b: readonly HeldConflict[]) =>
  JSON.stringify(a.map((c) => [c.day, c.slot, c.held])) === JSON.stringify(b.map((c) => [c.day, c.slot, c.held]));

/**
 * Saves the edits in `trx`. Unconfirmed, a save that touches held bookings writes nothing and
 * answers them; `seen` are the conflicts read before the transaction, so a booking that came in
 * meanwhile is not saved over unseen.
 */
export const saveSlots = async (
  trx: Transaction<Database>,
  a: { calendar: Calendar; version: number; edits: SlotEdits; confirm: boolean; seen: readonly HeldConflict[]; now: Date },
): Promise<{ saved: true; version: number; changed: number } | { saved: false; conflicts: HeldConflict[] }> => {
  const id = a.calendar.sortKey;
  if (!(await bumpVersion(trx, id, a.version, a.now.toISOString()))) throw refuse('calendar_stale');
  const state = await stateOf(trx, id, a.edits);
  const removal = removesHeld(a.edits, state);
  if (removal) throw refuse('slot_removal_held', { day: removal.day, slot: removal.slot });
  const conflicts = heldConflicts(a.edits, state);
  if (conflicts.length > 0 && !a.confirm) {
    if (!sameConflicts(conflicts, a.seen)) throw refuse('slots_changed_meanwhile');
    return { saved: false, conflicts };
  }
  const set = a.edits.quotas.filter((q): q is typeof q & { quota: number } => q.quota !== null);
  await setQuotas(trx, id, set);
  const kept = await removeSlots(trx, id, a.edits.quotas.filter((q) => q.quota === null));
  if (kept[0]) throw refuse('slot_removal_held', kept[0]);
  await addDayOffs(trx, a.edits.dayOffs.add.filter((d) => !state.dayOffs.has(d)).map((day) => ({ calendar_id: id, day })));
  const back = a.edits.dayOffs.remove.filter((d) => state.dayOffs.has(d));
  await removeDayOffs(trx, id, back);
  return { saved: true, version: a.version + 1, changed: a.edits.quotas.length + a.edits.dayOffs.add.length + back.length };
};

/** The conflicts as they stand before the save's transaction: what an unconfirmed save answers. */
export const conflictsBefore = async (db: Db, calendarId: string, edits: SlotEdits): Promise<HeldConflict[]> => {
  const days = daysOf(edits);
  if (days.length === 0) return [];
  const rows = await db.selectFrom('slots').select(['day', 'slot', 'reserved']).where('calendar_id', '=', calendarId).where('day', 'in', days).execute();
  const offs = await dayOffsBetween(db, calendarId, days[0] as string, days.at(-1) as string);
  return heldConflicts(edits, { held: new Map(rows.map((r) => [slotRef(r.day, r.slot), Number(r.reserved)])), dayOffs: new Set(offs) });
};

