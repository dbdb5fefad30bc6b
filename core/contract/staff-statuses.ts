/**
 * Staff changing answers' statuses (issue 57): one answer or many of a form (the console's bulk
 * change on a filtered set), all or nothing, with an optional note. What each status does is
 * core/rules/status-effects.ts; a status staff may not set, an ended answer, or a キャンセル whose
 * paid order cannot be refunded is refused with its reason and changes nothing.
 */
import * as z from 'zod/mini';
import { CHECK_STATUSES } from './result-rows';
import { answerListQuerySchema } from './staff-answers';
import { defineEndpoint } from './define';
import { envelope } from './envelope';

/** How many answers one call may change: a page of the console's filtered set at most. */
export const STATUS_CHANGE_MAX = 1000;
export const STATUS_NOTE_MAX = 500;

export const staffAnswersStatus = defineEndpoint({
  method: 'POST',
  path: '/forms/:surveyId/answers/status',
  api: 'staff',
  auth: 'staff',
  staffAction: 'handle',
  params: z.object({ surveyId: z.string().check(z.minLength(1), z.maxLength(200)) }),
  body: z.object({
    partitionKeys: z.array(z.string().check(z.minLength(1), z.maxLength(300))).check(z.minLength(1), z.maxLength(STATUS_CHANGE_MAX)),
    status: z.enum(CHECK_STATUSES),
    note: z.optional(z.string().check(z.maxLength(STATUS_NOTE_MAX))),
  }),
  /** changed: how many answers took the new status (those already in it are not counted). */
  response: envelope(z.object({ changed: z.number() })),
});

/**
 * The keys of every answer the list's filter matches, for a bulk change on the filtered set: at
 * most STATUS_CHANGE_MAX, and `more` when the filter matches more than that (narrow it first).
 * The change then names exactly the answers counted in its confirmation.
 */
export const staffAnswerKeys = defineEndpoint({
  method: 'GET',
  path: '/forms/:surveyId/answers/keys',
  api: 'staff',
  auth: 'staff',
  staffAction: 'handle',
  params: z.object({ surveyId: z.string().check(z.minLength(1), z.maxLength(200)) }),
  query: z.omit(answerListQuerySchema, { col: true, cursor: true, limit: true }),
  response: envelope(z.object({ partitionKeys: z.array(z.string()), more: z.boolean() })),
});
