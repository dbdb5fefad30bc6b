import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import type { LogRecord } from '../../server/log';

for (const engine of engines()) {
  describe(`app shell (${engine})`, () => {
    let srv: TestServer;
    const logs: LogRecord[] = [];
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));

    beforeAll(async () => {
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ja"><body><div id="root"></div></body></html>');
      fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
      srv = await startTestServer(engine, { LOG_REQUESTS: '1' }, { distDir: dist, log: (_l, rec) => logs.push(rec) });
    });
    afterAll(async () => {
      await srv?.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    it('serves the PWA with security headers, and client routes fall back to index.html', async () => {
      for (const p of ['/', '/survey/kenko-survey', '/confirmList']) {
        const res = await srv.fetch(p);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('<div id="root">');
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("base-uri 'none'");
        expect(csp).toMatch(/form-action 'self'(;|$)/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBeTruthy();
      }
    });

    it('gives every API answer its request id and nosniff: success, refusal, unknown call, too large, replay', async () => {
      const token = await srv.token('Uheaders');
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const answers = [
        await srv.fetch('/survey/api/v1/db/survey-configs/open', { headers: { 'x-request-id': 'h-ok' } }),
        await srv.fetch('/survey/api/v1/db/survey-results/putItem', { method: 'POST', headers: { ...headers, 'x-request-id': 'h-400' }, body: '{"data":[]}' }),
        await srv.fetch('/survey/api/v1/db/nothing-here', { headers: { 'x-request-id': 'h-404' } }),
        await srv.fetch('/survey/api/v1/db/survey-results/putItem', { method: 'POST', headers: { ...headers, 'x-request-id': 'h-413' }, body: 'x'.repeat(5 * 1024 * 1024) }),
      ];
      for (const n of [1, 2]) {
        answers.push(
          await srv.fetch('/survey/api/v1/db/survey-results/putItem', {
            method: 'POST',
            headers: { ...headers, 'x-request-id': `h-key-${n}`, 'idempotency-key': 'headers-key' },
            body: '{"data":[{"surveyId":"no-such-form","itemKey":"a","value":"b"}]}',
          }),
        );
      }
      expect(answers.map((r) => r.status)).toEqual([200, 400, 404, 413, 404, 404]);
      expect(answers[5]?.headers.get('idempotent-replayed')).toBe('true');
      expect(answers.map((r) => r.headers.get('x-request-id'))).toEqual(['h-ok', 'h-400', 'h-404', 'h-413', 'h-key-1', 'h-key-2']);
      expect(answers.every((r) => r.headers.get('x-content-type-options') === 'nosniff')).toBe(true);
    });

    it('makes the service worker and the manifest revalidate on every visit', async () => {
      fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {})');
      fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
      for (const p of ['/sw.js', '/manifest.webmanifest']) {
        const res = await srv.fetch(p);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
      }
    });

    it('serves hashed assets as immutable', async () => {
      const res = await srv.fetch('/assets/app-abc123.js');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('immutable');
    });

    it('sends the build\'s precompressed copy of an asset the browser accepts, else gzips on the fly', async () => {
      const body = `export const big = ${JSON.stringify('あいうえお'.repeat(2000))};`;
      fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), body);
      fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(body));
      fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(body));
      // Node's fetch decodes the body by its Content-Encoding, so the text must come out whole.
      const get = async (file: string, encoding: string) => {
        const res = await srv.fetch(`/assets/${file}`, { headers: { 'accept-encoding': encoding } });
        return { res, text: await res.text() };
      };
      const br = await get('big-abc123.js', 'gzip, deflate, br, zstd');
      expect(br.res.status).toBe(200);
      expect(br.res.headers.get('content-encoding')).toBe('br');
      expect(br.res.headers.get('vary')).toContain('Accept-Encoding');
      expect(br.res.headers.get('cache-control')).toContain('immutable');
      expect(br.res.headers.get('content-type')).toContain('javascript');
      expect(br.text).toBe(body);
      const gz = await get('big-abc123.js', 'gzip');
      expect(gz.res.headers.get('content-encoding')).toBe('gzip');
      expect(gz.text).toBe(body);
      const plain = await get('big-abc123.js', 'identity');
      expect(plain.res.headers.get('content-encoding')).toBeNull();
      expect(plain.text).toBe(body);
      // No copy on disk: gzipped on the fly.
      fs.writeFileSync(path.join(dist, 'assets', 'other-abc123.js'), body);
      const fly = await get('other-abc123.js', 'gzip, deflate, br, zstd');
      expect(fly.res.headers.get('content-encoding')).toBe('gzip');
      expect(fly.text).toBe(body);
    });

    it('answers an unknown API path with 404 JSON', async () => {
      const { status, json } = await srv.api('GET', '/no-such-call');
      expect(status).toBe(404);
      expect(json).toMatchObject({ result: 'ERROR', code: 'no_such_call' });
    });

    it('answers a body over the limit with 413 JSON', async () => {
      const token = await srv.token('Ubodylimit');
      const res = await srv.fetch('/survey/api/v1/db/survey-results/putItem', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: 'x'.repeat(5 * 1024 * 1024),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ result: 'ERROR', code: 'payload_too_large' });
    });

    it('answers a chunked body (no Content-Length) over the limit with 413 JSON', async () => {
      const token = await srv.token('Ubodylimit');
      // node:http rather than fetch: the server answers 413 as soon as the limit is passed and drops
      // the rest of the upload, and fetch reports the cut upload instead of the answer.
      const { status, json } = await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
        const req = http.request(`${srv.url}/survey/api/v1/db/survey-results/putItem`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        });
        let answered = false;
        req.on('response', (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        });
        req.on('error', (e) => {
          if (!answered) reject(e);
        });
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const more = () => {
          while (!answered && sent < 5 * 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', more);
          }
          req.end();
        };
        more();
      });
      expect(status).toBe(413);
      expect(json).toMatchObject({ result: 'ERROR', code: 'payload_too_large' });
    });

    it('reads a chunked body under the limit', async () => {
      const token = await srv.token('Ubodylimit');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":'));
          controller.enqueue(new TextEncoder().encode('[]}'));
          controller.close();
        },
      });
      const res = await srv.fetch('/survey/api/v1/db/survey-results/putItem', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      // The body was read: the contract refuses its empty data list, not a missing body.
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request', errorMessage: expect.stringContaining('data') });
    });

    it('logs every request as one structured line with a request id', async () => {
      logs.length = 0;
      const res = await srv.fetch('/survey/api/v1/db/no-such-call', { headers: { 'x-request-id': 'req-test-1' } });
      expect(res.headers.get('x-request-id')).toBe('req-test-1');
      const line = logs.find((l) => l.msg === 'request' && l['requestId'] === 'req-test-1');
      expect(line).toMatchObject({ method: 'GET', path: '/survey/api/v1/db/no-such-call', status: 404 });
      expect(typeof line?.['ms']).toBe('number');
    });

    // Last: it breaks the server on purpose by closing its database under it.
    it('answers an unexpected failure with 500 JSON without a stack, and logs it with the request id', async () => {
      const token = await srv.token('Uinternal');
      await srv.deps.store.db.destroy();
      logs.length = 0;
      const res = await srv.fetch('/survey/api/v1/db/survey-configs/getItem?surveyId=kenko-survey', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toMatch(/at .*\.ts:\d+/);
      const json = JSON.parse(text) as { result: string; code: string; requestId: string };
      expect(json).toMatchObject({ result: 'ERROR', code: 'internal' });
      const logged = logs.find((l) => l.msg === 'unhandled error');
      expect(logged?.['requestId']).toBe(json.requestId);
      expect(String(logged?.['stack'])).toContain('Error');
    });
  });
}
