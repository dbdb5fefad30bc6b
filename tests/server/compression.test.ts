/**
 * JSON answers over 1 KB go compressed by Accept-Encoding (server/compress.ts): brotli when
 * accepted, else gzip, else as they are; small ones never; Vary: Accept-Encoding on all of them.
 * Read with node:http, which hands over the bytes as sent (fetch would decode them).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { chooseEncoding, compressJson, COMPRESS_THRESHOLD } from '../../server/compress';
import { engines, startTestServer, type TestServer } from './harness';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const raw = (url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });

const decoded = (r: Raw): unknown => {
  const enc = r.headers['content-encoding'];
  const bytes = enc === 'br' ? zlib.brotliDecompressSync(r.body) : enc === 'gzip' ? zlib.gunzipSync(r.body) : r.body;
  return JSON.parse(bytes.toString('utf8'));
};

/** A form whose config is tens of kilobytes: 150 required text items with a long description each. */
const BIG_FORM = {
  surveyId: 'big-form',
  surveyTitle: '大きなフォーム',
  surveySchema: Array.from({ length: 150 }, (_, i) => ({
    itemKey: `q${i}`,
    type: 'text',
    title: `質問 ${i + 1}`,
    description: `この質問 ${i + 1} には、申請書の記載例と同じようにご記入ください。`,
    isRequired: { value: true },
  })),
};

for (const engine of engines()) {
  describe(`compressed JSON answers (${engine})`, () => {
    let srv: TestServer;
    let token: string;
    let getItem: string;
    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, { surveyConfigs: [BIG_FORM] }, 'fixture');
      token = await srv.token('Ucompress');
      getItem = `${srv.url}/survey/api/v1/db/survey-configs/getItem?surveyId=big-form`;
    });
    afterAll(async () => {
      await srv?.stop();
    });

    const auth = () => ({ authorization: `Bearer ${token}` });

    it('sends a large config as brotli, as gzip, or as it is, each decoding to the same JSON', async () => {
      const plain = await raw(getItem, { headers: auth() });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.byteLength).toBeGreaterThan(10 * COMPRESS_THRESHOLD);
      expect(plain.headers['vary']).toBe('Accept-Encoding');
      const json = decoded(plain);
      expect((json as { data: { surveySchema: unknown[] } }).data.surveySchema).toHaveLength(150);

      const br = await raw(getItem, { headers: { ...auth(), 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);
      const gz = await raw(getItem, { headers: { ...auth(), 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gz.body).toString('utf8'))).toEqual(json);

      for (const r of [br, gz]) {
        expect(r.status).toBe(200);
        expect(r.headers['vary']).toBe('Accept-Encoding');
        expect(r.headers['content-type']).toMatch(/^application\/json/);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(r.headers['x-request-id']).toBeTruthy();
        expect(Number(r.headers['content-length'])).toBe(r.body.byteLength);
        expect(r.body.byteLength).toBeLessThan(plain.body.byteLength / 4);
      }
    });

    it('picks by Accept-Encoding: brotli over gzip, q=0 refuses, neither means none', async () => {
      const sent = async (acceptEncoding: string) =>
        (await raw(getItem, { headers: { ...auth(), 'accept-encoding': acceptEncoding } })).headers['content-encoding'] ?? null;
      expect(await sent('gzip, deflate, br, zstd')).toBe('br');
      expect(await sent('br;q=0, gzip')).toBe('gzip');
      expect(await sent('gzip;q=0.5, br;q=0.4')).toBe('gzip');
      expect(await sent('*')).toBe('br');
      expect(await sent('deflate')).toBeNull();
      expect(await sent('identity')).toBeNull();
    });

    it('leaves an answer of at most 1 KB as it is, with Vary all the same', async () => {
      const small = await raw(`${srv.url}/survey/api/v1/db/app-config`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(small.status).toBe(200);
      expect(small.body.byteLength).toBeLessThanOrEqual(COMPRESS_THRESHOLD);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers['vary']).toBe('Accept-Encoding');
      expect((decoded(small) as { result: string }).result).toBe('OK');
    });

    it('compresses a large refusal, and its Idempotency-Key replay decodes to the same JSON', async () => {
      // One answered item of 150 required ones: a 400 naming the other 149.
      const send = (n: number) =>
        raw(`${srv.url}/survey/api/v1/db/survey-results/putItem`, {
          method: 'POST',
          headers: { ...auth(), 'content-type': 'application/json', 'accept-encoding': 'br', 'idempotency-key': 'compress-refusal', 'x-request-id': `r${n}` },
          body: JSON.stringify({ data: [{ surveyId: 'big-form', itemKey: 'q0', value: 'はい' }] }),
        });
      const first = await send(1);
      const replay = await send(2);
      expect(first.status).toBe(400);
      expect(replay.status).toBe(400);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      for (const r of [first, replay]) {
        expect(r.headers['content-encoding']).toBe('br');
        expect(r.headers['vary']).toBe('Accept-Encoding');
      }
      expect(zlib.brotliDecompressSync(first.body).byteLength).toBeGreaterThan(COMPRESS_THRESHOLD);
      expect(decoded(replay)).toEqual(decoded(first));
    });

    it('compresses the OpenAPI document too', async () => {
      const doc = await raw(`${srv.url}/survey/api/v1/openapi.json`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(doc.status).toBe(200);
      expect(doc.headers['content-encoding']).toBe('br');
      expect((decoded(doc) as { openapi: string }).openapi).toMatch(/^3\.1/);
    });

    it('answers HEAD without a body or an encoding', async () => {
      const head = await raw(getItem, { method: 'HEAD', headers: { ...auth(), 'accept-encoding': 'br' } });
      expect(head.status).toBe(200);
      expect(head.headers['content-encoding']).toBeUndefined();
      expect(head.body.byteLength).toBe(0);
    });
  });
}

