/**
 * Staff configuring a calendar's own settings (issue 58, spec 02 §3): its comaList and booking
 * rules, read with the calendar's version and saved under it, the same version the slots save
 * takes (core/contract/staff-slots.ts), so a settings save and a slots save never overwrite each
 * other unseen. A save that removes a coma holding bookings from today on is not saved: it answers
 * those bookings (`saved: false`), and cannot be confirmed.
 */
import * as z from 'zod/mini';
import { COMA_MAX } from '../rules/calendar-settings';
import { calendarSchema, comaSchema, slotKeySchema } from './calendars';
import { defineEndpoint } from './define';
import { envelope } from './envelope';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const label = z.string().check(z.maxLength(20));
const day = z.nullable(z.string().check(z.maxLength(10)));

/** What staff may set: the calendar less its id; strings bounded on the way in. */
export const calendarSettingsSchema = z.extend(z.omit(calendarSchema, { sortKey: true }), {
  calendarName: z.optional(z.string().check(z.maxLength(100))),
  comaList: z.record(slotKeySchema, z.object({ start: label, end: label })).check(z.refine((r) => Object.keys(r).length <= COMA_MAX)),
  reservationStart: z._default(day, null),
  startDate: z._default(day, null),
  endDate: z._default(z.string().check(z.maxLength(10)), '2099-12-31'),
  // Only bounded here: the save checks them as the import does (checkCalendar), so staff get its problems by path.
  reminders: z.optional(z.array(z.record(z.string().check(z.maxLength(20)), z.union([z.number(), z.string().check(z.maxLength(20))]))).check(z.maxLength(20))),
});
export type CalendarSettings = z.output<typeof calendarSettingsSchema>;

export const staffCalendarSettings = defineEndpoint({
  method: 'GET',
  path: '/calendars/:calendarId/settings',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: z.object({ calendarId: id }),
  response: envelope(
    z.object({
      calendarId: z.string(),
      version: z.number(),
      settings: z.extend(z.omit(calendarSchema, { sortKey: true }), { comaList: z.record(slotKeySchema, comaSchema) }),
      /** Places held from today on, by coma: a coma holding any cannot be removed. */
      held: z.record(slotKeySchema, z.number()),
    }),
  ),
});

const settingsAnswer = envelope(
  z.union([
    z.object({ saved: z.literal(true), version: z.number(), changed: z.array(z.string()) }),
    z.object({
      saved: z.literal(false),
      /** Removed comas that hold bookings, each with its bookings (the first days of them). */
      held: z.array(
        z.object({
          slot: z.string(),
          bookings: z.array(z.object({ day: z.string(), partitionKey: z.string(), surveyId: z.string(), name: z.string(), answerCode: z.nullable(z.string()) })),
        }),
      ),
    }),
  ]),
);
export type CalendarSettingsAnswer = z.infer<typeof settingsAnswer>;

export const staffCalendarSettingsSave = defineEndpoint({
  method: 'POST',
  path: '/calendars/:calendarId/settings',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params: z.object({ calendarId: id }),
  body: z.object({ version: z.number().check(z.int(), z.minimum(0)), settings: calendarSettingsSchema }),
  response: settingsAnswer,
});
