/**
 * Read-through cache for TanStack Query, backed by the Dexie `cache` table: a screen renders at
 * once from what this device last saw, and revalidates when the network answers.
 *
 * - On start, primeOfflineCache() loads the resident's rows (and the public ones) into memory;
 *   cachedQueryOptions() hands them to TanStack as initialData dated when they were saved, so the
 *   query is stale and refetches in the background while the screen already shows the data.
 * - The query function fetches; a fresh answer is stored. When the fetch fails for a reason that
 *   says nothing about the data (no network, timeout, 5xx, a captive portal's HTML), the stored
 *   copy is returned instead, marked `fromCache: true` with its `savedAt`, so the screen can show
 *   the spec's reload button ("not the latest"). A real refusal (404, 401, 403) is thrown: a
 *   withdrawn form must not keep working from an old copy.
 * - Rows are scoped to the signed-in user (or '*' for public lists); another resident on the same
 *   tablet never gets them.
 * - This module is on the first screen's path; the database is not (load.ts). A fresh answer is
 *   kept in memory at once and stored once the offline layer is here: on a first visit, after
 *   the first screen. Reads load the layer.
 */
import { hashKey, queryOptions, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { isApiClientError } from '../lib/api-error';
import { getStoredUserId } from '../lib/session';
import type { CacheRow, CacheScope, OfflineDb } from './db';
import { offlineLayerLoaded, pageOfflineDb } from './load';

/** `'*'` marks data that is the same for everyone (public lists); anything else is a user id. */
export const PUBLIC_SCOPE: CacheScope = '*';

export interface Cached<T> {
  data: T;
  /** True when the network could not be reached and this is the copy saved at `savedAt`. */
  fromCache: boolean;
  savedAt: number;
}

/** 'user': per signed-in resident (configs, results, calendars); 'public': the same for all. */
export type CacheVisibility = 'user' | 'public';

export interface CachedQuerySpec<T, K extends QueryKey = QueryKey> {
  queryKey: K;
  fetcher: (signal: AbortSignal) => Promise<T>;
  visibility?: CacheVisibility;
  /** Bump when the shape of T changes: rows of another version are ignored. */
  version?: number;
  /** Checks a stored copy (e.g. a zod schema's parse); a copy that throws is ignored. */
  parse?: (data: unknown) => T;
}

export interface OfflineCacheDeps {
  /** The database for reads (the page's loads the offline layer). */
  db?: () => OfflineDb | Promise<OfflineDb>;
  /**
   * The database fresh answers are stored in; db by default. The page's waits for the offline
   * layer without loading it, so a first visit's first screen never waits for Dexie.
   */
  storeDb?: () => OfflineDb | Promise<OfflineDb>;
  userId?: () => string | null;
  now?: () => number;
  /** navigator.onLine; only `false` is trusted (LINE's WebView reports true on a dead network). */
  isOnline?: () => boolean;
}

/** Failures that say nothing about the data: fall back to the stored copy. */
export const isTransientFailure = (e: unknown): boolean => {
  if (isApiClientError(e)) return e.status === 0 || e.status >= 500 || e.code === 'invalid_response' || e.status === 408;
  return e instanceof TypeError;
};

const mirrorKey = (scope: string, key: string) => `${scope}\u0000${key}`;

export const createOfflineCache = (deps: OfflineCacheDeps = {}) => {
  const db = deps.db ?? pageOfflineDb;
  const storeDb = deps.storeDb ?? (deps.db ? db : () => offlineLayerLoaded().then((l) => l.getOfflineDb()));
  const userId = deps.userId ?? getStoredUserId;
  const now = deps.now ?? Date.now;
  const isOnline = deps.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  /** Rows loaded at start, so initialData can be synchronous. */
  const mirror = new Map<string, CacheRow>();

  const scopeOf = (visibility: CacheVisibility | undefined): string | null =>
    visibility === 'public' ? PUBLIC_SCOPE : userId();

  const accept = <T>(row: CacheRow | undefined, spec: Pick<CachedQuerySpec<T>, 'version' | 'parse'>): Cached<T> | null => {
    if (!row || row.version !== (spec.version ?? 1)) return null;
    try {
      const data = spec.parse ? spec.parse(row.data) : (row.data as T);
      return { data, fromCache: true, savedAt: row.savedAt };
    } catch {
      return null;
    }
  };

  /** Loads the public rows and this resident's into memory. Call on start and after a user change. */
  const prime = async (forUser: string | null = userId()): Promise<number> => {
    mirror.clear();
    const scopes = forUser ? [PUBLIC_SCOPE, forUser] : [PUBLIC_SCOPE];
    const rows = await (await db()).cache.where('userId').anyOf(scopes).toArray();
    for (const row of rows) mirror.set(mirrorKey(row.userId, row.key), row);
    return rows.length;
  };

  /** Forgets the in-memory rows (a resident signed out); the stored ones stay for their owner. */
  const reset = (): void => mirror.clear();

  const peek = <T>(spec: Pick<CachedQuerySpec<T>, 'queryKey' | 'visibility' | 'version' | 'parse'>): Cached<T> | null => {
    const scope = scopeOf(spec.visibility);
    return scope ? accept(mirror.get(mirrorKey(scope, hashKey(spec.queryKey))), spec) : null;
  };

  const read = async <T>(spec: Pick<CachedQuerySpec<T>, 'queryKey' | 'visibility' | 'version' | 'parse'>): Promise<Cached<T> | null> => {
    const scope = scopeOf(spec.visibility);
    if (!scope) return null;
    const row = await (await db()).cache.get([scope, hashKey(spec.queryKey)]);
    return accept(row, spec);
  };

  /** Keeps a fresh answer in memory (what the next screen's initialData reads); null when nobody is signed in. */
  const keep = <T>(spec: Pick<CachedQuerySpec<T>, 'queryKey' | 'visibility' | 'version'>, data: T, savedAt: number): CacheRow | null => {
    const scope = scopeOf(spec.visibility);
    if (!scope) return null;
    const row: CacheRow = {
      userId: scope,
      key: hashKey(spec.queryKey),
      queryKey: spec.queryKey,
      data,
      savedAt,
      version: spec.version ?? 1,
    };
    mirror.set(mirrorKey(row.userId, row.key), row);
    return row;
  };

  const store = async (row: CacheRow): Promise<void> => {
    try {
      await (await storeDb()).cache.put(row);
    } catch (e) {
      // A full or unavailable IndexedDB must not fail a screen that has its data.
      console.warn('offline cache write failed', e);
    }
  };

  /** Keeps and stores a fresh answer; resolves with its savedAt once it is stored. */
  const write = async <T>(spec: Pick<CachedQuerySpec<T>, 'queryKey' | 'visibility' | 'version'>, data: T): Promise<number> => {
    const savedAt = now();
    const row = keep(spec, data, savedAt);
    if (row) await store(row);
    return savedAt;
  };

  const queryFn =
    <T>(spec: Omit<CachedQuerySpec<T>, 'queryKey'> & { queryKey?: QueryKey }) =>
    async (context: Pick<QueryFunctionContext, 'queryKey' | 'signal'>): Promise<Cached<T>> => {
      const full = { ...spec, queryKey: spec.queryKey ?? context.queryKey };
      if (!isOnline()) {
        // Known offline: answer from the copy at once instead of waiting for the retry rule's
        // network wait; TanStack refetches on reconnect because fromCache data is always stale.
        const stored = await read(full).catch(() => null);
        if (stored) return stored;
      }
      try {
        const data = await spec.fetcher(context.signal);
        const savedAt = now();
        const row = keep(full, data, savedAt);
        // Not awaited: the screen has its data, and on a first visit the database comes later.
        if (row) void store(row);
        return { data, fromCache: false, savedAt };
      } catch (e) {
        if (!isTransientFailure(e)) throw e;
        const stored = await read(full).catch(() => null);
        if (stored) return stored;
        throw e;
      }
    };

  /**
   * queryOptions for a cached read. `data` is Cached<T>: screens use `data.data`, and show the
   * reload button when `data.fromCache`.
   */
  const options = <T, K extends QueryKey>(spec: CachedQuerySpec<T, K> & { staleTime?: number }) => {
    const freshFor = spec.staleTime ?? 60_000;
    return queryOptions({
      queryKey: spec.queryKey,
      queryFn: queryFn<T>(spec),
      initialData: () => peek<T>(spec) ?? undefined,
      initialDataUpdatedAt: () => peek<T>(spec)?.savedAt,
      // A copy from the cache is never fresh: revalidate on mount, focus and reconnect.
      staleTime: (query) => (query.state.data?.fromCache ? 0 : freshFor),
      // The query function handles offline itself (it answers from IndexedDB), so let it run.
      networkMode: 'always',
    });
  };

  return { prime, reset, peek, read, write, queryFn, options };
};

export type OfflineCache = ReturnType<typeof createOfflineCache>;

let appCache: OfflineCache | null = null;

/** The page's cache, bound to the page's database and session. */
export const getOfflineCache = (): OfflineCache => {
  appCache ??= createOfflineCache();
  return appCache;
};

/** The page-bound cachedQueryOptions; see OfflineCache.options. */
export const cachedQueryOptions = <T, K extends QueryKey>(spec: CachedQuerySpec<T, K> & { staleTime?: number }) =>
  getOfflineCache().options<T, K>(spec);
