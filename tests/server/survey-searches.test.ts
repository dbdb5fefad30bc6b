import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { importBundleFile } from '../../server/forms/import';

for (const engine of engines()) {
  describe(`search item options (${engine})`, () => {
    let srv: TestServer;
    let token: string;
    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundleFile(srv.deps.store, 'demo/bundle.json');
      token = await srv.token('Usearcher');
    });
    afterAll(async () => srv?.stop());

    const page = (q: string) => srv.api('GET', `/survey-searches?surveyId=all-items&itemKey=shisetsu_kensaku&${q}`, { token });

    it('pages through every option, 10 at a time, with an opaque key', async () => {
      const seen: string[] = [];
      let key: string | null = null;
      let pages = 0;
      do {
        const r = await page(key === null ? 'limit=10' : `limit=10&lastEvaluatedKey=${encodeURIComponent(key)}`);
        expect(r.status).toBe(200);
        expect(r.json.data.items.length).toBeLessThanOrEqual(10);
        seen.push(...r.json.data.items);
        key = r.json.data.lastEvaluatedKey;
        pages++;
      } while (key !== null && pages < 20);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(25);
      expect(new Set(seen).size).toBe(25);
    });

    it('filters by the typed condition, ignoring width and case', async () => {
      const r = await page(`condition1=${encodeURIComponent('公民館')}`);
      expect(r.json.data.items).toEqual(['桜ヶ丘公民館', '若葉台公民館', '緑町公民館', '本町公民館']);
      expect(r.json.data.lastEvaluatedKey).toBeNull();
      // The same fold as the lookup: spaces and width do not matter.
      const spaced = await page(`condition1=${encodeURIComponent('本町　公民館')}`);
      expect(spaced.json.data.items).toEqual(['本町公民館']);
      const none = await page(`condition1=${encodeURIComponent('存在しない施設')}`);
      expect(none.json.data).toEqual({ items: [], lastEvaluatedKey: null });
    });

    it('refuses a non-search item, a bad page key, an unknown form, and no session', async () => {
      expect((await srv.api('GET', '/survey-searches?surveyId=all-items&itemKey=shimei', { token })).status).toBe(400);
      expect((await page('lastEvaluatedKey=-3')).status).toBe(400);
      expect((await page('limit=1000')).status).toBe(400);
      expect((await srv.api('GET', '/survey-searches?surveyId=nope&itemKey=x', { token })).status).toBe(404);
      expect((await srv.api('GET', '/survey-searches?surveyId=all-items&itemKey=shisetsu_kensaku')).status).toBe(401);
    });
  });
}
