/**
 * The location item's server side (spec 02 §7), on each engine: GET /maps/reverse-geocode through
 * the local geocoder (bundled municipalities) and through the Google adapter against recorded
 * answers on a local stand-in; the development tiles; the tile setting in /app-config.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { stripCountryAndPostcode } from '../../server/providers/geocode';
import { engines, startTestServer, type TestServer } from './harness';

const recorded = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'recorded', name), 'utf8');

describe('stripCountryAndPostcode', () => {
  it('removes the leading country and postcode, nothing else', () => {
    expect(stripCountryAndPostcode('日本、〒100-0005 東京都千代田区丸の内１丁目１')).toBe('東京都千代田区丸の内１丁目１');
    expect(stripCountryAndPostcode('Japan, 〒810-0001 福岡県福岡市中央区天神')).toBe('福岡県福岡市中央区天神');
    expect(stripCountryAndPostcode('日本、東京都千代田区')).toBe('東京都千代田区');
    expect(stripCountryAndPostcode('東京都千代田区日本橋')).toBe('東京都千代田区日本橋');
  });
});

describe('the tile setting', () => {
  it('development: the server’s own tiles; production: GSI; MAP_TILE_URL must be https or a local path with {z}/{x}/{y}', () => {
    expect(loadConfig({}).mapTiles.url).toBe('/dev/tiles/{z}/{x}/{y}.png');
    expect(loadConfig({ NODE_ENV: 'production', LINE_CHANNEL_ID: '1', FILE_SCAN: 'builtin' }).mapTiles).toEqual({
      url: 'https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png',
      attribution: '出典：国土地理院',
    });
    expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example.jp/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© 例' }).mapTiles).toEqual({
      url: 'https://tiles.example.jp/{z}/{x}/{y}.png',
      attribution: '© 例',
    });
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.example.jp/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: '//tiles.example.jp/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.jp/tile.png' })).toThrow(/MAP_TILE_URL/);
  });
});

const fakeGeocoder = async () => {
  const state = { status: 200, body: recorded('geocode-reverse.json'), seen: [] as URL[] };
  const server = http.createServer((req, res) => {
    state.seen.push(new URL(req.url ?? '/', 'http://x'));
    res.writeHead(state.status, { 'content-type': 'application/json' }).end(state.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/geocode/json`, close: () => server.close() };
};

for (const engine of engines()) {
  describe(`reverse geocoding and tiles (${engine})`, () => {
    let local: TestServer;
    let google: TestServer;
    let fake: Awaited<ReturnType<typeof fakeGeocoder>>;
    const tokens = new Map<TestServer, string>();
    const reverse = (srv: TestServer, q: string, auth = true) =>
      srv.api('GET', `/maps/reverse-geocode?${q}`, auth ? { token: tokens.get(srv) as string } : {});

    beforeAll(async () => {
      fake = await fakeGeocoder();
      local = await startTestServer(engine);
      google = await startTestServer(engine, { GOOGLE_MAPS_API_KEY: 'geo-key', GOOGLE_GEOCODE_URL: fake.url });
      tokens.set(local, await local.token('U-map'));
      tokens.set(google, await google.token('U-map'));
    });
    afterAll(async () => {
      await local?.stop();
      await google?.stop();
      fake?.close();
    });

    it('local: the nearest municipality, country and postcode removed; the open sea has no address', async () => {
      const tokyo = await reverse(local, 'lat=35.6815&lng=139.7675');
      expect(tokyo.status).toBe(200);
      expect(tokyo.json).toEqual({ result: 'OK', data: { address: '東京都千代田区丸の内１丁目' } });
      expect((await reverse(local, 'lat=33.5905&lng=130.3995')).json).toMatchObject({ data: { address: '福岡県福岡市中央区天神１丁目' } });
      expect((await reverse(local, 'lat=30&lng=140')).json).toEqual({ result: 'OK', data: { address: null } });
    });

    it('refuses a position out of range, and a caller without a session', async () => {
      expect((await reverse(local, 'lat=91&lng=139')).status).toBe(400);
      expect((await reverse(local, 'lat=35&lng=abc')).status).toBe(400);
      expect((await reverse(local, 'lat=35.68&lng=139.76', false)).status).toBe(401);
    });

    it('google: asks with latlng, language ja and the key; reads the recorded answer’s first address', async () => {
      fake.state.status = 200;
      fake.state.body = recorded('geocode-reverse.json');
      fake.state.seen.length = 0;
      const r = await reverse(google, 'lat=35.6812362&lng=139.7671248');
      expect(r.json).toEqual({ result: 'OK', data: { address: '東京都千代田区丸の内１丁目１' } });
      const asked = fake.state.seen[0]!;
      expect(asked.searchParams.get('latlng')).toBe('35.6812362,139.7671248');
      expect(asked.searchParams.get('language')).toBe('ja');
      expect(asked.searchParams.get('key')).toBe('geo-key');
    });

    it('google: ZERO_RESULTS is no address; an error status or a non-200 answer is refused (503)', async () => {
      fake.state.status = 200;
      fake.state.body = JSON.stringify({ results: [], status: 'ZERO_RESULTS' });
      expect((await reverse(google, 'lat=30&lng=140')).json).toEqual({ result: 'OK', data: { address: null } });
      fake.state.body = recorded('geocode-denied.json');
      const denied = await reverse(google, 'lat=35.68&lng=139.76');
      expect(denied.status).toBe(503);
      expect(denied.json).toMatchObject({ code: 'geocode_error', errorMessage: '住所を取得できませんでした。地図で位置を選び直してください。' });
      fake.state.status = 500;
      fake.state.body = recorded('geocode-reverse.json');
      expect((await reverse(google, 'lat=35.68&lng=139.76')).status).toBe(503);
    });

    it('development serves its own tiles, and /app-config names them', async () => {
      const tile = await local.fetch('/dev/tiles/15/29105/12903.png');
      expect(tile.status).toBe(200);
      expect(tile.headers.get('content-type')).toBe('image/png');
      expect([...new Uint8Array(await tile.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      const settings = await local.api('GET', '/app-config');
      expect(settings.json).toMatchObject({ data: { mapTiles: { url: '/dev/tiles/{z}/{x}/{y}.png' } } });
    });
  });
}
