/** The index page's splash names the form on a form's address (server/page.ts), escaped. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { SPLASH_FORM_SLOT, inlineScriptHashes, withSplashTitle } from '../../server/page';
import { engines, startTestServer, type TestServer } from './harness';

const INDEX = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');

for (const engine of engines()) {
  describe(`the splash's form title (${engine})`, () => {
    let srv: TestServer;
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-splash-'));

    beforeAll(async () => {
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
      srv = await startTestServer(engine, {}, { distDir: dist });
      await importBundle(
        srv.deps.store,
        {
          surveyConfigs: [
            { surveyId: 'splash-open', surveyTitle: '粗大ごみ <受付> & "予約"', surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] },
            { surveyId: 'splash-closed', surveyTitle: '締切済みの受付', surveyStatus: 'disabled', surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] },
          ],
        },
        'splash',
      );
    });
    afterAll(async () => {
      await srv?.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    const splashForm = async (p: string) => {
      const res = await srv.fetch(p);
      expect(res.status).toBe(200);
      return /<p class="splash-form" data-testid="splash-form">(.*?)<\/p>/.exec(await res.text())?.[1];
    };

    it('names an enabled form on /survey/{id} and /calendar/{id}, HTML-escaped', async () => {
      const escaped = '粗大ごみ &lt;受付&gt; &amp; &quot;予約&quot;';
      expect(await splashForm('/survey/splash-open')).toBe(escaped);
      expect(await splashForm('/calendar/splash-open?x=1')).toBe(escaped);
    });

    it('names nothing for a closed or unknown form, another page, or a malformed address', async () => {
      for (const p of ['/survey/splash-closed', '/survey/no-such-form', '/', '/confirm', '/survey/%E0%A4%A', `/survey/${'x'.repeat(300)}`]) {
        expect(await splashForm(p), p).toBe('');
      }
    });

    const closedMark = async (p: string) =>
      /<meta name="closed-form" content="([^"]*)" \/><\/head>/.exec(await (await srv.fetch(p)).text())?.[1] ?? null;

    it('marks the address of a closed or unknown form with its id, and no other page', async () => {
      expect(await closedMark('/survey/splash-closed')).toBe('splash-closed');
      expect(await closedMark('/calendar/no-such-form')).toBe('no-such-form');
      expect(await closedMark('/survey/%3Cb%3E%22')).toBe('&lt;b&gt;&quot;');
      for (const p of ['/survey/splash-open', '/calendar/splash-open', '/', '/confirm', '/survey/%E0%A4%A']) expect(await closedMark(p), p).toBeNull();
    });

    it('sends the page compressed when the browser accepts it, with its title and headers', async () => {
      // fetch decodes the body and keeps Content-Encoding, so the decoded page is what is checked.
      for (const encoding of ['br', 'gzip']) {
        const res = await srv.fetch('/survey/splash-open', { headers: { 'accept-encoding': encoding } });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        expect(res.headers.get('content-security-policy')).toContain('script-src');
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toContain('粗大ごみ &lt;受付&gt;');
      }
      const identity = await srv.fetch('/survey/splash-open', { headers: { 'accept-encoding': 'identity' } });
      expect(identity.headers.get('content-encoding')).toBeNull();
      expect(await identity.text()).toContain('粗大ごみ &lt;受付&gt;');
    });

    it('index.html holds the slot the server fills', () => {
      expect(INDEX).toContain(SPLASH_FORM_SLOT);
    });
  });
}

describe('withSplashTitle', () => {
  it('puts a title with `$` patterns in as it is', () => {
    expect(withSplashTitle(SPLASH_FORM_SLOT, "$& $' $1")).toBe(`<p class="splash-form" data-testid="splash-form">$&amp; $&#39; $1</p>`);
  });
});

describe('the index page’s inline script (src/early.ts, inlined by the build)', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-inline-'));
  const script = 'globalThis.x = `</p>` + "ü";';
  let srv: TestServer;
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX.replace('</head>', `<script>${script}</script></head>`));
    srv = await startTestServer('sqlite', {}, { distDir: dist });
  });
  afterAll(async () => {
    await srv?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is allowed by its hash in script-src, and nothing else inline is', async () => {
    const hash = createHash('sha256').update(script, 'utf8').digest('base64');
    for (const p of ['/', '/survey/any']) {
      const csp = (await srv.fetch(p)).headers.get('content-security-policy') ?? '';
      expect(/script-src ([^;]*)/.exec(csp)?.[1], p).toBe(`'self' 'sha256-${hash}'`);
    }
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="module">x</script>')).toEqual([]);
  });
});
