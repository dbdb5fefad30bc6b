/**
 * Kiosk tablets at a clinic's reception. An operator enrols a tablet from the server's command
 * line (`npm run kiosk:enrol`), which prints a one-time code; the tablet trades it here for a
 * kiosk credential (`kiosk_…`, sent as Bearer like an ID token) and then answers the forms it is
 * bound to, with no LINE sign-in. A kiosk credential is refused (403 kiosk_forbidden) by every
 * endpoint whose definition lacks `kiosk: true`: it never reads, changes or cancels answers.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { errorAnswerSchema } from './envelope';

export * from './kiosk-codes';

export const kioskFormSchema = z.object({ surveyId: z.string(), surveyTitle: z.string() });

export const kioskInfoSchema = z.object({
  name: z.string(),
  /** Seconds without a touch before the tablet wipes the visitor's answer. */
  idleSeconds: z.number().check(z.int(), z.positive()),
  /**
   * The forms the kiosk answers, in the order they were enrolled; a form since removed or disabled,
   * or become one a kiosk cannot take (photo or file items, card payment, bed stays), is left out.
   */
  forms: z.array(kioskFormSchema),
});
export type KioskInfo = z.infer<typeof kioskInfoSchema>;

export const kioskEnrol = defineEndpoint({
  method: 'POST',
  path: '/kiosk/enrol',
  auth: 'none',
  kiosk: true,
  body: z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)) }),
  response: z.union([z.object({ result: z.literal('OK'), token: z.string(), kiosk: kioskInfoSchema }), errorAnswerSchema]),
});

export const kioskMe = defineEndpoint({
  method: 'GET',
  path: '/kiosk/me',
  auth: 'required',
  kiosk: true,
  response: z.union([z.object({ result: z.literal('OK'), kiosk: kioskInfoSchema }), errorAnswerSchema]),
});
