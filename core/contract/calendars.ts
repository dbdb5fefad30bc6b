/**
 * Calendar reservation calls of spec 02 §7: calendars, their schedules and day-offs, the category
 * tree that leads to a calendar, reservation items, and the pre-submit reservation check.
 * Answer entities follow survey.ts: request fields are bounded (the server refuses oversize input
 * with 400), answer fields are not (they were bounded on their way in, or written by operators).
 */
import * as z from 'zod/mini';
import { Temporal } from 'temporal-polyfill';
import { defineEndpoint } from './define';
import { envelope, errorAnswerSchema } from './envelope';
import { paymentProductSchema } from './payment';
import { RESERVATION_VALUE_PATTERN } from '../rules/reservation-value';
import { remindersSchema } from '../messages/config-schema';

export { RESERVATION_VALUE_PATTERN };

const id = z.string().check(z.minLength(1), z.maxLength(200));
const zeroOne = z.literal([0, 1]);

const isRealDate = (s: string): boolean => {
  try {
    Temporal.PlainDate.from(s);
    return true;
  } catch {
    return false;
  }
};

/** A calendar day as the spec writes it; 2024-02-30 is refused rather than rolled into March. */
export const isoDateSchema = z
  .string()
  .check(z.maxLength(10), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD で指定してください'), z.refine(isRealDate, '存在しない日付です'));

/** Whole days from `from` to `to` (negative when reversed); both must already be valid dates. */
export const daysBetween = (from: string, to: string): number =>
  Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days;

/**
 * The widest range one read may ask for. A year and a little covers every screen (months shown,
 * reservationPossibleMonths + 1, the 14-day day-off look-ahead) while a 2000–2099 range, which
 * would make the server build a schedule of tens of thousands of days, is refused.
 */
export const MAX_RANGE_DAYS = 400;

/**
 * A query object with a `from`–`to` day range (plus any other fields): `to` must be on or after
 * `from` and within MAX_RANGE_DAYS. Built whole because zod refuses to extend a refined object.
 */
export const dateRangeQuery = <F extends string, T extends string, S extends z.core.$ZodShape = Record<never, z.ZodMiniType>>(
  from: F,
  to: T,
  extra?: S,
) =>
  z
    .object({
      ...(extra ?? ({} as S)),
      ...({ [from]: isoDateSchema, [to]: isoDateSchema } as Record<F | T, typeof isoDateSchema>),
    })
    .check(
      z.superRefine((q, ctx) => {
        const a = (q as Record<string, unknown>)[from];
        const b = (q as Record<string, unknown>)[to];
        // Field issues do not stop this refinement from running, and Temporal throws on bad dates.
        if (typeof a !== 'string' || typeof b !== 'string' || !isRealDate(a) || !isRealDate(b)) return;
        const span = daysBetween(a, b);
        if (span < 0) ctx.addIssue({ code: 'custom', path: [to], message: `${to} は ${from} 以降の日付にしてください` });
        else if (span > MAX_RANGE_DAYS)
          ctx.addIssue({ code: 'custom', path: [to], message: `期間は ${MAX_RANGE_DAYS} 日以内にしてください` });
      }),
    );

/** Slot keys are the keys of comaList; the reservation value's third part names one. */
export const slotKeySchema = z.string().check(z.minLength(1), z.maxLength(50));

export const comaSchema = z.object({ start: z.string(), end: z.string() });
export type Coma = z.infer<typeof comaSchema>;

/** Reservation control type 0 checks the day only; 1 and 2 also apply the from–to range (§5). */
export const reservationControlTypeSchema = z.literal([0, 1, 2]);

export const calendarSchema = z.object({
  sortKey: z.string(),
  /** /calendar without an id opens a calendar by a default name (spec 02 §2); not in the §3 list. */
  calendarName: z.optional(z.string()),
  /** 1 = the calendar takes no reservations (現在予約を受け付けておりません). */
  calendarOff: zeroOne,
  comaList: z.record(z.string(), comaSchema),
  /** Days before the reservation day after which cancelling is refused; 0 = no limit (§9). */
  reservationCancelLimit: z._default(z.number().check(z.int(), z.minimum(0)), 1),
  /**
   * The spec names the field without a type; read as the first day reservations are accepted
   * (null = no such day), since the relative offset has its own field, reservationPossibleStart.
   */
  reservationStart: z._default(z.nullable(z.string()), null),
  /** Days from today before the first bookable day. */
  reservationPossibleStart: z._default(z.number().check(z.int(), z.minimum(0)), 0),
  reservationPossibleMonths: z._default(z.number().check(z.int(), z.minimum(0)), 0),
  /** null = no per-user limit over the range (likewise per day). */
  reservationMaxCount: z._default(z.nullable(z.number().check(z.int(), z.minimum(0))), null),
  reservationMaxCountOfDay: z._default(z.nullable(z.number().check(z.int(), z.minimum(0))), null),
  reservationControlType: z._default(reservationControlTypeSchema, 0),
  startDate: z._default(z.nullable(z.string()), null),
  /** Far-future default of spec 02 §9. */
  endDate: z._default(z.string(), '2099-12-31'),
  /** Issue 59: the booking reminders of this calendar; absent or empty = the form's (remindersOf). */
  reminders: z.optional(remindersSchema),
});
export type Calendar = z.output<typeof calendarSchema>;

/** [quota, reservations] of one slot. Reservations may exceed a quota an operator lowered later. */
export const slotCountSchema = z.tuple([z.number().check(z.int(), z.minimum(0)), z.number().check(z.int(), z.minimum(0))]);
export type SlotCount = z.infer<typeof slotCountSchema>;

export const scheduleSchema = z.object({
  schedule: z.record(isoDateSchema, z.record(slotKeySchema, slotCountSchema)),
  /** 1 = day off. */
  dayOff: z.record(isoDateSchema, zeroOne),
  comaList: z.record(slotKeySchema, comaSchema),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** A category row (large/medium/small = tag1/tag2/tag3), as result groups carry it (spec 01 §3). */
export const categorySchema = z.object({
  sortKey: z.string(),
  tag1: z.string(),
  tag2: z._default(z.nullable(z.string()), null),
  tag3: z._default(z.nullable(z.string()), null),
  /** Only categories at which a calendar hangs can be booked. */
  calendarId: z._default(z.nullable(z.string()), null),
});
export type Category = z.output<typeof categorySchema>;

export interface CategoryNode {
  id: string;
  name: string;
  children: CategoryNode[];
  calendarId: string | null;
}
export const categoryNodeSchema: z.ZodMiniType<CategoryNode> = z.object({
  id: z.string(),
  name: z.string(),
  get children() {
    return z.array(categoryNodeSchema);
  },
  calendarId: z.nullable(z.string()),
});

/** Labels of the three category levels; null = the default label (大分類, 中分類, 小分類). */
export const tagLabelsSchema = z.object({
  tag1: z.nullable(z.string()),
  tag2: z.nullable(z.string()),
  tag3: z.nullable(z.string()),
});
export type TagLabels = z.infer<typeof tagLabelsSchema>;

export const reservationItemSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  categoryId: z.string(),
  /** Quota units one booking takes: a slot is full when fewer than this remain. */
  cost: z._default(z.number().check(z.int(), z.minimum(1)), 1),
  /** Not offered any more (hidden by staff); listed so a booking of it still shows its name. */
  hidden: z.optional(z.boolean()),
});
export type ReservationItem = z.output<typeof reservationItemSchema>;

/**
 * The spec does not show this answer. These are the defaults it names (§9) as operator overrides;
 * null = the default text.
 */
export const calendarDisplaySettingsSchema = z.object({
  defaultView: z._default(z.enum(['week', 'month']), 'week'),
  reservationTimeLabel: z._default(z.nullable(z.string()), null),
  noReservationLabel: z._default(z.nullable(z.string()), null),
  cancelledLabel: z._default(z.nullable(z.string()), null),
});
export type CalendarDisplaySettings = z.output<typeof calendarDisplaySettingsSchema>;

export const reservationValueSchema = z.string().check(z.maxLength(500), z.regex(RESERVATION_VALUE_PATTERN));

export const calendarsGetCalendars = defineEndpoint({
  method: 'GET',
  path: '/calendars/getCalendars',
  auth: 'required',
  kiosk: true,
  office: true,
  response: envelope(z.array(calendarSchema)),
});

export const calendarsSchedule = defineEndpoint({
  method: 'GET',
  path: '/calendars/schedule/:id',
  auth: 'optional',
  kiosk: true,
  office: true,
  params: z.object({ id }),
  query: dateRangeQuery('start_day', 'end_day'),
  response: envelope(scheduleSchema),
});

export const calendarsCategory = defineEndpoint({
  method: 'GET',
  path: '/calendars/categories/:id',
  auth: 'required',
  kiosk: true,
  office: true,
  params: z.object({ id }),
  response: envelope(categorySchema),
});

export const calendarsCategories = defineEndpoint({
  method: 'GET',
  path: '/calendars/categories',
  auth: 'optional',
  kiosk: true,
  office: true,
  query: z.object({
    tag1: z.optional(z.string().check(z.maxLength(200))),
    tag2: z.optional(z.string().check(z.maxLength(200))),
    tag3: z.optional(z.string().check(z.maxLength(200))),
  }),
  response: envelope(z.array(categorySchema)),
});

export const calendarsCategoriesTree = defineEndpoint({
  method: 'GET',
  path: '/calendars/categories_tree',
  auth: 'optional',
  kiosk: true,
  office: true,
  response: envelope(z.array(categoryNodeSchema)),
});

export const calendarsTagLabels = defineEndpoint({
  method: 'GET',
  path: '/calendars/tag_labels',
  auth: 'optional',
  kiosk: true,
  office: true,
  response: envelope(tagLabelsSchema),
});

/** `id` is a category id or a calendar id: reservation values carry either (spec 02 §3). */
export const calendarsInfo = defineEndpoint({
  method: 'GET',
  path: '/calendars/info/:id',
  auth: 'optional',
  kiosk: true,
  office: true,
  params: z.object({ id }),
  response: envelope(calendarSchema),
});

/** The client treats a failed call as reservable (spec 02 §7), so false must be an OK answer. */
export const calendarsCanBeReserve = defineEndpoint({
  method: 'GET',
  path: '/calendars/canBeReserve/:id',
  auth: 'optional',
  kiosk: true,
  office: true,
  params: z.object({ id }),
  response: envelope(z.object({ canBeReserve: z.boolean() })),
});

export const calendarsItemInfo = defineEndpoint({
  method: 'GET',
  path: '/calendars/item_info/:id',
  auth: 'optional',
  kiosk: true,
  office: true,
  params: z.object({ id }),
  response: envelope(z.array(reservationItemSchema)),
});

/**
 * Products a reservation item is sold as; their reservationPaymentItemId links order lines. `{id}`
 * is a category. A form sells one service (core/rules/order.ts): `serviceId` narrows the list to
 * that service's products; without it every service's are listed.
 */
export const calendarsReservationPaymentProducts = defineEndpoint({
  method: 'GET',
  path: '/calendars/reservation-payment-products/:id',
  auth: 'required',
  kiosk: true,
  office: true,
  params: z.object({ id }),
  query: z.object({ serviceId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))) }),
  response: envelope(z.array(paymentProductSchema)),
});

