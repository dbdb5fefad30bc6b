/**
 * The server's page of a form's address is one the service worker may keep on a shared device
 * (core/pwa/form-page-rules.ts, sw/form-pages.ts): the same for every visitor, signed in or not,
 * naming nobody, and with headers the keeping rule accepts.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_PAGE_PATH } from '@core/contract/page';
import { isKeepableFormPage, saysFormClosed } from '@core/pwa/form-page-rules';
import { importBundle } from '../../server/forms/import';
import { startTestServer, type TestServer } from './harness';

const INDEX = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const OPEN = ['/survey/keep-open', '/calendar/keep-open'];
const CLOSED = ['/survey/keep-closed', '/survey/no-such-form'];
const ADDRESSES = [...OPEN, '/bed-reservation/keep-open', ...CLOSED];

describe("the server's form page, as the service worker keeps it", () => {
  let srv: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-keep-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    srv = await startTestServer('sqlite', {}, { distDir: dist });
    await importBundle(
      srv.deps.store,
      {
        surveyConfigs: [
          { surveyId: 'keep-open', surveyTitle: '保存できる受付', surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] },
          { surveyId: 'keep-closed', surveyTitle: '締切済み', surveyStatus: 'disabled', surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] },
        ],
      },
      'keep',
    );
  });
  afterAll(async () => {
    await srv?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is keepable on every form address, and the same whoever asks', async () => {
    const userId = 'Ukeep0000000000000000000000000001';
    const token = await srv.token(userId, { name: '保存 太郎' });
    for (const address of ADDRESSES) {
      expect(FORM_PAGE_PATH.test(address), address).toBe(true);
      const anonymous = await srv.fetch(address);
      expect(isKeepableFormPage(anonymous.url, anonymous), address).toBe(true);
      const body = await anonymous.text();
      // A resident's token, a cookie (none is sent to pages: the staff cookie's path is the API's).
      const signedIn = await srv.fetch(address, { headers: { authorization: `Bearer ${token}`, cookie: 'staff_session=x' } });
      expect(isKeepableFormPage(signedIn.url, signedIn), address).toBe(true);
      const signedInBody = await signedIn.text();
      expect(signedInBody, address).toBe(body);
      expect(signedInBody).not.toContain(userId);
      expect(signedInBody).not.toContain('保存 太郎');
    }
  });

  it('says a form is not open in the way the worker reads it, so such a page is not kept', async () => {
    for (const address of OPEN) expect(saysFormClosed(await (await srv.fetch(address)).text()), address).toBe(false);
    for (const address of CLOSED) expect(saysFormClosed(await (await srv.fetch(address)).text()), address).toBe(true);
  });
});

describe('isKeepableFormPage', () => {
  let server: http.Server;
  let base = '';
  const answers: Record<string, (res: http.ServerResponse) => void> = {
    '/ok': (res) => res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-cache' }).end('<p>'),
    '/cookie': (res) => res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'a=b' }).end('<p>'),
    '/private': (res) => res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'max-age=0, private' }).end('<p>'),
    '/no-store': (res) => res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end('<p>'),
    '/json': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    '/missing': (res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<p>'),
    '/moved': (res) => res.writeHead(302, { location: '/ok' }).end(),
  };
  beforeAll(async () => {
    server = http.createServer((req, res) => (answers[new URL(req.url ?? '/', 'http://x').pathname] ?? answers['/missing'])?.(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const keepable = async (p: string) => {
    const res = await fetch(`${base}${p}`);
    return isKeepableFormPage(`${base}${p}`, res);
  };

  it('keeps a plain 200 HTML page, and nothing else', async () => {
    expect(await keepable('/ok')).toBe(true);
    for (const p of ['/ok?partitionKey=s%23U1', '/cookie', '/private', '/no-store', '/json', '/missing', '/moved']) expect(await keepable(p), p).toBe(false);
  });
});
