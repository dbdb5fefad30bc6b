import 'fake-indexeddb/auto';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../src/lib/api-error';
import { createOfflineCache, isTransientFailure, type Cached } from '../../src/offline/cache';
import type { OfflineDb } from '../../src/offline/db';
import { openTestDb } from './offline-helpers';

const dbs: OfflineDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const networkDown = () => new ApiClientError({ status: 0, code: 'network', errorMessage: 'Failed to fetch' });

const setup = (user: string | null = 'U1') => {
  const db = openTestDb();
  dbs.push(db);
  const state = { user, now: 1_000, online: true };
  const cache = createOfflineCache({
    db: () => db,
    userId: () => state.user,
    now: () => state.now,
    isOnline: () => state.online,
  });
  return { db, state, cache };
};

const config = (version: number) => ({ surveyId: 's1', surveyTitle: '健診予約', version });
const signal = new AbortController().signal;

describe('read-through cache', () => {
  it('stores a fresh answer and serves it, marked stale, when the network fails', async () => {
    const { cache, state } = setup();
    const key = ['survey-config', 's1'] as const;
    const fetcher = vi.fn(async () => config(1));
    const fresh = await cache.queryFn({ queryKey: key, fetcher })({ queryKey: key, signal });
    expect(fresh).toEqual({ data: config(1), fromCache: false, savedAt: 1_000 });

    state.now = 5_000;
    fetcher.mockRejectedValueOnce(networkDown());
    const stale = await cache.queryFn({ queryKey: key, fetcher })({ queryKey: key, signal });
    expect(stale).toEqual({ data: config(1), fromCache: true, savedAt: 1_000 });
  });

  it('known offline: answers from IndexedDB without trying the network', async () => {
    const { cache, state } = setup();
    const key = ['survey-config', 's1'];
    await cache.write({ queryKey: key }, config(2));
    state.online = false;
    const fetcher = vi.fn(async () => config(3));
    expect(await cache.queryFn({ queryKey: key, fetcher })({ queryKey: key, signal })).toMatchObject({ data: config(2), fromCache: true });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('a refusal (404, 401) is thrown, not hidden behind an old copy', async () => {
    const { cache } = setup();
    const key = ['survey-config', 's1'];
    await cache.write({ queryKey: key }, config(1));
    const gone = new ApiClientError({ status: 404, code: 'not_found', errorMessage: 'no survey config.' });
    await expect(cache.queryFn({ queryKey: key, fetcher: async () => Promise.reject(gone) })({ queryKey: key, signal })).rejects.toBe(gone);
  });

  it('no copy and no network: the network error is thrown', async () => {
    const { cache } = setup();
    const err = networkDown();
    await expect(cache.queryFn({ queryKey: ['x'], fetcher: async () => Promise.reject(err) })({ queryKey: ['x'], signal })).rejects.toBe(err);
  });

  it('per user: another resident never gets the copy; public lists are shared', async () => {
    const { cache, state } = setup('U1');
    await cache.write({ queryKey: ['results', 's1'] }, ['U1 の回答']);
    await cache.write({ queryKey: ['open-surveys'], visibility: 'public' }, ['s1']);
    state.user = 'U2';
    expect(await cache.read({ queryKey: ['results', 's1'] })).toBeNull();
    expect(await cache.read({ queryKey: ['open-surveys'], visibility: 'public' })).toMatchObject({ data: ['s1'] });
    state.user = null;
    expect(await cache.read({ queryKey: ['results', 's1'] })).toBeNull();
    state.user = 'U1';
    expect(await cache.read({ queryKey: ['results', 's1'] })).toMatchObject({ data: ['U1 の回答'] });
  });

  it('ignores a copy of another format version, or one its parser refuses', async () => {
    const { cache } = setup();
    await cache.write({ queryKey: ['k'], version: 1 }, { old: true });
    expect(await cache.read({ queryKey: ['k'], version: 2 })).toBeNull();
    const parse = (d: unknown) => {
      if (!(d as { version?: number }).version) throw new Error('bad shape');
      return d as { version: number };
    };
    expect(await cache.read({ queryKey: ['k'], version: 1, parse })).toBeNull();
  });

  it('transient failures are network, timeout, 5xx and unparseable answers', () => {
    expect(isTransientFailure(networkDown())).toBe(true);
    expect(isTransientFailure(new ApiClientError({ status: 503, code: 'unavailable', errorMessage: '' }))).toBe(true);
    expect(isTransientFailure(new ApiClientError({ status: 200, code: 'invalid_response', errorMessage: '' }))).toBe(true);
    expect(isTransientFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransientFailure(new ApiClientError({ status: 403, code: 'forbidden', errorMessage: '' }))).toBe(false);
  });
});

describe('TanStack Query: render from cache at once, then revalidate', () => {
  it('primed rows are the initial data (stale) and the fetch replaces them', async () => {
    const { cache, state, db } = setup();
    const key = ['survey-config', 's1'] as const;
    await cache.write({ queryKey: key }, config(1));
    // A new page: a new cache instance primed from IndexedDB.
    const page = createOfflineCache({ db: () => db, userId: () => state.user, now: () => 9_000, isOnline: () => true });
    expect(await page.prime()).toBe(1);

    let resolveFetch: (v: ReturnType<typeof config>) => void = () => {};
    const fetcher = vi.fn(() => new Promise<ReturnType<typeof config>>((resolve) => (resolveFetch = resolve)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(client, page.options({ queryKey: key, fetcher }));
    const results: { data: Cached<ReturnType<typeof config>> | undefined; isFetching: boolean }[] = [];
    const off = observer.subscribe((r) => results.push({ data: r.data, isFetching: r.isFetching }));

    // First render: the stored copy, already on screen while the fetch runs.
    const first = observer.getCurrentResult();
    expect(first.data).toEqual({ data: config(1), fromCache: true, savedAt: 1_000 });
    expect(first.isPending).toBe(false);
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    expect(observer.getCurrentResult().isFetching).toBe(true);

    resolveFetch(config(2));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ data: config(2), fromCache: false, savedAt: 9_000 }));
    expect((await page.read({ queryKey: key }))?.data).toEqual(config(2));
    off();
    client.clear();
  });

  it('offline on a weak connection: the query succeeds with the copy instead of an error screen', async () => {
    const { cache } = setup();
    const key = ['survey-config', 's1'] as const;
    await cache.write({ queryKey: key }, config(1));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = cache.options({ queryKey: key, fetcher: async () => Promise.reject(networkDown()), staleTime: 60_000 });
    const data = await client.fetchQuery(options);
    expect(data).toMatchObject({ data: config(1), fromCache: true });
    // A copy from the cache is stale at once (whatever staleTime says), so TanStack refetches on
    // reconnect, focus or the next mount.
    const observer = new QueryObserver(client, options);
    expect(observer.getCurrentResult().isStale).toBe(true);
    client.clear();
  });
});
