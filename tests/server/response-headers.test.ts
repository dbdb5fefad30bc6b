/**
 * The headers of server/response-headers.ts on real answers: no-store on every API answer (personal
 * data, tokens), Permissions-Policy on pages and files, HSTS only when PUBLIC_URL is https. None of
 * them depends on the database, so SQLite only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { startTestServer, type TestServer } from './harness';

const FORM = { surveyId: 'hdr', surveyTitle: 'ヘッダー', surveySchema: [{ itemKey: 'name', type: 'text', title: '氏名', isRequired: { value: true } }] };

const makeDist = () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-headers-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ja"><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {})');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
  return dist;
};

const PAGES_AND_FILES = ['/', '/survey/hdr', '/confirmList', '/index.html', '/assets/app-abc123.js', '/sw.js', '/manifest.webmanifest'];
/**
 * Permissions-Policy features Chromium recognises (its permissions_policy_features.json5), of those
 * a policy for this app might name. Web Bluetooth is not among them: 'bluetooth' is refused.
 */
const CHROMIUM_FEATURES = [
  'accelerometer',
  'ambient-light-sensor',
  'autoplay',
  'browsing-topics',
  'camera',
  'clipboard-read',
  'clipboard-write',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'web-share',
  'xr-spatial-tracking',
];

/** Where browsers apply a Permissions-Policy: the pages, and the service worker's script. */
const POLICED = ['/', '/survey/hdr', '/confirmList', '/index.html', '/sw.js'];

describe('response headers (http PUBLIC_URL)', () => {
  let srv: TestServer;
  const dist = makeDist();
  beforeAll(async () => {
    srv = await startTestServer('sqlite', {}, { distDir: dist });
    await importBundle(srv.deps.store, { surveyConfigs: [FORM] }, 'fixture');
  });
  afterAll(async () => {
    await srv?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('makes every API answer no-store: answers, refusals, sign-in, calendar reads, unknown calls, replays', async () => {
    const token = await srv.token('Uheaders', { name: '山田 花子' });
    const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const put = (key: string) =>
      srv.fetch('/survey/api/v1/db/survey-results/putItem', {
        method: 'POST',
        headers: { ...json, 'idempotency-key': key },
        body: JSON.stringify({ data: [{ surveyId: 'hdr', itemKey: 'name', value: '山田 花子' }] }),
      });
    const answers = {
      config: await srv.fetch('/survey/api/v1/db/survey-configs/getItem?surveyId=hdr', { headers: json }),
      answer: await put('hdr-1'),
      replay: await put('hdr-1'),
      lookup: await srv.fetch('/survey/api/v1/db/survey-results/getBySurveyIdUserIdIndex?surveyId=hdr', { headers: json }),
      refusal: await srv.fetch('/survey/api/v1/db/survey-results/putItem', { method: 'POST', headers: json, body: '{"data":[]}' }),
      noToken: await srv.fetch('/survey/api/v1/db/survey-results/putItem', { method: 'POST', body: '{}' }),
      loginToken: await srv.fetch(`/survey/api/v1/db/login/token?code=nope&redirectUri=${encodeURIComponent(`${srv.url}/login`)}`),
      appConfig: await srv.fetch('/survey/api/v1/db/app-config'),
      schedule: await srv.fetch('/survey/api/v1/db/calendars/schedule/none?start_day=2026-01-05&end_day=2026-01-11'),
      unknown: await srv.fetch('/survey/api/v1/db/nothing-here'),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]));
    expect(statuses).toEqual({
      config: 200,
      answer: 200,
      replay: 200,
      lookup: 200,
      refusal: 400,
      noToken: 401,
      loginToken: 400,
      appConfig: 200,
      schedule: 404,
      unknown: 404,
    });
    expect(answers.replay.headers.get('idempotent-replayed')).toBe('true');
    // The lookup holds the resident's own answer: exactly what no cache may keep.
    expect(await answers.lookup.text()).toContain('山田 花子');
    for (const [name, r] of Object.entries(answers)) {
      expect(r.headers.get('cache-control'), name).toBe('no-store');
      expect(r.headers.get('strict-transport-security'), name).toBeNull();
    }
  });

  it('lets the public OpenAPI document be cached, revalidated each time', async () => {
    const res = await srv.fetch('/survey/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('gives pages and the service worker a Permissions-Policy that denies what the app does not use', async () => {
    for (const p of POLICED) {
      const res = await srv.fetch(p);
      expect(res.status, p).toBe(200);
      const policy = res.headers.get('permissions-policy') ?? '';
      for (const denied of ['camera=()', 'microphone=()', 'payment=()', 'usb=()', 'serial=()', 'hid=()']) expect(policy, p).toContain(denied);
      // Chromium logs a console error on every page for a feature it does not recognise.
      for (const feature of policy.split(',').map((d) => d.trim().split('=')[0] ?? '')) expect(CHROMIUM_FEATURES, `${p}: ${feature}`).toContain(feature);
      // Spec 02's location item asks for the resident's own position: this origin only.
      expect(policy, p).toContain('geolocation=(self)');
      // The staff console signs in with a passkey on its own origin (creating one is allowed to self by default).
      expect(policy, p).toContain('publickey-credentials-get=(self)');
      expect(policy, p).not.toContain('publickey-credentials-create=()');
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
    }
    // Scripts, styles and the manifest: no browser applies it there, and each byte is on the first visit.
    for (const p of PAGES_AND_FILES.filter((f) => !POLICED.includes(f))) {
      const res = await srv.fetch(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('permissions-policy'), p).toBeNull();
    }
  });

  it('makes every answer of the dev issuer\'s authorize and token endpoints no-store', async () => {
    const authorize = new URL(srv.deps.config.line.authorizeUrl).pathname;
    const valid = {
      response_type: 'code',
      client_id: srv.deps.config.line.channelId,
      redirect_uri: `${srv.url}/login`,
      state: '1',
    };
    const answers = [
      await srv.fetch(`${authorize}?response_type=token`),
      await srv.fetch(`${authorize}?state=1&state=2`),
      await srv.fetch(`${authorize}?${new URLSearchParams(valid).toString()}`),
      await srv.fetch(`${authorize}?${new URLSearchParams({ ...valid, dev_user: 'U1' }).toString()}`, { redirect: 'manual' }),
      await srv.fetch(new URL(srv.deps.config.line.tokenUrl).pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code&code=nope',
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 200, 302, 400]);
    for (const r of answers) expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('response headers (https PUBLIC_URL)', () => {
  let srv: TestServer;
  const dist = makeDist();
  beforeAll(async () => {
    srv = await startTestServer('sqlite', { PUBLIC_URL: 'https://forms.example.jp' }, { distDir: dist });
  });
  afterAll(async () => {
    await srv?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends Strict-Transport-Security on pages, files and API answers', async () => {
    const answers = [
      ...(await Promise.all(PAGES_AND_FILES.map((p) => srv.fetch(p)))),
      await srv.fetch('/survey/api/v1/db/app-config'),
      await srv.fetch('/survey/api/v1/db/nothing-here'),
      await srv.fetch('/survey/api/v1/openapi.json'),
    ];
    for (const r of answers) {
      expect(r.headers.get('strict-transport-security'), r.url).toBe('max-age=31536000');
    }
  });
});
