/**
 * Answer envelopes of the spec: most calls answer `{ result: "OK", data }` or
 * `{ result: "ERROR", errorMessage }`; some (payments, temporary save) answer `{ code: "success" }`.
 * Every error answer, whatever the status, has the error shape so the client reads one form.
 */
import * as z from 'zod/mini';

export const issueSchema = z.object({ path: z.string(), message: z.string() });
export type Issue = z.infer<typeof issueSchema>;

export const errorAnswerSchema = z.object({
  result: z.literal('ERROR'),
  /** Machine-readable: bad_request, unauthorized, not_found, quota_exceeded, temporary_locked, … */
  code: z.optional(z.string()),
  errorMessage: z.string(),
  needRefresh: z.optional(z.boolean()),
  /** Per-field reasons for a refused body or query (field path + reason or message key). */
  issues: z.optional(z.array(issueSchema)),
  requestId: z.optional(z.string()),
  /**
   * A refused answer's problems by itemKey: message keys of the catalogue (core/items/messages.ts)
   * with their parameters, the same the client's validators give, so the form shows them in place.
   */
  itemIssues: z.optional(
    z.record(
      z.string(),
      z.array(z.object({ key: z.string(), params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))) })),
    ),
  ),
  /** Set on a 503 the client may retry (spec 01 §7: up to 3 attempts within 60 s). */
  retryable: z.optional(z.boolean()),
  /** A refused reservation's detail; shown as "{errorMessage}（{checkDetail}）" (spec 02 §8). */
  checkDetail: z.optional(z.nullable(z.string())),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

export const okAnswer = <T extends z.ZodMiniType>(data: T) =>
  z.object({ result: z.literal('OK'), data, needRefresh: z.optional(z.boolean()) });

/** The usual envelope: OK with data, or ERROR. */
export const envelope = <T extends z.ZodMiniType>(data: T) => z.union([okAnswer(data), errorAnswerSchema]);

/** The `{ code: "success" }` family of the payment and temporary-save calls. */
export const successAnswer = <T extends z.ZodMiniType>(data: T) =>
  z.union([z.object({ code: z.literal('success'), data }), errorAnswerSchema]);
