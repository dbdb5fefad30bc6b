/**
 * Result groups of spec 01 §3: one answer of the result rows, with what its reservation's calendar
 * and category say (calendarInfo: the cancel limit and the slot times; categoryInfo: the category
 * row, tag1–tag3 = large, medium, small names), so a list can show and judge it without reading
 * each calendar again. Answered beside the rows by the lookup's filterQuery (survey.ts).
 */
import * as z from 'zod/mini';
import { comaSchema } from './calendars';
import { checkStatusSchema } from './result-rows';

export const groupCalendarInfoSchema = z.object({
  /** Days before the reservation day after which cancelling is refused; 0 = no limit (spec 02 §9). */
  reservationCancelLimit: z.number().check(z.int(), z.minimum(0)),
  /** The calendar's slots by slot key, as calendars/info answers them. */
  comaList: z.record(z.string(), comaSchema),
});

export const groupCategoryInfoSchema = z.object({
  sortKey: z.string(),
  tag1: z.string(),
  tag2: z.nullable(z.string()),
  tag3: z.nullable(z.string()),
});

export const resultGroupSchema = z.object({
  partitionKey: z.string(),
  answerCode: z.nullable(z.string()),
  check: checkStatusSchema,
  /** The answer's rows as item key and value (a checkbox answer: one field per value). */
  fields: z.array(z.object({ itemKey: z.string(), value: z.string() })),
  /** null: no reservation, or its calendar is no longer known. */
  calendarInfo: z.nullable(groupCalendarInfoSchema),
  /** null: no reservation, or it was made at a calendar id rather than a category. */
  categoryInfo: z.nullable(groupCategoryInfoSchema),
});
export type ResultGroup = z.infer<typeof resultGroupSchema>;
