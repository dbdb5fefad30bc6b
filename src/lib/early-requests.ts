/**
 * Requests src/early.ts started before the app's code arrived, handed to the API client, and its
 * question to IndexedDB, handed to the offline layer's presence probe (src/offline/presence.ts).
 *
 * early.ts is its own tiny script (index.html), so on a first visit the form's config is on its
 * way while the app's JavaScript is still downloading instead of one round trip after it. The two
 * bundles share no module (a shared chunk would make early.ts wait for it), so the hand-over is
 * this one global, written only by early.ts and read once here.
 */

/** The global early.ts writes (the same literal is in early.ts; tests check they match). */
export const EARLY_REQUESTS_KEY = '__sakuraEarlyRequests';

export interface EarlyRequest {
  /** The URL exactly as the API client builds it (path and query). */
  url: string;
  /** The Authorization header it was sent with: only a call with the same token may use it. */
  authorization: string;
  /** performance.now() when it started: an old answer is not handed out. */
  startedAt: number;
  response: Promise<Response>;
}

/** An early answer is for the page's first screen; after this long the app asks afresh. */
const EARLY_MAX_AGE_MS = 30_000;

const pending = (): EarlyRequest[] | undefined =>
  (globalThis as unknown as Record<string, EarlyRequest[] | undefined>)[EARLY_REQUESTS_KEY];

/**
 * The early answer for this GET, if early.ts started exactly this request with this token; each
 * is handed out once (a retry or a refetch goes to the network).
 */
export const takeEarlyResponse = (method: string, url: string, authorization: string | undefined): Promise<Response> | null => {
  const list = pending();
  if (method !== 'GET' || !authorization || !list || list.length === 0) return null;
  const i = list.findIndex((r) => r.url === url && r.authorization === authorization);
  if (i < 0) return null;
  const [req] = list.splice(i, 1) as [EarlyRequest];
  return performance.now() - req.startedAt <= EARLY_MAX_AGE_MS ? req.response : null;
};

/** The global early.ts writes its IndexedDB answer to (the same literal is in early.ts). */
export const EARLY_DB_NAMES_KEY = '__sakuraEarlyDbNames';

/**
 * The names of the page's IndexedDB databases, as early.ts found them when the page started (null:
 * it could not tell), or undefined when it did not ask (the database was known, or no
 * `indexedDB.databases()`). Handed out once: a later probe asks afresh.
 */
export const takeEarlyDatabaseNames = (): Promise<string[] | null> | undefined => {
  const global = globalThis as unknown as Record<string, Promise<string[] | null> | undefined>;
  const names = global[EARLY_DB_NAMES_KEY];
  delete global[EARLY_DB_NAMES_KEY];
  return names;
};
