/**
 * Member calls of spec 02 §7: member form configs (a survey config plus its linked forms), the
 * member's own result rows, and the member-number (saiban) existence checks.
 * Member putItem and cancelItem take a bare list of rows, as the spec shows, unlike survey putItem.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope, errorAnswerSchema } from './envelope';
import { MAX_VALUE_LENGTH, answerRowInputSchema, checkStatusSchema, resultRowSchema } from './result-rows';
import { servedSurveyConfigSchema } from '../form/survey-config';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const partitionKey = z.string().check(z.minLength(1), z.maxLength(400));

/**
 * Linked forms are survey ids; their titles come from surveyConfigsList, which the member-linked
 * list loads anyway to render the results.
 */
export const memberConfigSchema = z.extend(servedSurveyConfigSchema, {
  linkedForms: z._default(z.array(z.string()), []),
});
export type MemberConfig = z.output<typeof memberConfigSchema>;

/** originalValue keeps the number a member row had, so an update can exclude it from the check. */
export const memberResultRowSchema = z.extend(resultRowSchema, { originalValue: z.optional(z.nullable(z.string())) });
export type MemberResultRow = z.infer<typeof memberResultRowSchema>;

export const memberRowInputSchema = z.extend(answerRowInputSchema, { originalValue: z.optional(z.string().check(z.maxLength(200))) });

/**
 * A member number as typed or generated: up to 7 half-width alphanumerics by hand, 11 digits
 * automatic (4-digit sub id + 7-digit number). The width conversion happens before sending.
 */
export const saibanSchema = z.string().check(z.minLength(1), z.maxLength(11), z.regex(/^[0-9A-Za-z]+$/, '半角英数字で入力してください'));

const memberRowsAnswer = envelope(z.array(memberResultRowSchema));
const saibanAnswer = z.union([
  z.object({ result: z.literal('OK'), saibanExistFlag: z.boolean() }),
  errorAnswerSchema,
]);

export const memberConfigsGetItem = defineEndpoint({
  method: 'GET',
  path: '/member-configs/getItem',
  auth: 'required',
  query: z.object({ memberSurveyId: id }),
  response: envelope(memberConfigSchema),
});

export const memberConfigsGetAllSearchable = defineEndpoint({
  method: 'GET',
  path: '/member-configs/getAllSearchable',
  auth: 'required',
  response: envelope(z.array(memberConfigSchema)),
});

export const memberResultsByUser = defineEndpoint({
  method: 'GET',
  path: '/member-results/getByUserId',
  auth: 'required',
  query: z.object({ surveyId: id }),
  response: memberRowsAnswer,
});

export const memberResultsQuery = defineEndpoint({
  method: 'POST',
  path: '/member-results/query',
  auth: 'required',
  body: z.object({ surveyId: id }),
  response: memberRowsAnswer,
});

/** Answers the saved rows: an automatic member number is only known after the server claims it. */
export const memberResultsPutItem = defineEndpoint({
  method: 'POST',
  path: '/member-results/putItem',
  auth: 'required',
  idempotent: true,
  body: z.array(memberRowInputSchema).check(z.minLength(1), z.maxLength(2000)),
  response: memberRowsAnswer,
});

export const memberResultsCancelItem = defineEndpoint({
  method: 'POST',
  path: '/member-results/cancelItem',
  auth: 'required',
  idempotent: true,
  body: z.array(z.extend(memberRowInputSchema, { partitionKey })).check(z.minLength(1), z.maxLength(2000)),
  response: envelope(z.object({ updated: z.number().check(z.int()) })),
});

export const memberResultsPutUserId = defineEndpoint({
  method: 'POST',
  path: '/member-results/putUserId',
  auth: 'required',
  idempotent: true,
  body: z.object({
    userId: z.optional(z.string().check(z.maxLength(200))),
    keys: z
      .array(z.object({ partitionKey, sortKey: z.string().check(z.minLength(1), z.maxLength(MAX_VALUE_LENGTH + 200)) }))
      .check(z.minLength(1), z.maxLength(500)),
  }),
  response: envelope(z.object({ updated: z.number().check(z.int()) })),
});

export const memberResultsFilterQuery = defineEndpoint({
  method: 'POST',
  path: '/member-results/filterQuery',
  auth: 'required',
  body: z.object({
    queryParams: z.object({
      surveyId: id,
      /** Searchable item values to match exactly, by itemKey (already converted to half-width). */
      conditions: z._default(
        z
          .record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(1000)))
          .check(z.refine((c) => Object.keys(c).length <= 100, { message: '検索条件が多すぎます' })),
        {},
      ),
    }),
    requestingUserId: z.optional(z.string().check(z.maxLength(200))),
  }),
  response: memberRowsAnswer,
});

export const memberResultsDeleteItem = defineEndpoint({
  method: 'DELETE',
  path: '/member-results/deleteItem',
  auth: 'required',
  idempotent: true,
  query: z.object({ surveyId: id, partitionKey }),
  response: envelope(z.object({ deleted: z.number().check(z.int()) })),
});

/** The server accepts only the transitions a resident may make on their own record. */
export const memberResultsUpdateCheck = defineEndpoint({
  method: 'POST',
  path: '/member-results/updateCheck',
  auth: 'required',
  idempotent: true,
  body: z.object({ surveyId: id, partitionKey, check: checkStatusSchema }),
  response: envelope(z.object({ partitionKey: z.string(), check: checkStatusSchema })),
});

export const memberResultsCheckSaibanExist = defineEndpoint({
  method: 'GET',
  path: '/member-results/checkSaibanExist',
  auth: 'required',
  query: z.object({ memberSurveyId: id, saiban: saibanSchema }),
  response: saibanAnswer,
});

/** The member's current number does not count as taken. */
export const memberResultsCheckSaibanExistForUpdate = defineEndpoint({
  method: 'GET',
  path: '/member-results/checkSaibanExistForUpdate',
  auth: 'required',
  query: z.object({ memberSurveyId: id, saiban: saibanSchema, saibanOriginal: saibanSchema }),
  response: saibanAnswer,
});
