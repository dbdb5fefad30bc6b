/**
 * A calendar's slots in the console (core/contract/staff-slots.ts): the grid (read), and a save of
 * edits from the grid or a CSV (configure), each save one transaction with its config.save audit
 * row; refused, or answered with the held bookings it touches, it writes nothing.
 */
import { Temporal } from 'temporal-polyfill';
import type { Context } from 'hono';
import { staffSlotCsv, staffSlotGrid, staffSlotSave, type SlotSaveAnswer } from '@core/contract/staff-slots';
import type { Calendar } from '@core/contract/calendars';
import { todayInTokyo } from '@core/ja/date-input';
import { refuse } from '@core/refusals';
import { readSlotCsv } from '@core/rules/slot-csv';
import type { SlotEdits } from '@core/rules/slot-edits';
import type { RouteContext } from '../route-context';
import { findCalendar, scheduleOf } from '../store/calendars';
import { calendarVersion } from '../store/slot-config';
import { requireReach } from '../staff/reach';
import { clientAddressOf } from '../staff/guard';
import type { StaffPrincipal } from '../staff/session';
import { recordAudit } from '../audit/record';
import type { Commit } from '../idempotency';
import { affectedOf, checkEdits, conflictsBefore, saveSlots } from '../slots/save-slots';

export const registerStaffSlotRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  const calendarOf = async (staff: StaffPrincipal, calendarId: string): Promise<Calendar> => {
    await requireReach(store, staff, 'calendar', calendarId);
    const calendar = await findCalendar(store.db, calendarId);
    if (!calendar) throw refuse('calendar_not_found');
    return calendar;
  };

  ctx.route(staffSlotGrid, async ({ staff, params, query }) => {
    const calendar = await calendarOf(staff, params.calendarId);
    const from = Temporal.PlainDate.from(query.from);
    const to = from.add({ days: (query.days ?? 14) - 1 });
    const [schedule, version] = await Promise.all([scheduleOf(store.db, calendar, from.toString(), to.toString()), calendarVersion(store.db, calendar.sortKey)]);
    const days = [];
    for (let d = from; Temporal.PlainDate.compare(d, to) <= 0; d = d.add({ days: 1 })) {
      const day = d.toString();
      days.push({ day, dayOff: schedule.dayOff[day] === 1, slots: schedule.schedule[day] ?? {} });
    }
    return { result: 'OK' as const, data: { calendarId: calendar.sortKey, title: calendar.calendarName ?? calendar.sortKey, version: version ?? 0, comaList: calendar.comaList, days } };
  });

  /** One save, shared by the grid's and the CSV's calls. */
  const save = async (a: { staff: StaffPrincipal; c: Context; commit: Commit<SlotSaveAnswer>; calendar: Calendar; version: number; edits: SlotEdits; confirm: boolean; source: 'grid' | 'csv' }) => {
    const refusal = checkEdits(a.edits, a.calendar);
    if (refusal) throw refusal;
    const seen = await conflictsBefore(store.db, a.calendar.sortKey, a.edits);
    if (seen.length > 0 && !a.confirm) {
      // Nothing of the save is written, not even the version; but the bookings' names are a read of
      // personal data, on record like the day sheet's.
      const affected = await affectedOf(store.db, a.staff, a.calendar, seen);
      return a.commit(async (trx) => {
        await recordAudit(trx, {
          actor: { kind: 'staff', id: a.staff.id },
          action: 'answer.list',
          targets: { kind: 'answer', ids: affected.flatMap((x) => x.bookings.map((b) => b.partitionKey)) },
          from: { ip: clientAddressOf(a.c, config.trustProxy), userAgent: a.c.req.header('user-agent')?.slice(0, 300) },
          detail: { view: 'slot-conflicts', calendarId: a.calendar.sortKey },
        });
        const answer: SlotSaveAnswer = { result: 'OK', data: { saved: false, affected } };
        return answer;
      });
    }
    const now = new Date();
    return a.commit(async (trx) => {
      const r = await saveSlots(trx, { calendar: a.calendar, version: a.version, edits: a.edits, confirm: a.confirm, seen, now });
      if (!r.saved) throw refuse('slots_changed_meanwhile');
      await recordAudit(
        trx,
        {
          actor: { kind: 'staff', id: a.staff.id },
          action: 'config.save',
          targets: { kind: 'calendar', ids: [a.calendar.sortKey] },
          from: { ip: clientAddressOf(a.c, config.trustProxy), userAgent: a.c.req.header('user-agent')?.slice(0, 300) },
          detail: { what: 'slots', source: a.source, version: r.version, quotas: a.edits.quotas.length, dayOffsAdded: a.edits.dayOffs.add, dayOffsRemoved: a.edits.dayOffs.remove, confirmedHeld: seen.length },
        },
        now,
      );
      const answer: SlotSaveAnswer = { result: 'OK', data: { saved: true, version: r.version, changed: r.changed } };
      return answer;
    });
  };

  ctx.route(staffSlotSave, async ({ staff, params, body, c, commit }) => {
    const calendar = await calendarOf(staff, params.calendarId);
    return save({ staff, c, commit, calendar, version: body.version, edits: { quotas: body.quotas, dayOffs: body.dayOffs }, confirm: body.confirm === true, source: 'grid' });
  });

  ctx.route(staffSlotCsv, async ({ staff, params, body, c, commit }) => {
    const calendar = await calendarOf(staff, params.calendarId);
    const { edits, problems } = readSlotCsv(body.csv, Object.keys(calendar.comaList), todayInTokyo());
    if (problems.length > 0) throw refuse('slots_csv_invalid', undefined, { issues: problems.slice(0, 100).map((p) => ({ path: `${p.line}行目`, message: p.message })) });
    return save({ staff, c, commit, calendar, version: body.version, edits, confirm: body.confirm === true, source: 'csv' });
  });
};
