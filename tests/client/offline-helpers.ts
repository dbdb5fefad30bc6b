/** Shared fixtures of the offline tests: a fresh database per test, a fake server, fake auth. */
import { vi } from 'vitest';
import { getOfflineCache } from '../../src/offline/cache';
import { getOfflineDb, openOfflineDb, type OfflineDb } from '../../src/offline/db';
import type { EnqueueInput, LockRunner, OutboxAuth } from '../../src/offline/outbox';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** For tests of the whole app: an empty device, with no cached config, draft or queued answer. */
export const clearDevice = async (): Promise<void> => {
  getOfflineCache().reset();
  const db = getOfflineDb();
  await Promise.all([db.cache.clear(), db.drafts.clear(), db.outbox.clear()]);
};

export const putItemOk = (partitionKey = 's1#U1', answercode: string | null = null) =>
  json(200, { result: 'OK', partitionKey, answercode, data: [] });

export const busy503 = () => json(503, { result: 'ERROR', code: 'unavailable', errorMessage: 'busy', retryable: true });

/** Every test gets its own database name, so nothing leaks between tests. */
export const freshDbName = () => `liff-forms-test-${crypto.randomUUID()}`;

export const openTestDb = (name = freshDbName()): OfflineDb => openOfflineDb({ name });

export type FakeResponse = Response | Error | (() => Response | Promise<Response>);

/** A fetch that answers from a queue and records what was sent. */
export const fakeServer = (responses: FakeResponse[] = []) => {
  const queue = [...responses];
  const fetch = vi.fn(async (_input: string | URL | Request, _init?: RequestInit): Promise<Response> => {
    const next = queue.shift();
    if (next === undefined) throw new Error('unexpected fetch');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  });
  const headers = (i: number) => new Headers(fetch.mock.calls[i]?.[1]?.headers);
  return {
    fetch,
    push: (...more: FakeResponse[]) => queue.push(...more),
    keyOf: (i: number) => headers(i).get('Idempotency-Key'),
    authOf: (i: number) => headers(i).get('Authorization'),
    bodyOf: (i: number) => JSON.parse(String(fetch.mock.calls[i]?.[1]?.body)) as unknown,
    urlOf: (i: number) => String(fetch.mock.calls[i]?.[0]),
  };
};

/** Who is signed in and which token is valid, switched by the test. */
export const fakeAuth = (userId: string | null = 'U1', token: string | null = 'token-U1') => {
  const state = { userId, token };
  const auth: OutboxAuth = {
    currentUserId: () => state.userId,
    freshToken: () => (state.userId && state.token ? { userId: state.userId, idToken: state.token } : null),
  };
  return {
    auth,
    signIn: (user: string, tok = `token-${user}`) => {
      state.userId = user;
      state.token = tok;
    },
    expire: () => {
      state.token = null;
    },
    signOut: () => {
      state.userId = null;
      state.token = null;
    },
  };
};

/** A Web-Locks-like mutex shared by several "tabs" of one test. */
export const fakeLocks = (): LockRunner & { held: () => boolean } => {
  let tail: Promise<unknown> = Promise.resolve();
  let holding = false;
  const run = (<T>(_name: string, fn: () => Promise<T>): Promise<T> => {
    const result = tail.then(async () => {
      holding = true;
      try {
        return await fn();
      } finally {
        holding = false;
      }
    });
    tail = result.catch(() => undefined);
    return result;
  }) as LockRunner & { held: () => boolean };
  run.held = () => holding;
  return run;
};

/** An in-memory Storage (sessionStorage stand-in that survives a "reload" of the outbox). */
export const memoryStorage = (): Storage => {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
};

export const answerInput = (
  values: Record<string, string> = { name: '山田 花子' },
  meta: Partial<{ surveyId: string; partitionKey: string; title: string }> = {},
): EnqueueInput<'surveyResultsPutItem'> => {
  const surveyId = meta.surveyId ?? 's1';
  return {
    endpoint: 'surveyResultsPutItem',
    request: { body: { data: Object.entries(values).map(([itemKey, value]) => ({ surveyId, itemKey, value })), configVersion: 1 } },
    meta: { surveyId, partitionKey: meta.partitionKey, title: meta.title ?? '健診予約' },
  };
};

/** Lets queued microtasks and IndexedDB callbacks run (fake-indexeddb answers on timers). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
