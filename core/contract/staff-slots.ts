/**
 * Staff configuring a calendar's slots (issue 58): the grid of quotas and held places over a run
 * of days with the day offs, and a save of edits (the grid's, a weekly rule's or a CSV's) under
 * the calendar's version, so two staff members' saves never overwrite each other unseen. A save
 * that touches held bookings answers them (`saved: false`) until it is sent again confirmed.
 */
import * as z from 'zod/mini';
import { SLOT_EDITS_MAX, SLOT_QUOTA_MAX } from '../rules/slot-edits';
import { comaSchema, isoDateSchema, slotKeySchema } from './calendars';
import { defineEndpoint, queryInt } from './define';
import { envelope } from './envelope';

const id = z.string().check(z.minLength(1), z.maxLength(200));

/** The most days one grid read covers (a month and a little). */
export const SLOT_GRID_DAYS = 42;

export const slotGridSchema = z.object({
  calendarId: z.string(),
  title: z.string(),
  /** Bumped by every save: a save names the version it was made on. */
  version: z.number(),
  comaList: z.record(slotKeySchema, comaSchema),
  days: z.array(
    z.object({
      day: isoDateSchema,
      dayOff: z.boolean(),
      /** slot key → [quota, held]; a slot without a row is not offered that day. */
      slots: z.record(slotKeySchema, z.tuple([z.number(), z.number()])),
    }),
  ),
});

export const staffSlotGrid = defineEndpoint({
  method: 'GET',
  path: '/calendars/:calendarId/slots',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: z.object({ calendarId: id }),
  query: z.object({ from: isoDateSchema, days: z.optional(z.pipe(queryInt(), z.number().check(z.minimum(1), z.maximum(SLOT_GRID_DAYS)))) }),
  response: envelope(slotGridSchema),
});

const quotaEditSchema = z.object({
  day: isoDateSchema,
  slot: slotKeySchema,
  quota: z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(SLOT_QUOTA_MAX))),
});

const dayListSchema = z.array(isoDateSchema).check(z.maxLength(SLOT_GRID_DAYS * 10));

/** A held booking a save would leave over its slot's quota or on a day off. */
const affectedSchema = z.object({
  day: z.string(),
  slot: z.nullable(z.string()),
  held: z.number(),
  quota: z.nullable(z.number()),
  bookings: z.array(z.object({ partitionKey: z.string(), surveyId: z.string(), name: z.string(), answerCode: z.nullable(z.string()) })),
});

const saveAnswer = envelope(
  z.union([z.object({ saved: z.literal(true), version: z.number(), changed: z.number() }), z.object({ saved: z.literal(false), affected: z.array(affectedSchema) })]),
);
export type SlotSaveAnswer = z.infer<typeof saveAnswer>;

export const staffSlotSave = defineEndpoint({
  method: 'POST',
  path: '/calendars/:calendarId/slots',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params: z.object({ calendarId: id }),
  body: z.object({
    version: z.number().check(z.int(), z.minimum(0)),
    quotas: z.array(quotaEditSchema).check(z.maxLength(SLOT_EDITS_MAX)),
    dayOffs: z.object({ add: dayListSchema, remove: dayListSchema }),
    /** Saves what touches held bookings, after staff saw them. */
    confirm: z.optional(z.boolean()),
  }),
  response: saveAnswer,
});

/** A slot CSV (core/rules/slot-csv.ts): read whole, refused with every problem by line, else saved as the grid's edits are. */
export const staffSlotCsv = defineEndpoint({
  method: 'POST',
  path: '/calendars/:calendarId/slots/csv',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params: z.object({ calendarId: id }),
  body: z.object({ version: z.number().check(z.int(), z.minimum(0)), csv: z.string().check(z.maxLength(400_000)), confirm: z.optional(z.boolean()) }),
  response: saveAnswer,
});
