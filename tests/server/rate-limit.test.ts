/**
 * Writes per user (server/rate-limit.ts): the window in the database on a fake clock, then the
 * real server on both engines: an over-limit write answers 429 with Retry-After and a Japanese message before its
 * handler runs, and nothing of it is written (no row, no idempotency key). Calls a provider bills
 * share the bucket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITED_CODE, RATE_LIMITED_TEXT } from '@core/contract/auth';
import { engines, scratchStores, startTestServer, type TestServer } from './harness';
import { loadConfig } from '../../server/config';
import { importBundle } from '../../server/forms/import';
import { createWriteRateLimiter } from '../../server/rate-limit';
import { sweepRateWindows } from '../../server/store/rate-windows';

const stores = scratchStores('rate');
afterAll(() => stores.closeAll());

describe.each(engines())('the write window, in the database (%s)', (engine) => {
  // On a minute's edge, so the window is the clock's own.
  const clock = () => {
    let t = 60_000 * 29_000_000;
    return { now: () => t, advance: (ms: number) => void (t += ms) };
  };

  it('allows the limit in a minute\'s window, then waits for the next, in whole seconds', async () => {
    const store = await stores.open(engine);
    const c = clock();
    const limit = createWriteRateLimiter(store.db, { perMinute: 6, kioskPerMinute: 60 }, c.now);
    for (let i = 0; i < 6; i++) expect(await limit('U1', false)).toBeNull();
    expect(await limit('U1', false)).toBe(60);
    c.advance(4_500);
    expect(await limit('U1', false)).toBe(56);
    c.advance(55_500);
    expect(await limit('U1', false)).toBeNull();
    // Another resident has a window of their own.
    expect(await limit('U2', false)).toBeNull();
    // Windows over go with the sweep; the current ones stay.
    expect(await sweepRateWindows(store.db, new Date(c.now()).toISOString())).toBe(1);
    expect(await store.db.selectFrom('rate_windows').select('rate_key').orderBy('rate_key').execute()).toEqual([{ rate_key: 'write:U1' }, { rate_key: 'write:U2' }]);
  });

  it('gives a kiosk its own, larger allowance', async () => {
    const store = await stores.open(engine);
    const limit = createWriteRateLimiter(store.db, { perMinute: 2, kioskPerMinute: 20 }, clock().now);
    for (let i = 0; i < 20; i++) expect(await limit('K:tablet', true)).toBeNull();
    expect(await limit('K:tablet', true)).toBe(60);
  });

  it('0 means no limit, and nothing counted', async () => {
    const store = await stores.open(engine);
    const limit = createWriteRateLimiter(store.db, { perMinute: 0, kioskPerMinute: 0 });
    for (let i = 0; i < 100; i++) expect(await limit('U1', i % 2 === 0)).toBeNull();
    expect(await store.db.selectFrom('rate_windows').select('rate_key').execute()).toEqual([]);
  });
});

describe('the write limit', () => {
  it('is configured by WRITE_RATE_LIMIT and KIOSK_WRITE_RATE_LIMIT (10 × by default)', () => {
    expect(loadConfig({}).writeRateLimit).toEqual({ perMinute: 60, kioskPerMinute: 600 });
    expect(loadConfig({ WRITE_RATE_LIMIT: '' }).writeRateLimit).toEqual({ perMinute: 60, kioskPerMinute: 600 });
    expect(loadConfig({ WRITE_RATE_LIMIT: '5' }).writeRateLimit).toEqual({ perMinute: 5, kioskPerMinute: 50 });
    expect(loadConfig({ WRITE_RATE_LIMIT: '5', KIOSK_WRITE_RATE_LIMIT: '7' }).writeRateLimit).toEqual({ perMinute: 5, kioskPerMinute: 7 });
    expect(loadConfig({ WRITE_RATE_LIMIT: '0' }).writeRateLimit).toEqual({ perMinute: 0, kioskPerMinute: 0 });
    expect(() => loadConfig({ WRITE_RATE_LIMIT: '-1' })).toThrow(/WRITE_RATE_LIMIT/);
    expect(() => loadConfig({ KIOSK_WRITE_RATE_LIMIT: 'many' })).toThrow(/KIOSK_WRITE_RATE_LIMIT/);
  });
});

const SURVEY = 'rate';
/** Windows are the clock's minutes: a test counting within one starts clear of a minute's edge. */
const awayFromWindowEdge = async () => {
  const into = Date.now() % 60_000;
  if (into > 52_000) await new Promise((r) => setTimeout(r, 60_100 - into));
};
const body = (value: string) => ({ data: [{ surveyId: SURVEY, itemKey: 'a', value }] });

