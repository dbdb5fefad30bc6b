/**
 * The console's answers of a form (issue 57): the list, paged by keyset (a cursor of the sort
 * columns, so a page never repeats or skips an answer while new ones arrive), and one answer's
 * page. Both are reads with personal data: each request leaves an audit row.
 *
 * Query strings: a repeated key is a list. `item` is `itemKey|value` (an itemKey never holds `|`).
 */
import * as z from 'zod/mini';
import { checkStatusSchema } from './result-rows';
import { isoDateSchema } from './calendars';
import { paymentOrderSchema, paymentStatusSchema } from './payment';
import { defineEndpoint, queryInt } from './define';
import { envelope } from './envelope';

const surveyIdParam = z.string().check(z.minLength(1), z.maxLength(200));
const oneOrMany = <T extends z.ZodMiniType>(t: T) => z.optional(z.union([t, z.array(t).check(z.maxLength(50))]));

export const ANSWER_PAGE_MAX = 200;

export const answerListQuerySchema = z.object({
  status: oneOrMany(checkStatusSchema),
  /** Received on or after this Asia/Tokyo day, and on or before `to`. */
  from: z.optional(isoDateSchema),
  to: z.optional(isoDateSchema),
  /** A live reservation on this day. */
  reservationDay: z.optional(isoDateSchema),
  /** `itemKey|value` of a searchable item, folded as the lookup folds. */
  item: oneOrMany(z.string().check(z.minLength(3), z.maxLength(600))),
  /** Free text over the answers' values, folded (width, case, spaces, dashes). */
  text: z.optional(z.string().check(z.maxLength(200))),
  /** The items shown as columns (their display values come with each answer). */
  col: oneOrMany(z.string().check(z.minLength(1), z.maxLength(100))),
  order: z.optional(z.enum(['newest', 'oldest'])),
  cursor: z.optional(z.string().check(z.maxLength(1200))),
  limit: z.optional(z.pipe(queryInt(), z.number().check(z.minimum(1), z.maximum(ANSWER_PAGE_MAX)))),
});

export const answerFormItemSchema = z.object({
  itemKey: z.string(),
  title: z.string(),
  type: z.string(),
  isSearchable: z.boolean(),
  isAdminItem: z.boolean(),
});

export const answerSummarySchema = z.object({
  partitionKey: z.string(),
  answerCode: z.nullable(z.string()),
  status: checkStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The chosen columns' display values by itemKey (checkbox rows joined). */
  values: z.record(z.string(), z.string()),
});

export const staffFormAnswers = defineEndpoint({
  method: 'GET',
  path: '/forms/:surveyId/answers',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: z.object({ surveyId: surveyIdParam }),
  query: answerListQuerySchema,
  response: envelope(
    z.object({
      title: z.string(),
      items: z.array(answerFormItemSchema),
      columns: z.array(z.string()),
      answers: z.array(answerSummarySchema),
      /** The next page's cursor; null at the end. */
      next: z.nullable(z.string()),
    }),
  ),
});

const answerItemSchema = z.object({
  itemKey: z.string(),
  title: z.string(),
  type: z.string(),
  isAdminItem: z.boolean(),
  /** As stored, one per row. */
  values: z.array(z.string()),
  display: z.string(),
});

const answerFileSchema = z.object({ fileId: z.string(), itemKey: z.string(), name: z.string(), kind: z.string(), status: z.string() });

const historyEntrySchema = z.object({
  at: z.string(),
  /** created, updated, superseded (a 取り消し record this answer replaced), or an answer event's kind. */
  kind: z.string(),
  /** Who made it, when known (the rows' updated_at does not say who); name: a staff member's, as it was then. */
  actor: z.optional(z.object({ kind: z.enum(['resident', 'staff', 'system']), id: z.string(), name: z.optional(z.string()) })),
  partitionKey: z.optional(z.string()),
  answerCode: z.optional(z.nullable(z.string())),
  /** A status event's status before; `status` is the one after. */
  from: z.optional(z.string()),
  status: z.optional(z.string()),
  note: z.optional(z.string()),
});

export const answerPageSchema = z.object({
  surveyId: z.string(),
  title: z.string(),
  partitionKey: z.string(),
  userId: z.string(),
  answerCode: z.nullable(z.string()),
  status: checkStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  registrantName: z.string(),
  memberNumber: z.nullable(z.string()),
  items: z.array(answerItemSchema),
  reservation: z.nullable(
    z.object({ day: z.string(), slot: z.string(), time: z.nullable(z.string()), calendar: z.nullable(z.string()), categories: z.array(z.string()), live: z.boolean() }),
  ),
  order: z.nullable(
    z.object({
      orderId: z.string(),
      order: paymentOrderSchema,
      phase: z.nullable(z.string()),
      status: z.nullable(paymentStatusSchema),
      amountWithTax: z.number(),
      completedAt: z.nullable(z.string()),
      canceledAt: z.nullable(z.string()),
    }),
  ),
  files: z.array(answerFileSchema),
  history: z.array(historyEntrySchema),
  /** The LINE delivery ledger of this answer (server/line/): what was or will be sent, and how it went. */
  lineMessages: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      dueAt: z.string(),
      state: z.enum(['queued', 'sent', 'failed', 'void']),
      requestId: z.nullable(z.string()),
      reason: z.nullable(z.string()),
      updatedAt: z.string(),
    }),
  ),
});
export type AnswerPage = z.infer<typeof answerPageSchema>;

const answerParams = z.object({ surveyId: surveyIdParam, partitionKey: z.string().check(z.minLength(1), z.maxLength(400)) });

export const staffFormAnswer = defineEndpoint({
  method: 'GET',
  path: '/forms/:surveyId/answers/:partitionKey',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: answerParams,
  response: envelope(answerPageSchema),
});

/** A download URL for a file the answer names (the owner check, for staff of the form's team). */
export const staffAnswerFile = defineEndpoint({
  method: 'GET',
  path: '/forms/:surveyId/answers/:partitionKey/files/:fileId',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: z.extend(answerParams, { fileId: z.string().check(z.minLength(1), z.maxLength(200)) }),
  response: envelope(z.object({ url: z.string() })),
});
