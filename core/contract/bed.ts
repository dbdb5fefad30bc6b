/**
 * Bed reservation calls of spec 02 §7: multi-night stays claimed night by night, the user's stay
 * history, remaining beds per day and the booking rule (how far ahead, until when cancellable).
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope } from './envelope';
import { answerRowInputSchema, checkStatusSchema, resultRowSchema } from './result-rows';
import { dateRangeQuery } from './calendars';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const surveyIdParams = z.object({ surveyId: id });

/** "YYYY-MM-DD 午前" / "YYYY-MM-DD 午後": a day and the session of arrival or departure. */
export const DATE_WITH_SESSION_PATTERN = /^\d{4}-\d{2}-\d{2}( (午前|午後))?$/;

export const bedReservationSchema = z.object({
  partitionKey: z.string(),
  /** Stored as extra rows of the answer. */
  startDate: z.string().check(z.regex(DATE_WITH_SESSION_PATTERN)),
  endDate: z.string().check(z.regex(DATE_WITH_SESSION_PATTERN)),
  fields: z.array(z.object({ itemKey: z.string(), value: z.string() })),
  check: checkStatusSchema,
  updatedAt: z.string(),
});
export type BedReservation = z.infer<typeof bedReservationSchema>;

export const bedRemainingSchema = z.object({ date: z.string(), bedRemaining: z.number().check(z.int(), z.minimum(0)) });

export const bookingBedRuleSchema = z.object({
  /** Days from today before the first bookable admission day (edit mode is exempt). */
  reservationPossibleStart: z.number().check(z.int(), z.minimum(0)),
  /** Cancel or change only while the start date is at least this many days away. */
  reservationCancelLimit: z.number().check(z.int(), z.minimum(0)),
});

/** A bed of the ward (spec 02 §3): the select bed item's choices; its value is the bedId. */
export const bedSchema = z.object({ bedId: z.string(), bedName: z.string() });

const bedRows = z.array(answerRowInputSchema).check(z.minLength(1), z.maxLength(2000));

/** The stay's rows as saved, for the finish screen and the outbox replay answer. */
const savedAnswer = envelope(z.object({ partitionKey: z.string(), data: z.array(resultRowSchema) }));

/** Changes a stay: the rows carry the partitionKey of the answer they replace. */
export const bedReservationUpdate = defineEndpoint({
  method: 'PUT',
  path: '/bed-reservation/:surveyId',
  auth: 'required',
  idempotent: true,
  params: surveyIdParams,
  body: z.object({
    data: bedRows.check(z.refine((rows) => rows.some((r) => r.partitionKey), {
      message: '変更する予約の partitionKey がありません',
    })),
  }),
  response: savedAnswer,
});

/**
 * Cancels a stay and gives its nights back. The spec shows no path for it (§7 lists only the
 * writes above); this one sits beside them and answers the stay's rows, check キャンセル.
 */
export const bedReservationCancel = defineEndpoint({
  method: 'POST',
  path: '/bed-reservation/:surveyId/cancel',
  auth: 'required',
  idempotent: true,
  params: surveyIdParams,
  body: z.object({ partitionKey: z.string().check(z.minLength(1), z.maxLength(400)) }),
  response: savedAnswer,
});

export const bedReservationCreate = defineEndpoint({
  method: 'POST',
  path: '/bed-reservation/:surveyId',
  auth: 'required',
  idempotent: true,
  params: surveyIdParams,
  body: z.object({ data: bedRows }),
  response: savedAnswer,
});

/** userId is in the spec's path, but only the signed-in user's own history is answered. */
export const bedReservationHistory = defineEndpoint({
  method: 'GET',
  path: '/bed-reservation/:userId/:surveyId/bookingBedHistory',
  auth: 'required',
  params: z.object({ userId: id, surveyId: id }),
  response: envelope(z.array(bedReservationSchema)),
});

export const bedReservationCalendar = defineEndpoint({
  method: 'GET',
  path: '/bed-reservation/:surveyId/calendarBookingBeds',
  auth: 'required',
  params: surveyIdParams,
  query: dateRangeQuery('startDate', 'endDate'),
  response: envelope(z.array(bedRemainingSchema)),
});

/**
 * The ward's beds, for the select bed item (the spec names the Bed entity but no call for it:
 * this one sits beside the rule). Public like the rule: the same for every resident.
 */
export const bedReservationBeds = defineEndpoint({
  method: 'GET',
  path: '/bed-reservation/:surveyId/beds',
  auth: 'required',
  params: surveyIdParams,
  response: envelope(z.array(bedSchema)),
});

export const bedReservationRule = defineEndpoint({
  method: 'GET',
  path: '/bed-reservation/:surveyId/getRuleBookingBed',
  auth: 'required',
  params: surveyIdParams,
  response: envelope(bookingBedRuleSchema),
});
