/**
 * Facility search, POST /survey-results/place-google (spec 02 §7, §8), on each engine: the local
 * provider over its bundled dataset in development; the Google Places adapter against recorded
 * answers served by a stand-in on 127.0.0.1 (the request it sends is checked too); refusals.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { importBundle } from '../../server/forms/import';
import { createPlacesProvider, MAX_BIAS_METRES, PLACES_FIELD_MASK } from '../../server/providers/places';
import { engines, startTestServer, type TestServer } from './harness';

const ERROR_TEXT = '入力内容を確認してください。';
const recorded = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'recorded', name), 'utf8');
const form = {
  surveyId: 'shisetsu',
  surveyTitle: 'かかりつけ医の登録',
  surveySchema: [
    { itemKey: 'iryokikan', type: 'facility', title: 'かかりつけの医療機関', isRequired: { value: true }, defaultPrefecture: '福岡県' },
    { itemKey: 'shimei', type: 'text', title: '氏名' },
  ],
};

/** A stand-in for places.googleapis.com: answers what the test sets, and keeps what it was sent. */
const fakeGoogle = async () => {
  const state = { status: 200, body: recorded('places-search-text.json'), seen: [] as { headers: http.IncomingHttpHeaders; body: unknown; url: string }[] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      state.seen.push({ headers: req.headers, body: JSON.parse(raw || 'null'), url: req.url ?? '' });
      res.writeHead(state.status, { 'content-type': 'application/json' }).end(state.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/places:searchText`, close: () => server.close() };
};

for (const engine of engines()) {
  describe(`facility search (${engine})`, () => {
    let local: TestServer;
    let google: TestServer;
    let fake: Awaited<ReturnType<typeof fakeGoogle>>;
    let token: string;
    const tokens = new Map<TestServer, string>();
    const search = (srv: TestServer, body: Record<string, unknown>, auth = true) =>
      srv.api('POST', '/survey-results/place-google', {
        ...(auth ? { token: tokens.get(srv) as string } : {}),
        body: { surveyId: 'shisetsu', itemKey: 'iryokikan', ...body },
      });

    beforeAll(async () => {
      fake = await fakeGoogle();
      local = await startTestServer(engine);
      google = await startTestServer(engine, { GOOGLE_MAPS_API_KEY: 'test-key', GOOGLE_PLACES_URL: fake.url });
      for (const srv of [local, google]) await importBundle(srv.deps.store, { surveyConfigs: [form] }, 'fixture');
      token = await local.token('U-facility');
      tokens.set(local, token);
      tokens.set(google, await google.token('U-facility'));
    });
    afterAll(async () => {
      await local?.stop();
      await google?.stop();
      fake?.close();
    });

    it('local: finds facilities of the prefecture by keyword, in the provider’s shape', async () => {
      expect(local.deps.places?.kind).toBe('local');
      const r = await search(local, { query: 'さくら', prefecture: '福岡県' });
      expect(r.status).toBe(200);
      const places = (r.json as { results: { places: { displayName: string; internationalPhoneNumber?: string | null }[] } }).results.places;
      expect(places.map((p) => p.displayName)).toEqual(['さくら市民病院', '天神さくら内科クリニック']);
      expect(places[0]).toMatchObject({ shortFormattedAddress: '福岡市博多区東公園7-7', internationalPhoneNumber: '+81 92-123-4567' });
      // Another prefecture's さくら is not offered; half-width kana and a full-width space fold.
      const tokyo = await search(local, { query: 'さくら　ｸﾘﾆｯｸ', prefecture: '東京都' });
      expect((tokyo.json as { results: { places: { displayName: string }[] } }).results.places.map((p) => p.displayName)).toEqual(['丸の内さくらクリニック']);
    });

    it('nothing found is an OK answer with no places (該当する施設が見つかりませんでした on the page)', async () => {
      const r = await search(local, { query: '存在しない施設', prefecture: '福岡県' });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ result: 'OK', results: { places: [] } });
    });

    it('refuses what is not a facility search: another item, an unknown prefecture, a blank keyword, no sign-in', async () => {
      const other = await search(local, { itemKey: 'shimei', query: '病院', prefecture: '福岡県' });
      expect(other.status).toBe(400);
      expect(other.json).toMatchObject({ errorMessage: ERROR_TEXT });
      const pref = await search(local, { query: '病院', prefecture: '福岡' });
      expect(pref.status).toBe(400);
      expect(pref.json).toMatchObject({ errorMessage: ERROR_TEXT });
      expect((await search(local, { query: '   ', prefecture: '福岡県' })).status).toBe(400);
      expect((await search(local, { query: '病院', prefecture: '福岡県' }, false)).status).toBe(401);
      expect((await local.api('POST', '/survey-results/place-google', { token, body: { surveyId: 'nai', itemKey: 'iryokikan', query: 'a', prefecture: '福岡県' } })).status).toBe(404);
    });

    it('google: sends Text Search with the key, field mask and the prefecture’s circle; maps the recorded answer', async () => {
      fake.state.status = 200;
      fake.state.body = recorded('places-search-text.json');
      fake.state.seen.length = 0;
      const r = await search(google, { query: '市役所', prefecture: '北海道' });
      expect(r.status).toBe(200);
      expect((r.json as { results: unknown }).results).toEqual({
        places: [
          { displayName: '札幌市役所', shortFormattedAddress: '札幌市中央区北１条西２丁目', internationalPhoneNumber: '+81 11-231-4111', location: { lat: 43.0621868, lng: 141.3544481 } },
          { displayName: '北海道庁', shortFormattedAddress: '札幌市中央区北３条西６丁目', internationalPhoneNumber: null, location: { lat: 43.0640251, lng: 141.3468704 } },
        ],
      });
      const sent = fake.state.seen[0]!;
      expect(sent.headers['x-goog-api-key']).toBe('test-key');
      expect(sent.headers['x-goog-fieldmask']).toBe(PLACES_FIELD_MASK);
      expect(sent.body).toMatchObject({
        textQuery: '市役所 北海道',
        languageCode: 'ja',
        locationBias: { circle: { center: { latitude: 43.0642, longitude: 141.3469 }, radius: MAX_BIAS_METRES } },
      });
    });

    it('google: an answer with no places is an empty list; an error answer is the spec’s search error', async () => {
      fake.state.status = 200;
      fake.state.body = '{}';
      expect((await search(google, { query: '該当なし', prefecture: '東京都' })).json).toEqual({ result: 'OK', results: { places: [] } });
      fake.state.status = 403;
      fake.state.body = recorded('places-error-403.json');
      const refused = await search(google, { query: '病院', prefecture: '東京都' });
      expect(refused.status).toBe(503);
      expect(refused.json).toMatchObject({ code: 'places_error', errorMessage: ERROR_TEXT });
      fake.state.status = 200;
      fake.state.body = 'not json';
      expect((await search(google, { query: '病院', prefecture: '東京都' })).status).toBe(503);
    });

    it('production without a key: no provider, and the search says so', async () => {
      const production = loadConfig({ NODE_ENV: 'production', LINE_CHANNEL_ID: '1234567890', FILE_SCAN: 'builtin' });
      expect(createPlacesProvider(production)).toBeNull();
      const app = createApp({ ...local.deps, places: null });
      const r = await app.request('/survey/api/v1/db/survey-results/place-google', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ surveyId: 'shisetsu', itemKey: 'iryokikan', query: '病院', prefecture: '東京都' }),
      });
      expect(r.status).toBe(503);
      expect(await r.json()).toMatchObject({ code: 'places_off', errorMessage: '現在施設検索を利用できません。' });
    });
  });
}
