/**
 * Route registration from the contract. Each route is declared once in core/contract; `route()`
 * refuses text no store can keep and over-deep JSON (input-guard.ts), parses its params, query and
 * body with the contract's schemas (400 with the field and the reason otherwise), resolves the
 * signed-in user, and types the handler's answer against the schema.
 *
 * Writes. Every handler gets `commit(fn)`: fn runs in one write transaction (BEGIN IMMEDIATE on
 * SQLite) and returns the route's answer, which the handler returns. For an endpoint the contract
 * marks `idempotent: true`, route() also honours the Idempotency-Key header (server/idempotency.ts):
 * commit() claims the key first in the write's transaction (a repeat gets the stored answer replayed
 * and its write does not run) and stores the answer under it in that same transaction; a 4xx the
 * handler throws is stored as its answer. So a new write route must:
 *   1. mark its endpoint `idempotent: true` in core/contract (and `auth: 'required'` or `'staff'`:
 *      keys are scoped to the user or staff member, so route() refuses an idempotent endpoint
 *      without one);
 *   2. do every database write inside one `commit(async (trx) => … return answer)` and return its
 *      result — `store.write` throws inside an idempotent request, so an effect cannot slip past
 *      the stored answer;
 *   3. refuse with `throw refuse(code, …)` (core/refusals.ts; before or inside commit): the refusal is the
 *      key's answer; "not now" refusals (429, temporary_locked) and anything else (5xx, crashes)
 *      roll back and leave the key free for a retry;
 *   4. answer JSON (a Response cannot be stored: it is not replayed);
 *   5. make no effect outside commit(): the handler's code before commit runs again on a repeat,
 *      which is told apart only by commit's claim of the key.
 */
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { prefixOf, type AnswerIn, type EndpointDef, type ParsedRequestOf } from '@core/contract/define';
import type { Issue } from '@core/contract/envelope';
import type { App, AppEnv } from './app-env';
import { refuse } from '@core/refusals';
import type { AuthUser } from './auth/verify';
import { kioskCredentialOf, kioskForbidden } from './auth/kiosk';
import { errorAnswerOf } from './errors';
import { guardInput } from './input-guard';
import { IDEMPOTENCY_HEADER, readIdempotencyKey, requestFingerprint, type Commit, type WriteRunner } from './idempotency';
import type { WriteRateLimiter } from './rate-limit';
import type { StaffGate } from './staff/guard';
import type { StaffPrincipal } from './staff/session';

export { errorAnswerOf } from './errors';


/**
 * The contract's schemas are zod/mini, which installs no message texts (classic zod installs the
 * English ones when it builds its first schema). A 400's errorMessage and issue messages are those
 * texts, so they are installed here, before any route parses, rather than left to whichever module
 * happens to build a classic schema first. tests/server/issue-messages.test.ts pins them.
 */
z.config(z.locales.en());

export const issuesFrom = (error: z.core.$ZodError, prefix: string): Issue[] =>
  error.issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));

const parseWith = <S extends z.ZodMiniType | undefined>(schema: S, input: unknown, where: string) => {
  if (!schema) return undefined;
  const r = schema.safeParse(input);
  if (!r.success) {
    const issues = issuesFrom(r.error, where);
    throw refuse('bad_request', { path: issues[0]?.path ?? where, message: issues[0]?.message ?? 'invalid' }, { issues });
  }
  return r.data;
};

/** Query strings: a repeated key becomes a list, a single one a string. */
const readQuery = (c: Context): Record<string, string | string[]> => {
  const all = c.req.queries();
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(all)) out[k] = v.length === 1 ? (v[0] as string) : v;
  return out;
};

const readJsonBody = async (c: Context): Promise<unknown> => {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw refuse('malformed_json', { reason: (e as Error).message }, { issues: [{ path: 'body', message: 'malformed JSON' }] });
  }
};

export interface HandlerArgs<E extends EndpointDef> extends ParsedRequestOf<E> {
  user: E['auth'] extends 'required' ? AuthUser : AuthUser | null;
  /** The staff member of a staff call (auth 'staff'), their role's permission checked; else null. */
  staff: E['auth'] extends 'staff' ? StaffPrincipal : null;
  c: Context<AppEnv>;
  /** The request's one write transaction; fn returns the answer (see the header). */
  commit: Commit<AnswerIn<E>>;
}

export type Handler<E extends EndpointDef> = (args: HandlerArgs<E>) => Promise<AnswerIn<E> | Response>;

/** Resolves the user for a request; set by the app (token verification lives in auth/). */
export type Authenticate = (c: Context<AppEnv>, mode: EndpointDef['auth']) => Promise<AuthUser | null>;

export interface RouteEnv {
  authenticate: Authenticate;
  writes: WriteRunner;
  /** Counts a write of an idempotent endpoint; absent: no limit. */
  limitWrite?: WriteRateLimiter;
  /** The staff API's checks (server/staff/guard.ts): network, Origin, session, role; absent: every staff call is 401. */
  staffGate?: StaffGate;
}

