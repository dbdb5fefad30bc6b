/**
 * A member form's config in the console (issue 58; spec 02 §3): read with its numbering (the
 * config's lastResultNumber and the last number given), and saved under its version with the
 * importer's checks (server/forms/import.ts importMemberConfigIn). lastResultNumber may be raised,
 * never lowered below the last number given or configured (core/rules/member-number.ts).
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope } from './envelope';

/** A config's JSON text, at most (a form of a few hundred items). */
export const CONFIG_JSON_MAX = 1_000_000;

const params = z.object({ surveyId: z.string().check(z.minLength(1), z.maxLength(200)) });

const memberConfigAnswer = z.object({
  surveyId: z.string(),
  title: z.string(),
  version: z.number(),
  /** The stored config, as the bundle's memberConfigs entry would hold it. */
  config: z.record(z.string(), z.unknown()),
  lastResultNumber: z.number(),
  /** The last number this database gave; null: none yet. */
  lastGiven: z.nullable(z.number()),
  /** The least lastResultNumber a save may set. */
  floor: z.number(),
});

export const staffMemberConfig = defineEndpoint({
  method: 'GET',
  path: '/member-forms/:surveyId/config',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params,
  response: envelope(memberConfigAnswer),
});

export const staffMemberConfigSave = defineEndpoint({
  method: 'POST',
  path: '/member-forms/:surveyId/config',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params,
  /** The config as JSON text (the bundle's memberConfigs entry), read whole by the server. */
  body: z.object({ version: z.number().check(z.int(), z.minimum(1)), configJson: z.string().check(z.maxLength(CONFIG_JSON_MAX)) }),
  response: envelope(memberConfigAnswer),
});