describe('compressJson on answers it must not touch', () => {
  const big = { text: 'あ'.repeat(2000) };
  const app = new Hono();
  app.use('*', compressJson());
  app.get('/json', (c) => c.json(big));
  app.get('/empty', (c) => c.body(null, 204));
  app.get('/not-modified', (c) => c.body(null, 304));
  app.get('/encoded', (c) => c.body(zlib.gzipSync(JSON.stringify(big)), 200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }));
  app.get('/no-transform', (c) => c.json(big, 200, { 'cache-control': 'no-store, no-transform' }));
  app.get('/text', (c) => c.text('x'.repeat(5000)));
  app.get('/stream', (c) => {
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(ctrl) {
        for (let i = 0; i < 3; i++) ctrl.enqueue(enc.encode(`data: ${'x'.repeat(1000)}\n\n`));
        ctrl.close();
      },
    });
    return c.body(body, 200, { 'content-type': 'text/event-stream' });
  });
  // The fetch Response itself, also where @hono/node-server has put its light one in its place
  // (which it makes a subclass of the original): an answer whose body only the Response API reads.
  const light = Object.getOwnPropertySymbols(new Response('')).some((s) => s.description === 'cache');
  const FetchResponse: typeof Response = light ? Object.getPrototypeOf(Response) : Response;
  app.get('/fetch-response', () => new FetchResponse(JSON.stringify(big), { headers: { 'content-type': 'application/json' } }));
  app.get('/fetch-response-small', () => new FetchResponse('{"result":"OK"}', { headers: { 'content-type': 'application/json' } }));
  const get = (path: string) => app.request(path, { headers: { 'accept-encoding': 'br, gzip' } });

  it('compresses a large JSON answer built as a plain fetch Response', async () => {
    const res = await get('/json');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(big);
  });

  it('compresses a body it can read only through the Response API, and sends a small one whole', async () => {
    const res = await get('/fetch-response');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(big);
    const small = await get('/fetch-response-small');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ result: 'OK' });
  });

  it('leaves 204, 304, an encoded body, no-transform, non-JSON and a stream as they are', async () => {
    for (const [path, status] of [
      ['/empty', 204],
      ['/not-modified', 304],
      ['/no-transform', 200],
      ['/text', 200],
      ['/stream', 200],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-encoding'), path).toBeNull();
    }
    const encoded = await get('/encoded');
    expect(encoded.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await encoded.arrayBuffer())).toString('utf8'))).toEqual(big);
    expect(await (await get('/stream')).text()).toContain('data: xxx');
  });

  it('reads Accept-Encoding as the RFC does', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('br')).toBe('br');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeNull();
  });
});
