/** Calls of spec 01 §7 around sign-in: the app's runtime settings, the login token and the post-login tap redirect. */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope, errorAnswerSchema } from './envelope';

export const surveyTap = defineEndpoint({
  method: 'GET',
  path: '/survey/tap',
  auth: 'none',
  query: z.object({ userId: z.optional(z.string()), q: z.optional(z.string().check(z.maxLength(2000))) }),
  redirects: true,
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

/**
 * Runtime settings the PWA needs before sign-in (which LINE channel, LIFF id, dev issuer), and the
 * hosts /url-external may send a resident to without asking (lower-case host names, exact match).
 */
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
      externalUrlHosts: z.array(z.string()),
      /** The location item's map tiles ({z}/{x}/{y} template) and their attribution (MAP_TILE_URL). */
      mapTiles: z.optional(z.object({ url: z.string(), attribution: z.string() })),
      /** The build switches (core/rules/features.ts); absent: all on. */
      features: z.optional(z.object({ members: z.boolean(), payment: z.boolean(), medical: z.boolean(), secureFiles: z.boolean() })),
      /** LINE Login's bot_prompt (offer to add the official account as a friend); absent or null: not asked. */
      botPrompt: z.optional(z.nullable(z.enum(['normal', 'aggressive']))),
    }),
  ),
});
