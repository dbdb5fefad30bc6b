/**
 * Route registration from the contract. Each route is declared once in core/contract; `route()`
 * parses its params, query and body with the contract's schemas (400 with the field and the reason
 * otherwise), resolves the signed-in user, and types the handler's answer against the schema.
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { API_PREFIX, type AnswerIn, type EndpointDef, type ParsedRequestOf } from '@core/contract/define';
import type { ErrorAnswer, Issue } from '@core/contract/envelope';
import type { AuthUser } from './auth/verify';

export interface Vars {
  requestId: string;
  user: AuthUser | null;
}
export type AppEnv = { Variables: Vars };
export type App = Hono<AppEnv>;

/** A refusal with its HTTP status and machine-readable code; the app turns it into JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: string,
    message: string,
    readonly extra: Partial<Pick<ErrorAnswer, 'issues' | 'needRefresh' | 'itemIssues'>> = {},
  ) {
    super(message);
  }
}

export const issuesFrom = (error: z.ZodError, prefix: string): Issue[] =>
  error.issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));

const parseWith = <S extends z.ZodType | undefined>(schema: S, input: unknown, where: string) => {
  if (!schema) return undefined;
  const r = schema.safeParse(input);
  if (!r.success) {
    const issues = issuesFrom(r.error, where);
    throw new ApiError(400, 'bad_request', `${issues[0]?.path ?? where}: ${issues[0]?.message ?? 'invalid'}`, { issues });
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
    throw new ApiError(400, 'bad_request', `body: JSON として読めません (${(e as Error).message})`, {
      issues: [{ path: 'body', message: 'malformed JSON' }],
    });
  }
};

export interface HandlerArgs<E extends EndpointDef> extends ParsedRequestOf<E> {
  user: E['auth'] extends 'required' ? AuthUser : AuthUser | null;
  c: Context<AppEnv>;
}

export type Handler<E extends EndpointDef> = (args: HandlerArgs<E>) => Promise<AnswerIn<E> | Response>;

/** Resolves the user for a request; set by the app (token verification lives in auth/). */
export type Authenticate = (c: Context<AppEnv>, mode: EndpointDef['auth']) => Promise<AuthUser | null>;

export const route = <E extends EndpointDef>(app: App, authenticate: Authenticate, e: E, handler: NoInfer<Handler<E>>): void => {
  const method = e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  app[method](`${API_PREFIX}${e.path}`, async (c) => {
    const user = await authenticate(c, e.auth);
    c.set('user', user);
    const params = parseWith(e.params, c.req.param(), 'params');
    const query = parseWith(e.query, readQuery(c), 'query');
    const body = e.body ? parseWith(e.body, await readJsonBody(c), 'body') : undefined;
    const out = await handler({ params, query, body, user, c } as HandlerArgs<E>);
    if (out instanceof Response) return out;
    return c.json(out as object, 200);
  });
};
