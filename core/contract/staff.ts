/**
 * The staff console's calls (issue 56), under STAFF_PREFIX. Every call but signing in and the
 * set-up link needs a staff session (an HttpOnly cookie the browser sends to this path only) and
 * states its action, which route() checks against the session's role; the handler checks the team
 * of the form or calendar it touches. Writes must come from the console's own origin (Origin
 * header), so another site cannot make a staff member's browser send one.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
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

/** Options for navigator.credentials.create() (WebAuthn), as @simplewebauthn makes them: passed on unread. */
const creationOptions = z.custom<PublicKeyCredentialCreationOptionsJSON>((v) => typeof v === 'object' && v !== null);
/** Options for navigator.credentials.get(). */
const requestOptions = z.custom<PublicKeyCredentialRequestOptionsJSON>((v) => typeof v === 'object' && v !== null);

const base64url = (max: number) => z.string().check(z.maxLength(max), z.regex(/^[A-Za-z0-9_-]*$/));
/** The client's extension outputs: credProps (whether the passkey is discoverable) is kept, the rest dropped. */
const extensionResults = z.object({ credProps: z.optional(z.object({ rk: z.optional(z.boolean()) })) });

/** A new passkey as the browser answers navigator.credentials.create() (RegistrationResponseJSON). */
const registrationResponse = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(32768),
    authenticatorData: z.optional(base64url(32768)),
    transports: z.optional(z.array(text(32)).check(z.maxLength(10))),
    publicKeyAlgorithm: z.optional(z.number()),
    publicKey: z.optional(base64url(8192)),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: extensionResults,
});
export type PasskeyRegistration = z.infer<typeof registrationResponse>;

/** A passkey's signature as the browser answers navigator.credentials.get() (AuthenticationResponseJSON). */
const authenticationResponse = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(32768),
    signature: base64url(2048),
    userHandle: z.optional(base64url(512)),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: extensionResults,
});
export type PasskeyAssertion = z.infer<typeof authenticationResponse>;

/** A passkey's label as its owner sees it (this device, a security key). */
const passkeyName = text(60);

/** The set-up link's other second factor: WebAuthn options to make a passkey for this account (5 minutes). */
export const staffSetupPasskeyOptions = defineEndpoint({
  method: 'POST',
  path: '/setup/passkey-options',
  api: 'staff',
  auth: 'none',
  body: z.object({ token: setupToken }),
  response: envelope(z.object({ options: creationOptions })),
});

/**
 * Completes it: the password and either the first code of the authenticator app or the new
 * passkey made with the options above; answers the recovery codes, shown once.
 */
export const staffSetupComplete = defineEndpoint({
  method: 'POST',
  path: '/setup/complete',
  api: 'staff',
  auth: 'none',
  body: z.union([
    z.object({ token: setupToken, password: text(1024), totpSecret: text(128), code: text(16) }),
    z.object({ token: setupToken, password: text(1024), passkey: registrationResponse, passkeyName: z.optional(passkeyName) }),
  ]),
  response: envelope(z.object({ recoveryCodes: z.array(z.string()) })),
});

/**
 * Sign-in with a passkey as the second factor, first step: the password is checked (a wrong one
 * counts a failure, as /sign-in does) and the answer is the options for this account's passkeys.
 */
export const staffPasskeySignInOptions = defineEndpoint({
  method: 'POST',
  path: '/sign-in/passkey/options',
  api: 'staff',
  auth: 'none',
  body: z.object({ email: text(320), password: text(1024) }),
  response: envelope(z.object({ options: requestOptions })),
});

/** Second step: the passkey's signature over the challenge of the first; opens the session. */
export const staffPasskeySignIn = defineEndpoint({
  method: 'POST',
  path: '/sign-in/passkey',
  api: 'staff',
  auth: 'none',
  body: z.object({ email: text(320), response: authenticationResponse }),
  response: envelope(staffMeSchema),
});

/** A signed-in person adds another passkey: options first (their passkeys excluded), then the new one. */
export const staffPasskeyAddOptions = defineEndpoint({
  method: 'POST',
  path: '/passkeys/options',
  api: 'staff',
  auth: 'staff',
  staffAction: 'self',
  response: envelope(z.object({ options: creationOptions })),
});

export const staffPasskeyAdd = defineEndpoint({
  method: 'POST',
  path: '/passkeys',
  api: 'staff',
  auth: 'staff',
  staffAction: 'self',
  body: z.object({ response: registrationResponse, name: z.optional(passkeyName) }),
  response: envelope(z.object({ name: z.string(), createdAt: z.string() })),
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
  /** A bed form (the forms list only): its answers are stays, worked on its ward's page. */
  ward: z.optional(z.boolean()),
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
