/**
 * Staff editing a form's config in the console (issue 58): the current config and its version, a
 * save of the whole config under the version it was edited from (a stale one refused, nothing
 * written), the saved versions and one of them, a rollback (a new save of an old version's
 * content) and publish / close. A config with problems is refused (form_invalid) with each
 * problem at its JSON path in `issues`, in Japanese.
 */
import * as z from 'zod/mini';
import { defineEndpoint, queryInt } from './define';
import { envelope } from './envelope';

const params = z.object({ surveyId: z.string().check(z.minLength(1), z.maxLength(200)) });
const versionSchema = z.number().check(z.int(), z.minimum(0));
const noteSchema = z.optional(z.string().check(z.maxLength(200)));

export const FORM_STATUSES = ['enabled', 'disabled'] as const;

export const staffFormConfigSchema = z.object({
  surveyId: z.string(),
  version: z.number(),
  /** The stored config (surveyConfigSchema's output, defaults applied), as JSON. */
  config: z.record(z.string(), z.unknown()),
});

export const staffFormConfig = defineEndpoint({
  method: 'GET',
  path: '/forms/:surveyId/config',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params,
  response: envelope(staffFormConfigSchema),
});

const saveAnswer = envelope(z.object({ version: z.number(), changed: z.boolean() }));
export type FormSaveAnswer = z.infer<typeof saveAnswer>;

export const staffFormSave = defineEndpoint({
  method: 'POST',
  path: '/forms/:surveyId/config',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params,
  body: z.object({ version: versionSchema, config: z.unknown(), note: noteSchema }),
  response: saveAnswer,
});

export const formVersionSchema = z.object({
  version: z.number(),
  /** Null for a version the bundle import wrote. */
  savedBy: z.nullable(z.string()),
  savedByName: z.nullable(z.string()),
  savedAt: z.string(),
  note: z.nullable(z.string()),
});

export const staffFormVersions = defineEndpoint({
  method: 'GET',
  path: '/forms/:surveyId/versions',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params,
  response: envelope(z.object({ current: z.number(), versions: z.array(formVersionSchema) })),
});

export const staffFormVersion = defineEndpoint({
  method: 'GET',
  path: '/forms/:surveyId/versions/:version',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params: z.extend(params, { version: z.pipe(queryInt(), z.number().check(z.minimum(1))) }),
  response: envelope(z.extend(formVersionSchema, { config: z.record(z.string(), z.unknown()) })),
});

/** A new save of version `to`'s content, made from `version` (the one the console shows). */
export const staffFormRollback = defineEndpoint({
  method: 'POST',
  path: '/forms/:surveyId/rollback',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params,
  body: z.object({ version: versionSchema, to: z.number().check(z.int(), z.minimum(1)), note: noteSchema }),
  response: saveAnswer,
});

/** 公開 / 停止: surveyStatus set and saved as a new version; a disabled form reads 本帳票が無効 to residents. */
export const staffFormStatus = defineEndpoint({
  method: 'POST',
  path: '/forms/:surveyId/status',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params,
  body: z.object({ version: versionSchema, status: z.enum(FORM_STATUSES) }),
  response: saveAnswer,
});
