/**
 * The Hono environment every route shares: the variables route() (http.ts) sets on each request.
 * Its own module so idempotency.ts, which http.ts uses, can name it without importing http.ts back.
 */
import type { Hono } from 'hono';
import type { AuthUser } from './auth/verify';

export interface Vars {
  requestId: string;
  user: AuthUser | null;
  /** The file a signed transfer URL grants (files/transfer.ts): logged in place of its token. */
  fileGrant?: string;
  /** A page's own Content-Security-Policy (a form page with a tag container), else the app's. */
  pageCsp?: string;
}
export type AppEnv = { Variables: Vars };
export type App = Hono<AppEnv>;