describe.each(engines())('rate-limited writes on the real server (%s)', (engine) => {
  let server: TestServer;

  const rows = async (userId: string) =>
    (await server.deps.store.db.selectFrom('survey_results').select('partition_key').where('user_id', '=', userId).execute()).length;
  const keyStored = async (key: string) =>
    (await server.deps.store.db.selectFrom('idempotency_keys').select('idem_key').where('idem_key', '=', key).execute()).length > 0;
  const put = (token: string, key: string, value = key) =>
    server.api('POST', '/survey-results/putItem', { token, body: body(value), headers: { 'Idempotency-Key': key } });

  beforeAll(async () => {
    server = await startTestServer(engine, { WRITE_RATE_LIMIT: '3' });
    await importBundle(
      server.deps.store,
      {
        surveyConfigs: [
          { surveyId: SURVEY, surveyTitle: '連投テスト', isAppending: { value: true }, surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] },
        ],
      },
      'rate-limit.test.ts',
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the write past the limit 429 with Retry-After, before the handler: nothing is written', async () => {
    await awayFromWindowEdge();
    const token = await server.token('Urapid');
    for (const key of ['key-rate-1', 'key-rate-2', 'key-rate-3']) expect((await put(token, key)).status).toBe(200);
    expect(await rows('Urapid')).toBe(3);

    const refused = await put(token, 'key-rate-4');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ result: 'ERROR', code: RATE_LIMITED_CODE, errorMessage: RATE_LIMITED_TEXT });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // The rest of the minute's window.
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await rows('Urapid')).toBe(3);
    // Not stored as the key's answer: the same key may go again once the wait is over.
    expect(await keyStored('key-rate-4')).toBe(false);
    // Even a body the handler would refuse is not looked at.
    const malformed = await server.api('POST', '/survey-results/putItem', { token, rawBody: '{oops', headers: { 'Idempotency-Key': 'key-rate-5' } });
    expect(malformed.status).toBe(429);
  });

  it('counts the calls a provider bills (facility search, reverse geocoding) with the writes', async () => {
    await awayFromWindowEdge();
    const token = await server.token('Umaps');
    const geocode = () => server.api('GET', '/maps/reverse-geocode?lat=35.68&lng=139.76', { token });
    const search = () => server.api('POST', '/survey-results/place-google', { token, body: { surveyId: SURVEY, itemKey: 'a', query: '病院', prefecture: '東京都' } });
    for (const call of [geocode, search, geocode]) expect((await call()).status).not.toBe(429);
    const refused = [await search(), await geocode()];
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    expect(refused[0]?.json).toMatchObject({ code: RATE_LIMITED_CODE, errorMessage: RATE_LIMITED_TEXT });
    // Their bucket is the writes': one more answer is refused too.
    expect((await put(token, 'key-maps-1')).status).toBe(429);
  });

  it('counts per user, and no plain reads', async () => {
    await awayFromWindowEdge();
    const token = await server.token('Ubusy');
    for (const key of ['key-busy-1', 'key-busy-2', 'key-busy-3']) expect((await put(token, key)).status).toBe(200);
    expect((await put(token, 'key-busy-4')).status).toBe(429);
    // Reads are not counted.
    const read = await server.api('GET', `/survey-results/getBySurveyIdUserIdIndex?surveyId=${SURVEY}`, { token });
    expect(read.status).toBe(200);
    expect(read.json.data).toHaveLength(3);
    // Someone else writes on.
    expect((await put(await server.token('Ucalm'), 'key-calm-1')).status).toBe(200);
    expect(await rows('Ucalm')).toBe(1);
  });
});

// Two servers on one PostgreSQL schema, as behind a load balancer, count against one limit.
describe.runIf(engines().includes('postgres'))('the write limit across servers', () => {
  it('is shared by two servers on one PostgreSQL', async ({ onTestFinished }) => {
    const first = await startTestServer('postgres', { WRITE_RATE_LIMIT: '4' });
    const second = await startTestServer('postgres', { WRITE_RATE_LIMIT: '4' }, { sameDatabaseAs: first });
    onTestFinished(async () => {
      await second.stop();
      await first.stop();
    });
    await importBundle(
      first.deps.store,
      { surveyConfigs: [{ surveyId: SURVEY, surveyTitle: '連投テスト', isAppending: { value: true }, surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] }] },
      'rate-limit.test.ts',
    );
    // One resident, signed in on each server (each has its own issuer URL).
    const tokens = new Map([
      [first, await first.token('Utwo')],
      [second, await second.token('Utwo')],
    ]);
    const put = (srv: TestServer, key: string) =>
      srv.api('POST', '/survey-results/putItem', { token: tokens.get(srv) as string, body: body(key), headers: { 'Idempotency-Key': key } });
    const statuses = [];
    await awayFromWindowEdge();
    for (const [i, srv] of [first, second, first, second, first, second].entries()) statuses.push((await put(srv, `key-two-${i}`)).status);
    // Apart, each server would have let all six through (three each, under its four).
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
