/**
 * Issue 60: a form's address carries the form as the server rendered it (server/form-page.ts),
 * the same for every visitor, with its public config; rendered afresh for a new config version.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_DATA_ID, type FormPageData } from '@core/contract/form-page';
import { importBundle } from '../../server/forms/import';
import { startTestServer, type TestServer } from './harness';

const ROOT = path.join(import.meta.dirname, '../..');
const INDEX = fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8');

const form = (title: string) => ({
  surveyId: 'ssr-open',
  surveyTitle: title,
  description: '説明文です',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
    { itemKey: 'kind', type: 'radio', title: '区分', options: ['個人', '団体'] },
    { itemKey: 'code', type: 'code15', title: '整理番号' },
  ],
});

describe("a form's page with the server's render of the form", () => {
  let srv: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-form-page-'));

  beforeAll(async () => {
    // The page as built names the item chunks; the SSR bundle is built here (the suite runs before `npm run build`).
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      INDEX.replace('</head>', '<script type="application/json" id="item-chunks">{"code15":["/assets/code15-x.js"]}</script></head>').replace(
        '</body>',
        '<link rel="stylesheet" crossorigin href="/assets/app-x.css"></body>',
      ),
    );
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets/app-x.css'), '.form-item{margin:0}');
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'vite.ssr.config.ts', '--outDir', `${dist}-ssr`, '--logLevel', 'error'], { cwd: ROOT });
    srv = await startTestServer('sqlite', {}, { distDir: dist });
    await importBundle(
      srv.deps.store,
      {
        surveyConfigs: [
          form('健康アンケート'),
          { surveyId: 'ssr-closed', surveyTitle: '締切済み', surveyStatus: 'disabled', surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] },
          { ...form('入院ベッド予約'), surveyId: 'ssr-bed', surveyType: 'bed', googleTagManager: { containerId: 'GTM-BED1' } },
          { surveyId: 'ssr-bed-closed', surveyTitle: '受付終了の病棟', surveyType: 'bed', surveyStatus: 'disabled', surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] },
        ],
      },
      'form-page',
    );
  }, 120_000);
  afterAll(async () => {
    await srv?.stop();
    for (const d of [dist, `${dist}-ssr`]) fs.rmSync(d, { recursive: true, force: true });
  });

  const page = async (p: string, headers: Record<string, string> = {}) => {
    const res = await srv.fetch(p, { headers });
    expect(res.status).toBe(200);
    return res.text();
  };
  const dataOf = (html: string): FormPageData | null => {
    const m = new RegExp(`<script type="application/json" id="${FORM_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
    return m ? (JSON.parse(m[1] as string) as FormPageData) : null;
  };

  it('carries the title, the description, every item and the config on /survey/{id}', async () => {
    const html = await page('/survey/ssr-open');
    expect(html).toContain('<html lang="ja" data-ssr-form data-ssr-island data-mantine-color-scheme="light">');
    expect(html).toContain('id="form-island" data-prehydration=""');
    for (const text of ['健康アンケート', '説明文です', 'お名前', '区分', '個人', '団体', '整理番号', '必須']) expect(html).toContain(text);
    for (const key of ['name', 'kind', 'code']) expect(html).toContain(`data-item-key="${key}"`);
    expect(dataOf(html)?.config.surveySchema.map((i) => i.itemKey)).toEqual(['name', 'kind', 'code']);
    // The form's on-demand item code is fetched beside the app's.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/code15-x.js" /></head>');
    // The stylesheet is in the page, ahead of the form: it paints styled with no second round trip.
    expect(html).toContain('<style>.form-item{margin:0}</style>');
    expect(html).not.toContain('href="/assets/app-x.css"');
    expect(html.indexOf('id="ssr-page"')).toBeGreaterThan(html.indexOf('<style>.form-item'));
  });

  it('is the same page for every visitor: a token or a cookie changes nothing in it', async () => {
    const token = await srv.token('Upagevisitor', { name: '訪問 花子' });
    const strip = (h: string) => h.replace(/"servedAt":\d+/, '');
    const anonymous = strip(await page('/survey/ssr-open'));
    const signedIn = strip(await page('/survey/ssr-open', { Authorization: `Bearer ${token}`, Cookie: 'staff_session=abc' }));
    expect(signedIn).toBe(anonymous);
    expect(signedIn).not.toContain('Upagevisitor');
    expect(signedIn).not.toContain('訪問 花子');
  });

  it('is rendered afresh when the form changes (a new config version)', async () => {
    const before = dataOf(await page('/survey/ssr-open'))?.config.version;
    await importBundle(srv.deps.store, { surveyConfigs: [form('健康アンケート（改訂）')] }, 'form-page');
    const html = await page('/survey/ssr-open');
    expect(dataOf(html)?.config.version).not.toBe(before);
    expect(html).toContain('健康アンケート（改訂）</h1>');
  });

  it('keeps the splash alone for a closed or unknown form and other pages', async () => {
    for (const p of ['/survey/ssr-closed', '/survey/no-such-form', '/calendar/ssr-closed', '/']) {
      const html = await page(p);
      expect(html, p).toContain('href="/assets/app-x.css"');
      expect(html, p).toContain('<html lang="ja" data-mantine-color-scheme="light">');
      expect(html, p).not.toContain('id="form-island"');
    }
    expect(await page('/survey/ssr-closed')).toContain('<meta name="closed-form" content="ssr-closed" />');
  });

  it('renders /calendar/{id} on its reservation step, kept apart from /survey/{id}', async () => {
    const html = await page('/calendar/ssr-open');
    expect(dataOf(html)?.reservationFirst).toBe(true);
    expect(dataOf(await page('/survey/ssr-open'))?.reservationFirst).toBe(false);
  });

  describe("a bed form's page", () => {
    const strip = (h: string) => h.replace(/"servedAt":\d+/, '');
    const serverPage = (h: string) => /<div id="ssr-page">[\s\S]*<\/div><script type="application\/json" id="form-data">/.exec(h)?.[0] ?? '';

    it('carries its first screen, its frame, title and first line, with no form to hydrate', async () => {
      const html = await page('/bed-reservation/ssr-bed');
      expect(html).toContain('<html lang="ja" data-ssr-form data-mantine-color-scheme="light">');
      expect(serverPage(html)).toMatch(/data-testid="bed-title"[^>]*>入院ベッド予約<\/h1>/);
      expect(serverPage(html)).toContain('入院日を選んでください。');
      // The bed screen shows no description and no item before the stay is chosen: neither does its page.
      for (const text of ['説明文です', 'お名前', 'id="form-island"']) expect(serverPage(html)).not.toContain(text);
      expect(dataOf(html)?.config.surveyId).toBe('ssr-bed');
      // The form's tag container is for its own addresses: the app leaves them by a whole load.
      expect(html).not.toContain('<meta name="tagged-form"');
      expect(await page('/survey/ssr-bed')).toContain('<meta name="tagged-form" content="ssr-bed"');
    });

    it('is the same on the form link and the bed address, for every visitor', async () => {
      const token = await srv.token('Ubedvisitor', { name: '入院 花子' });
      const bed = strip(await page('/bed-reservation/ssr-bed'));
      const signedIn = strip(await page('/bed-reservation/ssr-bed', { Authorization: `Bearer ${token}`, Cookie: 'staff_session=abc' }));
      expect(signedIn).toBe(bed);
      for (const personal of ['Ubedvisitor', '入院 花子']) expect(signedIn).not.toContain(personal);
      for (const p of ['/survey/ssr-bed', '/calendar/ssr-bed']) expect(serverPage(await page(p)), p).toBe(serverPage(bed));
    });

    it('is not sent for a stay being changed, a finish message, or a survey form on a bed address', async () => {
      for (const p of ['/bed-reservation/ssr-bed?partitionKey=k1', '/bed-reservation/ssr-bed?sent=e1', '/survey/ssr-bed?partitionKey=k1', '/bed-reservation/ssr-open']) {
        const html = await page(p);
        expect(html, p).toContain('<html lang="ja" data-mantine-color-scheme="light">');
        expect(html, p).not.toContain('id="ssr-page"');
      }
      // A survey form's page stays as it was, with its query.
      expect(await page('/survey/ssr-open?partitionKey=k1')).toContain('id="form-island"');
    });

    it('says a closed or unknown bed form is not open, with no page', async () => {
      for (const [p, id] of [
        ['/bed-reservation/ssr-bed-closed', 'ssr-bed-closed'],
        ['/bed-reservation/no-such-ward', 'no-such-ward'],
      ] as const) {
        const html = await page(p);
        expect(html, p).toContain(`<meta name="closed-form" content="${id}" />`);
        expect(html, p).not.toContain('id="ssr-page"');
      }
    });
  });

  it('sends the page compressed', async () => {
    const res = await srv.fetch('/survey/ssr-open', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBe('br');
  });
});
