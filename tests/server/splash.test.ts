/** The index page's splash names the form on a form's address (server/page.ts), escaped. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { SPLASH_FORM_SLOT, inlineScriptHashes, withInlineStylesheet, withSplashTitle } from '../../server/page';
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

    it('puts a title with `$` patterns in as it is', () => {
      expect(withSplashTitle(SPLASH_FORM_SLOT, "$& $' $1")).toBe(`<p class="splash-form" data-testid="splash-form">$&amp; $&#39; $1</p>`);
    });

    it('index.html holds the slot the server fills', () => {
      expect(INDEX).toContain(SPLASH_FORM_SLOT);
    });
  });
}

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

describe('the index page’s stylesheet, inline on a page from the network (server/page.ts)', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-style-'));
  // `$&` and `$'` would be replacement patterns to String.replace.
  const css = '.a{content:"$& $\'"}';
  const built = INDEX.replace(
    /\s*<script type="module" src="\/src\/main.tsx"><\/script>/,
    '\n    <link rel="stylesheet" crossorigin href="/assets/index-x1.css">\n    <script type="module" crossorigin src="/assets/index-x1.js"></script>',
  );
  let srv: TestServer;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), built);
    fs.writeFileSync(path.join(dist, 'assets/index-x1.css'), css);
    srv = await startTestServer('sqlite', {}, { distDir: dist });
  });
  afterAll(async () => {
    await srv?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('comes after the splash and the app’s script, in place of the link', async () => {
    for (const p of ['/', '/survey/any']) {
      const page = await (await srv.fetch(p)).text();
      expect(page, p).not.toContain('<link rel="stylesheet"');
      const [splash, app, style] = ['data-testid="splash"', 'src="/assets/index-x1.js"', `<style>${css}</style>`].map((s) => page.indexOf(s));
      expect(splash, p).toBeGreaterThan(0);
      expect(app, p).toBeGreaterThan(splash as number);
      expect(style, p).toBeGreaterThan(app as number);
      expect(page.indexOf('</body>'), p).toBeGreaterThan(style as number);
    }
  });

  it('stays a link in index.html as a file (the service worker’s copy)', async () => {
    const file = await (await srv.fetch('/index.html')).text();
    expect(file).toContain('<link rel="stylesheet" crossorigin href="/assets/index-x1.css">');
    expect(file).not.toContain('<style>.a');
  });

  it('stays a link when the stylesheet is missing or would end the element early', () => {
    expect(withInlineStylesheet(built, path.join(dist, 'nowhere'))).toBe(built);
    fs.writeFileSync(path.join(dist, 'assets/index-x1.css'), '.a{}</style><script>x</script>');
    try {
      expect(withInlineStylesheet(built, dist)).toBe(built);
    } finally {
      fs.writeFileSync(path.join(dist, 'assets/index-x1.css'), css);
    }
  });
});
