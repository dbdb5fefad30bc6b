/**
 * The day sheet's calls (core/contract/staff-day-sheet.ts): the calendars within reach, one
 * calendar's day (read, audited as answer.list: it shows people's names), and the arrival marks
 * (handle, each with its audit row in the mark's own transaction).
 */
import { staffArrivalMark, staffCalendars, staffDaySheet } from '@core/contract/staff-day-sheet';
import { todayInTokyo } from '@core/ja/date-input';
import { inTeam } from '@core/rules/staff';
import { refuse } from '@core/refusals';
import type { RouteContext } from '../route-context';
import { findCalendar, listCalendars } from '../store/calendars';
import { calendarCategories, deleteArrival, findArrival, liveBooking, putArrival } from '../store/day-sheet';
import { teamTargets } from '../store/teams';
import { requireReach } from '../staff/reach';
import { daySheetOf } from '../staff/day-sheet';
import { recordAudit } from '../audit/record';

export const registerStaffDaySheetRoutes = (ctx: RouteContext): void => {
  const { store } = ctx.deps;

  ctx.route(staffCalendars, async ({ staff }) => {
    const [calendars, teams, categories] = await Promise.all([listCalendars(store.db), teamTargets(store.db, 'calendar'), calendarCategories(store.db)]);
    const list = calendars
      .filter((c) => inTeam(staff, teams.get(c.sortKey) ?? []))
      .map((c) => ({
        calendarId: c.sortKey,
        name: c.calendarName ?? c.sortKey,
        categories: categories.filter((k) => k.calendar_id === c.sortKey).map((k) => [k.tag1, k.tag2, k.tag3].filter((t): t is string => t !== null && t !== '')),
        teams: teams.get(c.sortKey) ?? [],
      }));
    return { result: 'OK' as const, data: { calendars: list } };
  });

  ctx.route(staffDaySheet, async ({ staff, params, query, commit }) => {
    await requireReach(store, staff, 'calendar', params.calendarId);
    const calendar = await findCalendar(store.db, params.calendarId);
    if (!calendar) throw refuse('calendar_not_found');
    const day = query.date ?? todayInTokyo().toString();
    const sheet = await daySheetOf(store.db, staff, calendar, day);
    const count = sheet.slots.reduce((n, s) => n + s.bookings.length, 0);
    // Seeing who is booked is reading personal data: the trail says who looked at which day.
    return commit(async (trx) => {
      await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'answer.list', targets: { kind: 'calendar', ids: [calendar.sortKey] }, detail: { view: 'day-sheet', date: day, bookings: count } });
      return { result: 'OK' as const, data: sheet };
    });
  });

  ctx.route(staffArrivalMark, async ({ staff, params, body, commit }) => {
    await requireReach(store, staff, 'calendar', params.calendarId);
    return commit(async (trx) => {
      const booking = await liveBooking(trx, params.calendarId, body.partitionKey, body.itemKey);
      if (!booking) throw refuse('booking_not_found');
      const before = await findArrival(trx, body.partitionKey, body.itemKey);
      // A mark made for another day or slot (the booking was moved since) is no mark of this one.
      const from = before && before.day === booking.day && before.slot === booking.slot ? before.mark : null;
      const now = new Date();
      if (body.mark === null) await deleteArrival(trx, body.partitionKey, body.itemKey);
      else
        await putArrival(trx, {
          partition_key: body.partitionKey,
          item_key: body.itemKey,
          calendar_id: params.calendarId,
          day: booking.day,
          slot: booking.slot,
          mark: body.mark,
          marked_at: now.toISOString(),
          staff_id: staff.id,
        });
      await recordAudit(
        trx,
        {
          actor: { kind: 'staff', id: staff.id },
          action: 'answer.arrival',
          targets: { kind: 'answer', ids: [body.partitionKey] },
          detail: { calendarId: params.calendarId, itemKey: body.itemKey, day: booking.day, slot: booking.slot, from, to: body.mark },
        },
        now,
      );
      return { result: 'OK' as const, data: { arrival: body.mark === null ? null : { mark: body.mark, at: now.toISOString(), staffName: staff.name } } };
    });
  });
};