export const calendarsDisplaySettings = defineEndpoint({
  method: 'GET',
  path: '/calendars/display_settings',
  auth: 'optional',
  kiosk: true,
  office: true,
  response: envelope(calendarDisplaySettingsSchema),
});

/** Day-offs in a range lengthen the cancel deadline (spec 02 §9). The spec does not show the path. */
export const calendarsDayOffCount = defineEndpoint({
  method: 'GET',
  path: '/calendars/day-off-count',
  auth: 'required',
  kiosk: true,
  office: true,
  query: dateRangeQuery('fromDate', 'toDate', { categoryId: id }),
  response: envelope(z.object({ count: z.number().check(z.int(), z.minimum(0)) })),
});

export const checkReservationBodySchema = z.object({
  surveyId: id,
  itemKey: id,
  /** Accepted for the spec's shape; the count is always of the signed-in user's reservations. */
  userId: z.optional(z.string().check(z.maxLength(200))),
  /** null with dayCheckOnly (control type 0). */
  from: z.optional(z.nullable(isoDateSchema)),
  to: z.optional(z.nullable(isoDateSchema)),
  targetDay: isoDateSchema,
  maxCount: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(100_000)))),
  maxCountOfDay: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(100_000)))),
  dayCheckOnly: z._default(z.boolean(), false),
  /** When amending, the answer being replaced, so it does not count against the limits. */
  partitionKey: z.optional(z.nullable(z.string().check(z.maxLength(400)))),
});

/** A refused check keeps its detail: the client shows "{errorMessage}（{checkDetail}）" (§8). */
export const surveyResultsCheckReservation = defineEndpoint({
  method: 'POST',
  path: '/survey-results/checkReservation',
  auth: 'required',
  kiosk: true,
  office: true,
  body: checkReservationBodySchema,
  response: z.union([
    z.object({ result: z.literal('OK'), checkDetail: z.optional(z.nullable(z.string())) }),
    z.extend(errorAnswerSchema, { checkDetail: z.optional(z.nullable(z.string())) }),
  ]),
});
