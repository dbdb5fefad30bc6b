/**
 * The console's bed wards (issue 57, the day sheet's bed-ward part): the wards within reach, and
 * one ward's occupancy over a run of nights — each night's beds set and taken, the bed each stay
 * holds, and the stays themselves. A ward is its bed form (`surveyId`): the form's teams reach it.
 *
 * A night is the date a stay sleeps there: a stay of N nights from its admission day occupies
 * admission … admission + N − 1, and its discharge day is no night of it (core/rules/bed-stay.ts).
 */
import * as z from 'zod/mini';
import { checkStatusSchema } from './result-rows';
import { defineEndpoint, queryInt } from './define';
import { envelope } from './envelope';
import { isoDateSchema } from './calendars';
import { bedSchema } from './bed';

/** The nights shown when none are asked for, and the most one call answers (a month). */
export const WARD_NIGHTS_DEFAULT = 14;
export const WARD_NIGHTS_MAX = 31;

export const staffWardSchema = z.object({
  surveyId: z.string(),
  title: z.string(),
  /** How many beds the ward lists. */
  beds: z.number(),
  teams: z.array(z.string()),
});

export const wardStaySchema = z.object({
  partitionKey: z.string(),
  /** The form's name item (core/rules/name-item.ts), else the registrant. */
  name: z.string(),
  /** 受付番号: null, as a stay is stored without one (server/beds/write.ts). */
  answerCode: z.nullable(z.string()),
  startDate: z.string(),
  startSession: z.string(),
  endDate: z.string(),
  endSession: z.string(),
  status: checkStatusSchema,
  /** The bed the stay holds (select bed); null when its form chooses none. */
  bedId: z.nullable(z.string()),
});
export type WardStay = z.infer<typeof wardStaySchema>;

export const wardNightSchema = z.object({
  night: z.string(),
  /** Beds set for the night; null where the ward has no count (outside its span: none offered). */
  capacity: z.nullable(z.number()),
  /** Beds taken, as the resident calendar counts them. */
  held: z.number(),
  free: z.number(),
  /** Each bed of the ward (one place a night) and the stay holding it, or null. */
  beds: z.array(z.object({ bedId: z.string(), partitionKey: z.nullable(z.string()) })),
  /** Every stay sleeping there that night, those on a bed first (in the beds' order). */
  stays: z.array(z.string()),
});

export const wardNightsSchema = z.object({
  surveyId: z.string(),
  title: z.string(),
  from: z.string(),
  /** The last night shown. */
  to: z.string(),
  /** The form has a select bed item: its stays hold a bed each (else only a place of the count). */
  choosesBed: z.boolean(),
  /** The ward's beds, and any bed a stay holds that the ward no longer lists (named by its id). */
  beds: z.array(bedSchema),
  nights: z.array(wardNightSchema),
  /** The live stays sleeping there on at least one of the nights, by admission day. */
  stays: z.array(wardStaySchema),
});
export type WardNights = z.infer<typeof wardNightsSchema>;

export const staffBedWards = defineEndpoint({
  method: 'GET',
  path: '/bed-wards',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  response: envelope(z.object({ wards: z.array(staffWardSchema) })),
});

/** Nights from `from` (today in Asia/Tokyo without it), `nights` of them (14 without it). Cancelled stays are left out. */
export const staffWardNights = defineEndpoint({
  method: 'GET',
  path: '/bed-wards/:surveyId/nights',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: z.object({ surveyId: z.string().check(z.minLength(1), z.maxLength(200)) }),
  query: z.object({
    from: z.optional(isoDateSchema),
    nights: z.optional(z.pipe(queryInt(), z.number().check(z.minimum(1), z.maximum(WARD_NIGHTS_MAX)))),
  }),
  response: envelope(wardNightsSchema),
});
