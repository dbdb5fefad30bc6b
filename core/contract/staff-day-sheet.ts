/**
 * The staff day sheet (issue 57): the calendars within reach, a calendar's bookings of one day slot
 * by slot, and the counter's arrival marks (来院 / 未来院). Calls on one calendar name it
 * `calendarId` (its sortKey), which the handler checks against the person's teams.
 */
import * as z from 'zod/mini';
import { checkStatusSchema } from './result-rows';
import { defineEndpoint } from './define';
import { envelope } from './envelope';
import { isoDateSchema } from './calendars';

const id = z.string().check(z.minLength(1), z.maxLength(200));

/** 来院 (arrived) and 未来院 (no-show): what the counter marks on a booking. */
export const ARRIVAL_MARKS = ['arrived', 'noShow'] as const;
export const arrivalMarkSchema = z.enum(ARRIVAL_MARKS);
export type ArrivalMark = z.infer<typeof arrivalMarkSchema>;

export const arrivalSchema = z.object({
  mark: arrivalMarkSchema,
  at: z.string(),
  staffName: z.string(),
});

export const staffCalendarSchema = z.object({
  calendarId: z.string(),
  name: z.string(),
  /** The categories that hang at this calendar, each as its names from the top level down. */
  categories: z.array(z.array(z.string())),
  teams: z.array(z.string()),
});

export const dayBookingSchema = z.object({
  partitionKey: z.string(),
  itemKey: z.string(),
  surveyId: z.string(),
  surveyTitle: z.string(),
  /** The answer's name item (core/rules/name-item.ts), else the registrant. */
  name: z.string(),
  answerCode: z.nullable(z.string()),
  /** The booked category's names from the top level down, and the reservation item's name. */
  category: z.array(z.string()),
  itemName: z.string(),
  status: checkStatusSchema,
  /** A temporary save holding its slot until paid (or given back). */
  paymentPending: z.boolean(),
  arrival: z.nullable(arrivalSchema),
});
export type DayBooking = z.infer<typeof dayBookingSchema>;

export const daySlotSchema = z.object({
  slot: z.string(),
  start: z.string(),
  end: z.string(),
  quota: z.number(),
  /** Places held (the sum of the bookings' costs), as the resident calendar counts them. */
  held: z.number(),
  bookings: z.array(dayBookingSchema),
});
export type DaySlot = z.infer<typeof daySlotSchema>;

/** A form and reservation item a walk-in can be registered with on this calendar (admin mode). */
export const walkInSchema = z.object({
  surveyId: z.string(),
  surveyTitle: z.string(),
  categoryId: z.string(),
  itemId: z.string(),
  category: z.array(z.string()),
  itemName: z.string(),
  /** The URL parameter the form's reservation item prefills from (queryParam1–3); null: none declared. */
  param: z.nullable(z.string()),
});
export type WalkIn = z.infer<typeof walkInSchema>;

export const daySheetSchema = z.object({
  calendarId: z.string(),
  name: z.string(),
  date: z.string(),
  dayOff: z.boolean(),
  slots: z.array(daySlotSchema),
  walkIns: z.array(walkInSchema),
  /** This person may mark arrivals and register walk-ins (role handle). */
  canHandle: z.boolean(),
});
export type DaySheet = z.infer<typeof daySheetSchema>;

export const staffCalendars = defineEndpoint({
  method: 'GET',
  path: '/calendars',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  response: envelope(z.object({ calendars: z.array(staffCalendarSchema) })),
});

/** One day of a calendar; without `date`, today in Asia/Tokyo. Live bookings only: cancelled and superseded ones are left out. */
export const staffDaySheet = defineEndpoint({
  method: 'GET',
  path: '/calendars/:calendarId/day-sheet',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: z.object({ calendarId: id }),
  query: z.object({ date: z.optional(isoDateSchema) }),
  response: envelope(daySheetSchema),
});

/** Sets a booking's arrival mark, or clears it (mark null). */
export const staffArrivalMark = defineEndpoint({
  method: 'PUT',
  path: '/calendars/:calendarId/arrivals',
  api: 'staff',
  auth: 'staff',
  staffAction: 'handle',
  params: z.object({ calendarId: id }),
  body: z.object({ partitionKey: z.string().check(z.minLength(1), z.maxLength(500)), itemKey: id, mark: z.nullable(arrivalMarkSchema) }),
  response: envelope(z.object({ arrival: z.nullable(arrivalSchema) })),
});
