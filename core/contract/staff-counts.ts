/**
 * The held counts' check and repair (issue 58): every slot and bed night whose stored count differs
 * from what its reservations make it (core/rules/held-counts.ts), and the repair that sets them
 * right. Admin only (the staffAction 'maintain'); the repair is audited as counts.repair.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope } from './envelope';

/** The most differences one answer lists (the count says how many there are in all). */
export const COUNT_DIFFERENCES_SHOWN = 1000;

export const countDifferenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('slot'), calendarId: z.string(), day: z.string(), slot: z.string(), stored: z.number(), actual: z.number() }),
  /** A ward is its bed form (`surveyId`). */
  z.object({ kind: z.literal('bedNight'), surveyId: z.string(), night: z.string(), stored: z.number(), actual: z.number() }),
]);
export type CountDifference = z.infer<typeof countDifferenceSchema>;

const countsAnswer = z.object({
  /** How many counters differ(ed) in all. */
  count: z.number(),
  /** The first COUNT_DIFFERENCES_SHOWN of them: slots in slot order, then bed nights by ward and night. */
  differences: z.array(countDifferenceSchema),
});

export const staffCountsCheck = defineEndpoint({
  method: 'GET',
  path: '/counts/check',
  api: 'staff',
  auth: 'staff',
  staffAction: 'maintain',
  response: envelope(countsAnswer),
});

/** Sets every differing count to what its reservations make it; answers what it changed. */
export const staffCountsRepair = defineEndpoint({
  method: 'POST',
  path: '/counts/repair',
  api: 'staff',
  auth: 'staff',
  staffAction: 'maintain',
  response: envelope(countsAnswer),
});
