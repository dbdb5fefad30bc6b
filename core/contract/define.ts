/**
 * The contract is the single description of every API call: method, path, and the zod schemas of
 * its path parameters, query, body and answer. The server registers routes from it and the client
 * calls through it, so a handler that answers the wrong shape, or a client that sends one, fails
 * the type check instead of failing in a resident's hands.
 */
import * as z from 'zod/mini';
import type { StaffAction } from '../rules/staff';

export const API_PREFIX = '/survey/api/v1/db';
/** The staff console's calls (issue 56): a staff session's cookie is scoped to this path. */
export const STAFF_PREFIX = '/survey/api/v1/staff';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `auth: 'optional'` is for the few calendar reads the spec lets anonymous callers make; 'staff'
 * is a staff session (cookie), never a resident's token or a kiosk's credential.
 */
export type AuthMode = 'required' | 'optional' | 'none' | 'staff';

export interface EndpointDef {
  method: HttpMethod;
  /** Path under API_PREFIX (or STAFF_PREFIX for `api: 'staff'`), Hono style: `/calendars/schedule/:id`. */
  path: string;
  auth: AuthMode;
  /** 'staff': a call of the staff console, under STAFF_PREFIX; its auth is 'staff' or, to sign in, 'none'. */
  api?: 'staff';
  /** With auth 'staff': what the call does, checked against the session's role (core/rules/staff.ts canDo). */
  staffAction?: StaffAction;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
  /** Writes that accept an Idempotency-Key header (the offline outbox sends one). */
  idempotent?: boolean;
  /**
   * A clinic's kiosk tablet may call it with its kiosk credential (core/contract/kiosk.ts). Every
   * endpoint without it refuses a kiosk credential with 403 kiosk_forbidden before its handler runs.
   */
  kiosk?: true;
  /**
   * Admin mode (a staff member registering at the counter) calls it too, through the staff API's
   * office mirror (`${STAFF_PREFIX}/office<path>`, server/office.ts) with the staff session's
   * cookie instead of a resident's token: the reads a form needs while it is filled in.
   */
  office?: true;
  /**
   * Asks an outside provider that bills per request (facility search, reverse geocoding): counted
   * in the caller's write allowance (server/rate-limit.ts), so a runaway client cannot run up a bill.
   */
  billed?: true;
  /** Succeeds with a redirect (302) rather than JSON; `response` is then the refusal's schema. */
  redirects?: boolean;
  /** Succeeds with a file download of one of these media types (streamed); `response` is then the refusal's schema. */
  file?: readonly string[];
}

export const defineEndpoint = <const E extends EndpointDef>(e: E): E => e;

/** Where admin mode calls an `office` endpoint: the staff API's mirror of it. */
export const OFFICE_PREFIX = `${STAFF_PREFIX}/office`;

/** The path prefix of an endpoint's API. */
export const prefixOf = (e: Pick<EndpointDef, 'api'>): string => (e.api === 'staff' ? STAFF_PREFIX : API_PREFIX);

type Infer<T, Dir extends 'in' | 'out'> = T extends z.ZodMiniType
  ? Dir extends 'in'
    ? z.input<T>
    : z.output<T>
  : undefined;

/** What a client sends (inputs of the schemas, before defaults apply). */
export interface RequestOf<E extends EndpointDef> {
  params: Infer<E['params'], 'in'>;
  query: Infer<E['query'], 'in'>;
  body: Infer<E['body'], 'in'>;
}

/** What a handler receives once the schemas have parsed the request. */
export interface ParsedRequestOf<E extends EndpointDef> {
  params: Infer<E['params'], 'out'>;
  query: Infer<E['query'], 'out'>;
  body: Infer<E['body'], 'out'>;
}

/** What a handler must return (the schema's input: the server serialises it). */
export type AnswerIn<E extends EndpointDef> = z.input<E['response']>;
/** What the client receives after parsing. */
export type AnswerOut<E extends EndpointDef> = z.output<E['response']>;

/** Fills `:name` segments; values are URI-encoded. */
export const buildPath = (path: string, params: Record<string, string | number> | undefined): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });

/**
 * Query strings carry strings only; numbers and booleans in query schemas go through these so the
 * same schema parses `?limit=10` on the server and accepts `limit: 10` from a typed client.
 */
export const queryInt = () => z.coerce.number().check(z.int());
export const queryBool = () =>
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]),
    z.transform((v: boolean | 'true' | 'false' | '1' | '0') => v === true || v === 'true' || v === '1'),
  );
