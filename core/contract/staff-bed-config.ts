/**
 * Staff configuring a bed ward (issue 58, spec 02 §3): its booking rule and its bed counts over
 * ranges of nights, read with the ward's version and saved under it. A save that sets nights
 * below the beds their stays hold answers those nights (`saved: false`) until sent confirmed.
 * The same save may carry the ward's beds: renamed, added (a new bedId) or removed.
 */
import * as z from 'zod/mini';
import { BED_RANGES_MAX } from '../rules/bed-ward-edits';
import { isoDateSchema } from './calendars';
import { defineEndpoint } from './define';
import { envelope } from './envelope';

const id = z.string().check(z.minLength(1), z.maxLength(200));

export const staffBedWardConfig = defineEndpoint({
  method: 'GET',
  path: '/bed-wards/:surveyId/config',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: z.object({ surveyId: id }),
  response: envelope(
    z.object({
      surveyId: z.string(),
      title: z.string(),
      version: z.number(),
      beds: z.number(),
      /** The ward's beds in their order; a bedId is fixed once saved. */
      bedList: z.array(z.object({ bedId: z.string(), bedName: z.string() })),
      reservationPossibleStart: z.number(),
      reservationCancelLimit: z.number(),
      /** From today on: runs of nights with the same count, and what the stays hold at most in each. */
      ranges: z.array(z.object({ from: z.string(), to: z.string(), beds: z.number(), held: z.number() })),
    }),
  ),
});

const saveAnswer = envelope(
  z.union([
    z.object({ saved: z.literal(true), version: z.number(), nights: z.number() }),
    z.object({ saved: z.literal(false), affected: z.array(z.object({ night: z.string(), held: z.number(), beds: z.number() })) }),
  ]),
);
export type BedWardSaveAnswer = z.infer<typeof saveAnswer>;

export const staffBedWardConfigSave = defineEndpoint({
  method: 'POST',
  path: '/bed-wards/:surveyId/config',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params: z.object({ surveyId: id }),
  body: z.object({
    version: z.number().check(z.int(), z.minimum(0)),
    reservationPossibleStart: z.number().check(z.int()),
    reservationCancelLimit: z.number().check(z.int()),
    /** Bed counts set over ranges of nights (a later range wins); nights not named keep theirs. */
    ranges: z.array(z.object({ from: isoDateSchema, to: isoDateSchema, beds: z.number().check(z.int()) })).check(z.maxLength(BED_RANGES_MAX)),
    /** The whole list of beds when it changes; absent: the beds stay as they are. Checked as the import checks them. */
    beds: z.optional(z.array(z.object({ bedId: z.string().check(z.maxLength(200)), bedName: z.string().check(z.maxLength(400)) })).check(z.maxLength(1000))),
    confirm: z.optional(z.boolean()),
  }),
  response: saveAnswer,
});
