/**
 * The staff console's calls (issue 56), under STAFF_PREFIX. Every call but signing in and the
 * set-up link needs a staff session (an HttpOnly cookie the browser sends to this path only) and
 * states its action, which route() checks against the session's role; the handler checks the team
 * of the form or calendar it touches. Writes must come from the console's own origin (Origin
 * header), so another site cannot make a staff member's browser send one.
 */
import * as z from 'zod/mini';
import { STAFF_ROLES } from '../rules/staff';
import { defineEndpoint } from './define';
import { envelope, errorAnswerSchema } from './envelope';
import { answerRowInputSchema } from './result-rows';
import { paymentOrderSchema } from './payment';
import { putItemAnswerSchema } from './survey';

const text = (max: number) => z.string().check(z.maxLength(max));

export const staffMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  teams: z.array(z.string()),
  /** What the role allows (core/rules/staff.ts canDo), for the console to show only what works. */
  can: z.object({ read: z.boolean(), handle: z.boolean(), configure: z.boolean(), manageStaff: z.boolean(), readAudit: z.boolean() }),
  /** When the session ends unless used again, and when it ends at the latest. */
  idleExpiresAt: z.string(),
  expiresAt: z.string(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** How this server lets staff sign in: always a local account; OIDC when an issuer (or the dev one) is set. */
export const staffSignInOptions = defineEndpoint({
  method: 'GET',
  path: '/sign-in/options',
  api: 'staff',
  auth: 'none',
  response: envelope(z.object({ oidc: z.boolean() })),
});

export const staffSignIn = defineEndpoint({
  method: 'POST',
  path: '/sign-in',
  api: 'staff',
  auth: 'none',
  body: z.object({
    email: text(320),
    password: text(1024),
    /** The second factor: a 6-digit TOTP code or a recovery code; absent asks whether one is needed. */
    code: z.optional(text(64)),
  }),
  response: envelope(staffMeSchema),
});

export const staffSignOut = defineEndpoint({
  method: 'POST',
  path: '/sign-out',
  api: 'staff',
  auth: 'staff',
  staffAction: 'self',
  response: envelope(z.object({})),
});

export const staffMe = defineEndpoint({
  method: 'GET',
  path: '/me',
  api: 'staff',
  auth: 'staff',
  staffAction: 'self',
  response: envelope(staffMeSchema),
});

/**
 * Sign-in with the organisation's account (OpenID Connect, server/routes/staff-oidc.ts): a browser
 * navigation, answered by a redirect to the issuer's sign-in page. `returnTo`: the console page to
 * land on afterwards (a path under /admin; anything else lands on /admin).
 */
export const staffOidcStart = defineEndpoint({
  method: 'GET',
  path: '/oidc/start',
  api: 'staff',
  auth: 'none',
  query: z.object({ returnTo: z.optional(text(2000)) }),
  redirects: true,
  response: errorAnswerSchema,
});

/**
 * Where the issuer sends the browser back: on success the staff cookie is set and the browser goes
 * to the page asked for; otherwise to /admin/sign-in?error=<refusal code>.
 */
export const staffOidcCallback = defineEndpoint({
  method: 'GET',
  path: '/oidc/callback',
  api: 'staff',
  auth: 'none',
  query: z.object({
    code: z.optional(text(4000)),
    state: z.optional(text(500)),
    iss: z.optional(text(2000)),
    error: z.optional(text(200)),
    error_description: z.optional(text(2000)),
  }),
  redirects: true,
  response: errorAnswerSchema,
});

const setupToken = z.string().check(z.minLength(1), z.maxLength(200));

/** Opens a set-up link: whose it is and a new TOTP secret to enrol (kept by the browser until completed). */
export const staffSetupStart = defineEndpoint({
  method: 'POST',
  path: '/setup/start',
  api: 'staff',
  auth: 'none',
  body: z.object({ token: setupToken }),
  response: envelope(z.object({ email: z.string(), name: z.string(), totpSecret: z.string(), otpauthUri: z.string() })),
});

/** Completes it: the password and the first code of the authenticator; answers the recovery codes, shown once. */
export const staffSetupComplete = defineEndpoint({
  method: 'POST',
  path: '/setup/complete',
  api: 'staff',
  auth: 'none',
  body: z.object({ token: setupToken, password: text(1024), totpSecret: text(128), code: text(16) }),
  response: envelope(z.object({ recoveryCodes: z.array(z.string()) })),
});

export const staffFormSchema = z.object({
  surveyId: z.string(),
  title: z.string(),
  /** The teams the form belongs to. */
  teams: z.array(z.string()),
  /** This person may register answers on it in admin mode (spec 01 §6): role handle, in its team. */
  canRegister: z.boolean(),
  /** The form's answers per status and those received in the last 7 days (the forms list only). */
  counts: z.optional(z.object({ byStatus: z.record(z.string(), z.number()), total: z.number(), lastSevenDays: z.number() })),
});

export type StaffForm = z.infer<typeof staffFormSchema>;

/** The forms within this person's reach (their teams', every form for an admin). */
export const staffForms = defineEndpoint({
  method: 'GET',
  path: '/forms',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  response: envelope(z.object({ forms: z.array(staffFormSchema) })),
});

/** One form, if within reach (403 staff_team_forbidden otherwise): what admin mode asks before it shows. */
export const staffForm = defineEndpoint({
  method: 'GET',
  path: '/forms/:surveyId',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: z.object({ surveyId: z.string().check(z.minLength(1), z.maxLength(200)) }),
  response: envelope(staffFormSchema),
});

/**
 * Admin mode's send (spec 01 §6, spec 02 §6): a new answer registered by the office on a form
 * within reach, written as putItem writes (server/answers/office.ts) but validated in admin mode,
 * paid in cash, owned by a new user id beginning with I, with the staff member's name as its
 * registrant. New answers only: a row naming a partition key is refused. No Idempotency-Key (a
 * staff call): the form sends once per press and is disabled while it sends.
 */
export const staffRegisterAnswer = defineEndpoint({
  method: 'POST',
  path: '/survey-results/register',
  api: 'staff',
  auth: 'staff',
  staffAction: 'handle',
  body: z.object({
    data: z.array(answerRowInputSchema).check(z.minLength(1), z.maxLength(2000)),
    subData: z.optional(z.array(answerRowInputSchema).check(z.maxLength(2000))),
    /** Priced by the server and only compared; its pay type is cash whatever the form offers. */
    order: z.optional(z.nullable(paymentOrderSchema)),
    configVersion: z.optional(z.number().check(z.int())),
  }),
  response: putItemAnswerSchema,
});
