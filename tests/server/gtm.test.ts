/**
 * Google Tag Manager (server/gtm.ts): only a form that names a container gets GTM's snippets, on
 * its own address, with a CSP allowing exactly them; every other page and its CSP stay as built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleError, importBundle } from '../../server/forms/import';
import { gtmHeadScript, gtmScriptHash } from '../../server/gtm';
import { engines, startTestServer, type TestServer } from './harness';

const INDEX = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const item = [{ itemKey: 'a', type: 'text', title: 'A' }];

for (const engine of engines()) {
  describe(`Google Tag Manager on a form's page (${engine})`, () => {
    let srv: TestServer;
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-gtm-'));

    beforeAll(async () => {
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
      srv = await startTestServer(engine, {}, { distDir: dist });
      await importBundle(
        srv.deps.store,
        {
          surveyConfigs: [
            { surveyId: 'tagged', surveyTitle: '計測あり', googleTagManager: { containerId: 'GTM-AB12CD3' }, surveySchema: item },
            { surveyId: 'plain', surveyTitle: '計測なし', surveySchema: item },
            { surveyId: 'tagged-closed', surveyTitle: '締切', surveyStatus: 'disabled', googleTagManager: { containerId: 'GTM-ZZZZ99' }, surveySchema: item },
          ],
        },
        'gtm',
      );
    });
    afterAll(async () => {
      await srv?.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    const page = async (p: string) => {
      const res = await srv.fetch(p);
      expect(res.status).toBe(200);
      return { html: await res.text(), csp: res.headers.get('content-security-policy') as string };
    };

    it('puts the container on its form\'s address, with its hash and GTM\'s origin in the CSP', async () => {
      const { html, csp } = await page('/survey/tagged');
      expect(html).toContain(`<script>${gtmHeadScript('GTM-AB12CD3')}</script>`);
      expect(html).toContain('<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-AB12CD3"');
      expect(html).toContain('<meta name="tagged-form" content="tagged" />');
      const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src')) as string;
      expect(scriptSrc).toContain(gtmScriptHash('GTM-AB12CD3'));
      expect(scriptSrc).toContain('https://www.googletagmanager.com');
      expect(csp).toContain("frame-src 'self' https://www.googletagmanager.com");
    });

    it('leaves every other page, and its CSP, as built', async () => {
      const base = await page('/');
      expect(base.csp).not.toContain('googletagmanager');
      for (const p of ['/survey/plain', '/survey/tagged-closed', '/confirm', '/member/tagged', '/survey/tagged/extra']) {
        const { html, csp } = await page(p);
        expect(html, p).not.toContain('googletagmanager');
        expect(html, p).not.toContain('tagged-form');
        expect(csp, p).toBe(base.csp);
      }
    });

    it('refuses raw snippets and a malformed container id at import', async () => {
      for (const googleTagManager of [{ head: '<script>alert(1)</script>' }, { containerId: 'GTM-ab12' }, { containerId: "GTM-AB12');x('" }]) {
        await expect(importBundle(srv.deps.store, { surveyConfigs: [{ surveyId: 'bad', surveyTitle: 'x', googleTagManager, surveySchema: item }] }, 'bad')).rejects.toThrow(
          BundleError,
        );
      }
    });
  });
}

describe('the head snippet', () => {
  const run = (kiosk: boolean) => {
    const inserted: string[] = [];
    const first = { parentNode: { insertBefore: (j: { src: string }) => inserted.push(j.src) } };
    const window = { localStorage: { getItem: (k: string) => (kiosk && k === 'kiosk' ? '{}' : null) } } as Record<string, unknown>;
    const document = { getElementsByTagName: () => [first], createElement: () => ({}) };
    vm.runInNewContext(gtmHeadScript('GTM-AB12CD3'), { window, document });
    return { inserted, dataLayer: window['dataLayer'] };
  };
  it('loads the container for a resident', () => {
    const { inserted, dataLayer } = run(false);
    expect(inserted).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3']);
    expect(dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' })]);
  });
  it('loads nothing on a kiosk tablet', () => {
    expect(run(true)).toEqual({ inserted: [], dataLayer: undefined });
  });
  it('is never written for an id that is not a container id', () => {
    expect(() => gtmHeadScript("GTM-1234'+alert(1)+'")).toThrow();
  });
});