export const route = <E extends EndpointDef>(app: App, env: RouteEnv, e: E, handler: NoInfer<Handler<E>>): void => {
  if (e.idempotent && e.auth !== 'required' && e.auth !== 'staff') {
    throw new Error(`${e.method} ${e.path}: an idempotent endpoint needs auth 'required' or 'staff' (keys are scoped to the user)`);
  }
  const staffApi = e.api === 'staff';
  if (staffApi !== (e.auth === 'staff' || (staffApi && e.auth === 'none')) || (e.auth === 'staff') !== (e.staffAction !== undefined) || (staffApi && e.kiosk)) {
    throw new Error(`${e.method} ${e.path}: a staff call has api 'staff', auth 'staff' with a staffAction (or 'none' to sign in), and no kiosk`);
  }
  const method = e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  app[method](`${prefixOf(e)}${e.path}`, async (c) => {
    if (staffApi) return staffCall(c, env, e, handler);
    // A kiosk tablet may make only the calls its endpoint allows (EndpointDef.kiosk): refused here,
    // before anything is parsed or written, whatever the endpoint's auth mode.
    if (!e.kiosk && kioskCredentialOf(c.req.header('authorization'))) throw kioskForbidden();
    const user = await env.authenticate(c, e.auth);
    if (!e.kiosk && user?.kiosk) throw kioskForbidden();
    c.set('user', user);
    // Writes (the idempotent endpoints) and calls a provider bills, counted before anything is
    // parsed or written; a replayed key counts too, it is a request all the same. Answered here
    // rather than thrown: a 429 is a "not now", never stored as a key's answer.
    if ((e.idempotent || e.billed) && user && env.limitWrite) {
      const wait = await env.limitWrite(user.userId, user.kiosk !== undefined);
      if (wait !== null) {
        return c.json(errorAnswerOf(c.get('requestId'), refuse('rate_limited')), 429, {
          'Retry-After': String(wait),
        });
      }
    }
    const key = e.idempotent ? readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER)) : null;
    const { params, query, body, rawParams, rawQuery, rawBody } = await parseRequest(c, e);
    const call = (commit: Commit<unknown>) => handler({ params, query, body, user, staff: null, c, commit } as HandlerArgs<E>);

    if (!e.idempotent) {
      const out = await call(env.writes.plainCommit(e.path, user?.userId ?? null));
      if (out instanceof Response) return out;
      return c.json(out as object, 200);
    }
    const requestHash = fingerprintOf(e, { rawParams, rawQuery, rawBody });
    return env.writes.run({ c, path: e.path, userId: (user as AuthUser).userId, key, requestHash, execute: call });
  });
};

/** Only what the handler reads identifies the request: a stray query on a POST is not "another body". */
const fingerprintOf = (e: EndpointDef, raw: { rawParams: unknown; rawQuery: unknown; rawBody: unknown }): string =>
  requestFingerprint({
    method: e.method,
    path: e.path,
    params: e.params ? raw.rawParams : null,
    query: e.query ? raw.rawQuery : null,
    body: e.body ? (raw.rawBody ?? null) : null,
  });

/** Params, query and body as route() reads them for every call, parsed and as sent. */
const parseRequest = async (c: Context<AppEnv>, e: EndpointDef) => {
  const rawParams = c.req.param() as Record<string, string>;
  const rawQuery = readQuery(c);
  // Unusable characters and deep nesting are refused before any schema or fingerprint walks the
  // input (input-guard.ts), on every endpoint, a stray query included.
  guardInput(rawParams, 'params');
  guardInput(rawQuery, 'query');
  const rawBody = e.body ? await readJsonBody(c) : undefined;
  guardInput(rawBody, 'body');
  return {
    params: parseWith(e.params, rawParams, 'params'),
    query: parseWith(e.query, rawQuery, 'query'),
    body: e.body ? parseWith(e.body, rawBody, 'body') : undefined,
    rawParams,
    rawQuery,
    rawBody,
  };
};

/**
 * A staff call: the gate first (before anything is parsed), then the handler with the staff
 * member. No resident user; each staff write is one transaction with its audit row. A write whose
 * effect must not happen twice (money given back: the payments screen's refund) is marked
 * idempotent and keyed as a resident's write is, its keys scoped to the staff member
 * (`staff:{id}`, which no resident's user id can be).
 */
const staffCall = async <E extends EndpointDef>(c: Context<AppEnv>, env: RouteEnv, e: E, handler: Handler<E>) => {
  if (!env.staffGate) throw refuse('staff_session_required');
  const staff = await env.staffGate(c, e);
  const key = e.idempotent ? readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER)) : null;
  const parsed = await parseRequest(c, e);
  const { params, query, body } = parsed;
  const actor = staff ? `staff:${staff.id}` : null;
  const call = (commit: Commit<unknown>) => handler({ params, query, body, user: null, staff, c, commit } as HandlerArgs<E>);
  if (e.idempotent && actor !== null) return env.writes.run({ c, path: e.path, userId: actor, key, requestHash: fingerprintOf(e, parsed), execute: call });
  const out = await call(env.writes.plainCommit(e.path, actor));
  if (out instanceof Response) return out;
  return c.json(out as object, 200);
};
