/**
 * Result rows of spec 01 §3, as stored and answered and as a client sends them. Apart from the
 * calls (survey.ts) so that the payment and member calls can use them while survey.ts uses theirs.
 */
import * as z from 'zod/mini';

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
