/**
 * Calls of spec 01 §7: survey results here; survey configs (survey-configs.ts) and sign-in
 * (login.ts) in their own files, re-exported so this stays the one import for all of them.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope, errorAnswerSchema } from './envelope';
import { answerRowInputSchema, checkStatusSchema, resultRowSchema } from './result-rows';
import { paymentOrderSchema } from './payment';
import { resultGroupSchema } from './result-groups';

export {
  CHECK_STATUSES,
  MAX_VALUE_LENGTH,
  answerRowInputSchema,
  checkStatusSchema,
  resultRowSchema,
  type AnswerRowInput,
  type CheckStatus,
  type ResultRow,
} from './result-rows';
export { resultGroupSchema, type ResultGroup } from './result-groups';
export * from './survey-configs';
export * from './login';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const surveyIdQuery = z.object({ surveyId: id });
const rowsAnswer = envelope(z.array(resultRowSchema));

export const surveyResultsQuery = defineEndpoint({
  method: 'POST',
  path: '/survey-results/query',
  auth: 'required',
  body: surveyIdQuery,
  response: rowsAnswer,
});

/**
 * Rows sent beside the answer's own (spec 01 §7 putItem subData). The spec names them and says no
 * more; they are kept with the answer as sent (item key, value, title) and answered back, never
 * read as the form's answers, so the form's validators do not apply to them.
 */
export const subDataRowSchema = z.object({
  itemKey: z.string(),
  value: z.string(),
  title: z.optional(z.string()),
});
export type SubDataRow = z.infer<typeof subDataRowSchema>;

/** One answer's rows, with what was kept beside them (putItem's subData and order). */
export const partitionAnswerSchema = z.union([
  z.object({
    result: z.literal('OK'),
    data: z.array(resultRowSchema),
    needRefresh: z.optional(z.boolean()),
    subData: z.optional(z.array(subDataRowSchema)),
    order: z.optional(paymentOrderSchema),
  }),
  errorAnswerSchema,
]);

export const surveyResultsByPartitionKey = defineEndpoint({
  method: 'GET',
  path: '/survey-results/getBySurveyIdPartitionKeyIndex',
  auth: 'required',
  query: z.object({ surveyId: id, partitionKey: z.string().check(z.minLength(1), z.maxLength(400)) }),
  response: partitionAnswerSchema,
});

export const surveyResultsByUser = defineEndpoint({
  method: 'GET',
  path: '/survey-results/getBySurveyIdUserIdIndex',
  auth: 'required',
  query: surveyIdQuery,
  response: rowsAnswer,
});

/** spec 01 §7 putItem's `type`: whether the submission started an answer or changed a stored one. */
export const PUT_ITEM_TYPES = ['new', 'amend'] as const;

export const putItemAnswerSchema = z.union([
  z.object({
    result: z.literal('OK'),
    partitionKey: z.string(),
    answercode: z.nullable(z.string()),
    /** Always sent; optional for answers an outbox stored before the field existed. */
    type: z.optional(z.enum(PUT_ITEM_TYPES)),
    needRefresh: z.optional(z.boolean()),
    data: z.array(resultRowSchema),
    /** Kept with the answer: sent now or, for an amend that sent none, the amended answer's. */
    subData: z.optional(z.array(subDataRowSchema)),
    /** The purchase the answer carries (spec 02 §3 payment order), without the fields only the server sets. */
    order: z.optional(paymentOrderSchema),
  }),
  errorAnswerSchema,
]);

/**
 * Which answer the rows write is read from their partition keys and the revoke payload:
 * server/answers/partition-key.ts says how, with the spec's readings chosen there.
 */
export const surveyResultsPutItem = defineEndpoint({
  method: 'POST',
  path: '/survey-results/putItem',
  auth: 'required',
  kiosk: true,
  idempotent: true,
  body: z.object({
    data: z.array(answerRowInputSchema).check(z.minLength(1), z.maxLength(2000)),
    subData: z.optional(z.array(answerRowInputSchema).check(z.maxLength(2000))),
    /** Spec 02 §4: a purchase paid in cash or costing nothing (a card payment goes through temprary). */
    order: z.optional(z.nullable(paymentOrderSchema)),
    /** The config version the client rendered; an older one answers needRefresh. */
    configVersion: z.optional(z.number().check(z.int())),
    /** Amending: the spec's revoke payload (the old record to mark 取り消し). */
    surveyId: z.optional(id),
    items: z.optional(z.array(z.object({ partitionKey: z.string().check(z.maxLength(400)) })).check(z.maxLength(2000))),
    checkStatus: z.optional(checkStatusSchema),
  }),
  response: putItemAnswerSchema,
});

export const surveyResultsCancelItem = defineEndpoint({
  method: 'POST',
  path: '/survey-results/cancelItem',
  auth: 'required',
  idempotent: true,
  body: z.object({ surveyId: id, partitionKey: z.string().check(z.minLength(1), z.maxLength(400)), userId: z.optional(z.string()) }),
  response: envelope(z.object({ partitionKey: z.string(), check: checkStatusSchema })),
});

export const surveyResultsDeleteItem = defineEndpoint({
  method: 'DELETE',
  path: '/survey-results/deleteItem',
  auth: 'required',
  idempotent: true,
  query: z.object({ surveyId: id, partitionKey: z.string().check(z.minLength(1), z.maxLength(400)) }),
  response: envelope(z.object({ deleted: z.number().check(z.int()) })),
});

export const surveyResultsPutUserId = defineEndpoint({
  method: 'POST',
  path: '/survey-results/putUserId',
  auth: 'required',
  idempotent: true,
  body: z.object({
    userId: z.optional(z.string()),
    keys: z
      .array(z.object({ partitionKey: z.string().check(z.minLength(1)), sortKey: z.string().check(z.minLength(1)) }))
      .check(z.minLength(1), z.maxLength(500)),
  }),
  response: envelope(z.object({ updated: z.number().check(z.int()) })),
});

export const surveyResultsFilterQuery = defineEndpoint({
  method: 'POST',
  path: '/survey-results/filterQuery',
  auth: 'required',
  body: z.object({
    queryParams: z.object({
      surveyId: id,
      /** Searchable item values to match exactly, by itemKey. */
      conditions: z._default(z.record(z.string(), z.string().check(z.maxLength(1000))), {}),
    }),
    requestingUserId: z.optional(z.string()),
  }),
  /**
   * The rows, and the same answers as result groups (spec 01 §3; result-groups.ts). The server
   * always sends groups; optional so a client reading only the rows needs none.
   */
  response: z.union([
    z.object({
      result: z.literal('OK'),
      data: z.array(resultRowSchema),
      groups: z.optional(z.array(resultGroupSchema)),
      needRefresh: z.optional(z.boolean()),
    }),
    errorAnswerSchema,
  ]),
});
