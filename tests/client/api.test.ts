import { appConfig, surveyConfigsGetItem, surveyConfigsOpenList, surveyResultsPutItem } from '@core/contract/survey';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, createApiClient, unwrap } from '../../src/lib/api';
import { ApiClientError } from '../../src/lib/api-error';
import { saveSession, type Session } from '../../src/lib/session';
import { fakeRetryDeps, makeIdToken } from './fake-clock';
import { json } from './offline-helpers';

const session: Session = {
  idToken: makeIdToken({ sub: 'U1', exp: 4_000_000_000 }),
  accessToken: 'a',
  profile: { userId: 'U1', displayName: '山田 花子' },
};

const openList = { result: 'OK', data: [{ surveyId: 's1', surveyTitle: '健診予約', description: null }] };

const setup = (responses: (() => Response | Promise<Response>)[], opts: { session?: Session | null } = {}) => {
  const clock = fakeRetryDeps();
  const queue = [...responses];
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const next = queue.shift();
    if (!next) throw new Error('unexpected fetch');
    return next();
  });
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getSession: () => (opts.session === undefined ? session : opts.session),
    retryDeps: clock.deps,
  });
  const headersOf = (i: number) => new Headers(fetch.mock.calls[i]?.[1]?.headers);
  return { client, fetch, clock, headersOf };
};

describe('api client', () => {
  it('sends the id token as Bearer when a session exists', async () => {
    const { client, fetch, headersOf } = setup([() => json(200, openList)]);
    await client.call(surveyConfigsOpenList);
    expect(fetch.mock.calls[0]?.[0]).toBe('/survey/api/v1/db/survey-configs/open');
    expect(headersOf(0).get('Authorization')).toBe(`Bearer ${session.idToken}`);
  });

  it('sends no Authorization without a session', async () => {
    const { client, headersOf } = setup([() => json(200, openList)], { session: null });
    await client.call(surveyConfigsOpenList);
    expect(headersOf(0).has('Authorization')).toBe(false);
  });

  it('uses the stored session and the global fetch by default', async () => {
    localStorage.clear();
    saveSession(session);
    const fetch = vi.fn(async () => json(200, openList));
    vi.stubGlobal('fetch', fetch);
    try {
      await call(surveyConfigsOpenList);
      const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
      expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${session.idToken}`);
    } finally {
      vi.unstubAllGlobals();
      localStorage.clear();
    }
  });

  it('builds the query string and parses the answer with the contract', async () => {
    const { client, fetch } = setup([() => json(200, openList)]);
    const answer = await client.call(surveyConfigsOpenList, {});
    expect(unwrap(answer)).toEqual(openList.data);

    const cfg = setup([() => json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'no survey config.' })]);
    await expect(cfg.client.call(surveyConfigsGetItem, { query: { surveyId: 'a b&c' } })).rejects.toBeInstanceOf(ApiClientError);
    expect(cfg.fetch.mock.calls[0]?.[0]).toBe('/survey/api/v1/db/survey-configs/getItem?surveyId=a+b%26c');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends a JSON body, with one Idempotency-Key for every attempt of an idempotent write', async () => {
    const busy = () => json(503, { result: 'ERROR', code: 'unavailable', errorMessage: 'busy', retryable: true });
    const ok = () => json(200, { result: 'OK', partitionKey: 's1#U1', answercode: null, data: [] });
    const { client, fetch, headersOf } = setup([busy, ok]);
    await client.call(surveyResultsPutItem, { body: { data: [{ surveyId: 's1', itemKey: 'name', value: '花子' }] } });
    expect(fetch).toHaveBeenCalledTimes(2);
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ data: [{ surveyId: 's1', itemKey: 'name', value: '花子' }] });
    expect(headersOf(0).get('Content-Type')).toBe('application/json');
    expect(headersOf(0).get('Idempotency-Key')).toMatch(/.{16,}/);
    expect(headersOf(1).get('Idempotency-Key')).toBe(headersOf(0).get('Idempotency-Key'));
  });

  it('maps the error envelope to ApiClientError', async () => {
    const { client } = setup([
      () =>
        json(400, {
          result: 'ERROR',
          code: 'bad_request',
          errorMessage: 'query.surveyId: required',
          issues: [{ path: 'query.surveyId', message: 'required' }],
          needRefresh: true,
        }),
    ]);
    const err = await client.call(surveyConfigsGetItem, { query: { surveyId: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({
      status: 400,
      code: 'bad_request',
      errorMessage: 'query.surveyId: required',
      issues: [{ path: 'query.surveyId', message: 'required' }],
      needRefresh: true,
    });
  });

  it('maps an answer that is not the envelope by its status', async () => {
    const { client } = setup([() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })]);
    await expect(client.call(appConfig)).rejects.toMatchObject({ status: 502, code: 'http_502', errorMessage: 'Bad Gateway' });
  });

  it('refuses a 2xx answer that does not match the contract', async () => {
    const { client } = setup([() => json(200, { result: 'OK', data: [{ surveyId: 1 }] })]);
    await expect(client.call(surveyConfigsOpenList)).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('retries a retryable 503 up to 3 attempts, then raises it', async () => {
    const busy = () => json(503, { result: 'ERROR', code: 'unavailable', errorMessage: 'busy', retryable: true });
    const { client, fetch, clock } = setup([busy, busy, busy]);
    await expect(client.call(surveyConfigsOpenList)).rejects.toMatchObject({ status: 503, retryable: true });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(clock.elapsed()).toBeLessThan(60_000);
  });

  it('does not retry a 503 without retryable', async () => {
    const { client, fetch } = setup([() => json(503, { result: 'ERROR', code: 'unavailable', errorMessage: 'down' })]);
    await expect(client.call(surveyConfigsOpenList)).rejects.toMatchObject({ status: 503, retryable: false });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a network failure once after 1 s, then raises code network', async () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    const { client, fetch, clock } = setup([offline, offline]);
    await expect(client.call(surveyConfigsOpenList)).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(clock.sleeps).toEqual([1_000]);
  });

  it('raises code timeout when the server does not answer in time', async () => {
    const { client, clock } = setup([() => new Promise<Response>(() => {})]);
    const pending = client.call(surveyConfigsOpenList, {}, { timeoutMs: 10_000 });
    clock.advance(10_000);
    await expect(pending).rejects.toMatchObject({ code: 'timeout' });
  });

  it('unwrap throws an ERROR envelope that came with 200', () => {
    expect(() => unwrap({ result: 'ERROR', errorMessage: 'no survey config.' })).toThrow(ApiClientError);
  });

  it('is typed by the contract', () => {
    const { client } = setup([]);
    // Only compiled, never awaited: the checks are the type errors below.
    const typed = () => {
      // @ts-expect-error getItem needs query.surveyId
      void client.call(surveyConfigsGetItem, {});
      // @ts-expect-error surveyId is a string
      void client.call(surveyConfigsGetItem, { query: { surveyId: 1 } });
      void client.call(appConfig);
    };
    expect(typed).toBeTypeOf('function');
  });
});

describe('api client with fake timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses a 30 s timeout by default', async () => {
    const client = createApiClient({
      fetch: (() => new Promise<Response>(() => {})) as typeof globalThis.fetch,
      getSession: () => null,
    });
    const pending = client.call(surveyConfigsOpenList).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'timeout' });
  });
});
