/**
 * A calendar's own settings in the console (core/contract/staff-calendars.ts): read with its
 * version and what each coma holds from today on (read), and saved (configure) in one transaction
 * with its config.save audit row. A save removing comas that hold bookings answers them instead,
 * writing nothing but the audit row of that read of personal data.
 */
import { staffCalendarSettings, staffCalendarSettingsSave, type CalendarSettingsAnswer } from '@core/contract/staff-calendars';
import type { Calendar } from '@core/contract/calendars';
import { todayInTokyo } from '@core/ja/date-input';
import { refuse } from '@core/refusals';
import { removedComas } from '@core/rules/calendar-settings';
import type { RouteContext } from '../route-context';
import { findCalendar } from '../store/calendars';
import { calendarVersion } from '../store/slot-config';
import { heldFrom } from '../store/calendar-config';
import { requireReach } from '../staff/reach';
import { clientAddressOf } from '../staff/guard';
import type { StaffPrincipal } from '../staff/session';
import { recordAudit } from '../audit/record';
import { checkSettings, heldBookingsOf, saveSettings } from '../calendars/save-settings';

export const registerStaffCalendarSettingsRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  const calendarOf = async (staff: StaffPrincipal, calendarId: string): Promise<Calendar> => {
    await requireReach(store, staff, 'calendar', calendarId);
    const calendar = await findCalendar(store.db, calendarId);
    if (!calendar) throw refuse('calendar_not_found');
    return calendar;
  };

  ctx.route(staffCalendarSettings, async ({ staff, params }) => {
    const calendar = await calendarOf(staff, params.calendarId);
    const [version, held] = await Promise.all([calendarVersion(store.db, calendar.sortKey), heldFrom(store.db, calendar.sortKey, todayInTokyo().toString())]);
    const { sortKey, ...settings } = calendar;
    return { result: 'OK' as const, data: { calendarId: sortKey, version: version ?? 0, settings, held } };
  });

  ctx.route(staffCalendarSettingsSave, async ({ staff, params, body, c, commit }) => {
    const calendar = await calendarOf(staff, params.calendarId);
    const next = checkSettings(calendar.sortKey, body.settings);
    const today = todayInTokyo().toString();
    const from = { ip: clientAddressOf(c, config.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) };
    const held = await heldBookingsOf(store.db, staff, calendar, removedComas(calendar.comaList, next.comaList), today);
    if (held.length > 0) {
      // Not saved; but the bookings' names are a read of personal data, on record like the day sheet's.
      return commit(async (trx) => {
        await recordAudit(trx, {
          actor: { kind: 'staff', id: staff.id },
          action: 'answer.list',
          targets: { kind: 'answer', ids: held.flatMap((h) => h.bookings.map((b) => b.partitionKey)) },
          from,
          detail: { view: 'coma-removal', calendarId: calendar.sortKey },
        });
        const answer: CalendarSettingsAnswer = { result: 'OK', data: { saved: false, held } };
        return answer;
      });
    }
    const now = new Date();
    return commit(async (trx) => {
      const r = await saveSettings(trx, { next, version: body.version, today, now });
      await recordAudit(
        trx,
        {
          actor: { kind: 'staff', id: staff.id },
          action: 'config.save',
          targets: { kind: 'calendar', ids: [calendar.sortKey] },
          from,
          detail: { what: 'settings', version: r.version, changed: r.changed, comasRemoved: removedComas(calendar.comaList, next.comaList) },
        },
        now,
      );
      const answer: CalendarSettingsAnswer = { result: 'OK', data: { saved: true, version: r.version, changed: r.changed } };
      return answer;
    });
  });
};
