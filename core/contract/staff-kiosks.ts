/**
 * Kiosk tablets in the console (issue 58; docs/kiosk.md): the list, an enrolment answering the
 * one-time code and URL the tablet opens or scans, and a stop. The same step as `npm run kiosk:*`
 * (server/auth/kiosk-enrol.ts). A kiosk is within a person's reach when each of its forms is.
 */
import * as z from 'zod/mini';
import { KIOSK_FORMS_MAX, KIOSK_IDLE_MAX_SECONDS, KIOSK_IDLE_MIN_SECONDS, KIOSK_NAME_MAX } from '../rules/kiosk-enrolment';
import { defineEndpoint } from './define';
import { envelope } from './envelope';

const kioskName = z.string().check(z.trim(), z.minLength(1), z.maxLength(KIOSK_NAME_MAX));

export const kioskListingSchema = z.object({
  id: z.string(),
  name: z.string(),
  forms: z.array(z.string()),
  state: z.enum(['pending', 'active', 'revoked']),
  /** null: the server's default, `defaultIdleSeconds`. */
  idleSeconds: z.nullable(z.number()),
  createdAt: z.string(),
  enrolledAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  enrolExpiresAt: z.nullable(z.string()),
});
export type KioskListingRow = z.infer<typeof kioskListingSchema>;

export const staffKiosks = defineEndpoint({
  method: 'GET',
  path: '/kiosks',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  response: envelope(z.object({ kiosks: z.array(kioskListingSchema), defaultIdleSeconds: z.number() })),
});

export const staffKioskEnrol = defineEndpoint({
  method: 'POST',
  path: '/kiosks',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  body: z.object({
    name: kioskName,
    forms: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.minLength(1), z.maxLength(KIOSK_FORMS_MAX)),
    idleSeconds: z.optional(z.nullable(z.number().check(z.int(), z.minimum(KIOSK_IDLE_MIN_SECONDS), z.maximum(KIOSK_IDLE_MAX_SECONDS)))),
  }),
  response: envelope(
    z.object({
      name: z.string(),
      /** What the kiosk was before: none (new), pending, active (its tablet keeps working until the code is used) or revoked. */
      before: z.enum(['none', 'pending', 'active', 'revoked']),
      /** Shown once: only its hash is stored. */
      code: z.string(),
      url: z.string(),
      expiresAt: z.string(),
    }),
  ),
});

export const staffKioskRevoke = defineEndpoint({
  method: 'POST',
  path: '/kiosks/revoke',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  body: z.object({ name: kioskName }),
  response: envelope(z.object({ revokedAt: z.string(), already: z.boolean() })),
});
