/** Calls of spec 01 §7: survey configs, survey results, login and the post-login tap redirect. */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope, errorAnswerSchema } from './envelope';
import { servedSurveyConfigSchema } from '../form/survey-config';

export const CHECK_STATUSES = ['未対応', '対応中', '対応済', '完了', '保留', 'キャンセル', '変更あり', '取り消し', 'NG'] as const;
export const checkStatusSchema = z.enum(CHECK_STATUSES);
export type CheckStatus = z.infer<typeof checkStatusSchema>;

/** The longest value one row may hold; larger is refused whole (no item type needs more). */
export const MAX_VALUE_LENGTH = 20_000;
const id = z.string().check(z.minLength(1), z.maxLength(200));

/** A stored result row (spec 01 §3), as the server answers it. */
export const resultRowSchema = z.object({
  surveyId: z.string(),
  userId: z.string(),
  partitionKey: z.string(),
  sortKey: z.string(),
  itemKey: z.string(),
  value: z.string(),
  title: z.string(),
  type: z.string(),
  check: checkStatusSchema,
  userSearchKey: z.nullable(z.string()),
  isLiffMode: z.boolean(),
  registrantName: z.string(),
  userName: z.nullable(z.string()),
  clinicAttributes: z.nullable(z.string()),
  answerCode: z.nullable(z.string()),
  isAppending: z.boolean(),
  status: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

/** A row as the client sends it. userId is accepted for the spec's shape but never trusted. */
export const answerRowInputSchema = z.object({
  surveyId: id,
  itemKey: id,
  value: z.string().check(z.maxLength(MAX_VALUE_LENGTH)),
  title: z.optional(z.string().check(z.maxLength(1000))),
  partitionKey: z.optional(z.string().check(z.maxLength(400))),
  sortKey: z.optional(z.string().check(z.maxLength(MAX_VALUE_LENGTH + 200))),
  userId: z.optional(z.string().check(z.maxLength(200))),
  type: z.optional(z.string().check(z.maxLength(50))),
  userName: z.optional(z.string().check(z.maxLength(200))),
  registrantName: z.optional(z.string().check(z.maxLength(200))),
  clinicAttributes: z.optional(z.string().check(z.maxLength(500))),
  isLiffMode: z.optional(z.boolean()),
});
export type AnswerRowInput = z.infer<typeof answerRowInputSchema>;

const surveyIdQuery = z.object({ surveyId: id });
const rowsAnswer = envelope(z.array(resultRowSchema));

export const surveyConfigsGetItem = defineEndpoint({
  method: 'GET',
  path: '/survey-configs/getItem',
  auth: 'required',
  kiosk: true,
  query: surveyIdQuery,
  response: envelope(servedSurveyConfigSchema),
});

export const surveyConfigsGetAllSearchable = defineEndpoint({
  method: 'GET',
  path: '/survey-configs/getAllSearchable',
  auth: 'required',
  response: envelope(z.array(servedSurveyConfigSchema)),
});

export const surveyConfigsList = defineEndpoint({
  method: 'POST',
  path: '/survey-configs/getSurveyConfigsList',
  auth: 'required',
  body: z.object({ surveyIdList: z.array(id).check(z.maxLength(200)) }),
  response: envelope(z.array(servedSurveyConfigSchema)),
});

/** The open forms for the start page (anyone may see which forms exist; answering needs sign-in). */
export const surveyConfigsOpenList = defineEndpoint({
  method: 'GET',
  path: '/survey-configs/open',
  auth: 'none',
  response: envelope(
    z.array(z.object({ surveyId: z.string(), surveyTitle: z.string(), description: z.nullable(z.string()) })),
  ),
});

export const surveyResultsQuery = defineEndpoint({
  method: 'POST',
  path: '/survey-results/query',
  auth: 'required',
  body: surveyIdQuery,
  response: rowsAnswer,
});

export const surveyResultsByPartitionKey = defineEndpoint({
  method: 'GET',
  path: '/survey-results/getBySurveyIdPartitionKeyIndex',
  auth: 'required',
  query: z.object({ surveyId: id, partitionKey: z.string().check(z.minLength(1), z.maxLength(400)) }),
  response: rowsAnswer,
});

export const surveyResultsByUser = defineEndpoint({
  method: 'GET',
  path: '/survey-results/getBySurveyIdUserIdIndex',
  auth: 'required',
  query: surveyIdQuery,
  response: rowsAnswer,
});

export const putItemAnswerSchema = z.union([
  z.object({
    result: z.literal('OK'),
    partitionKey: z.string(),
    answercode: z.nullable(z.string()),
    needRefresh: z.optional(z.boolean()),
    data: z.array(resultRowSchema),
  }),
  errorAnswerSchema,
]);

export const surveyResultsPutItem = defineEndpoint({
  method: 'POST',
  path: '/survey-results/putItem',
  auth: 'required',
  kiosk: true,
  idempotent: true,
  body: z.object({
    data: z.array(answerRowInputSchema).check(z.minLength(1), z.maxLength(2000)),
    subData: z.optional(z.array(answerRowInputSchema).check(z.maxLength(2000))),
    order: z.optional(z.unknown()),
    /** The config version the client rendered; an older one answers needRefresh. */
    configVersion: z.optional(z.number().check(z.int())),
    /** Amending: the spec's revoke payload (the old record to mark 取り消し). */
    surveyId: z.optional(id),
    items: z.optional(z.array(z.object({ partitionKey: z.string() }))),
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
  response: rowsAnswer,
});

export const surveyTap = defineEndpoint({
  method: 'GET',
  path: '/survey/tap',
  auth: 'none',
  query: z.object({ userId: z.optional(z.string()), q: z.optional(z.string().check(z.maxLength(2000))) }),
  /** Answers a 302 redirect; the schema covers the refusal. */
  response: errorAnswerSchema,
});

export const profileSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  pictureUrl: z.optional(z.string()),
  statusMessage: z.optional(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

export const loginToken = defineEndpoint({
  method: 'GET',
  path: '/login/token',
  auth: 'none',
  query: z.object({
    code: z.string().check(z.minLength(1), z.maxLength(2000)),
    redirectUri: z.string().check(z.minLength(1), z.maxLength(2000)),
  }),
  response: envelope(
    z.object({
      session: z.object({ idToken: z.string(), accessToken: z.string(), refreshToken: z.optional(z.string()) }),
      profile: profileSchema,
    }),
  ),
});

/** Runtime settings the PWA needs before sign-in (which LINE channel, LIFF id, dev issuer). */
export const appConfig = defineEndpoint({
  method: 'GET',
  path: '/app-config',
  auth: 'none',
  kiosk: true,
  response: envelope(
    z.object({
      channelId: z.string(),
      authorizeUrl: z.string(),
      liffId: z.nullable(z.string()),
      devIssuer: z.boolean(),
    }),
  ),
});
