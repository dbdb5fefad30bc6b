/**
 * The search item's value is its condition plus the entry chosen (spec 01 §3; core/items/search.ts):
 * the server validates both, keeps reading an older plain entry, and the lookup finds an answer by
 * the entry, not the condition stored with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';

const form = {
  surveyId: 'srch',
  surveyTitle: '施設の利用',
  isAppending: { value: true },
  surveySchema: [{ itemKey: 'place', type: 'search', title: '施設', options: ['さくら市民会館', '中央図書館'], isSearchable: { value: true } }],
};

for (const engine of engines()) {
  describe(`search item values (${engine})`, () => {
    let srv: TestServer;
    let token: string;
    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, { surveyConfigs: [form] }, 'srch');
      token = await srv.token('Usearch');
    });
    afterAll(async () => srv?.stop());

    const put = (value: string) => srv.api('POST', '/survey-results/putItem', { token, body: { data: [{ surveyId: 'srch', itemKey: 'place', value }] } });

    it('stores the condition and the entry; refuses an entry outside the list or a value with no entry', async () => {
      const ok = await put('{"condition":"市民","data":"さくら市民会館"}');
      expect(ok.status).toBe(200);
      expect(ok.json.data[0].value).toBe('{"condition":"市民","data":"さくら市民会館"}');
      const outside = await put('{"condition":"体育","data":"東部体育館"}');
      expect(outside.status).toBe(400);
      expect(outside.json.itemIssues.place[0].key).toBe('optionNotInList');
      const noEntry = await put('{"condition":"市民"}');
      expect(noEntry.status).toBe(400);
      expect(noEntry.json.itemIssues.place[0].key).toBe('invalidValue');
    });

    it('an older plain entry is still valid, and the lookup finds either by the entry', async () => {
      expect((await put('中央図書館')).status).toBe(200);
      const find = (place: string) => srv.api('POST', '/survey-results/filterQuery', { token, body: { queryParams: { surveyId: 'srch', conditions: { place } } } });
      expect((await find('さくら市民会館')).json.data.map((r: { value: string }) => r.value)).toEqual(['{"condition":"市民","data":"さくら市民会館"}']);
      expect((await find('中央図書館')).json.data.map((r: { value: string }) => r.value)).toEqual(['中央図書館']);
      expect((await find('市民')).json.data).toEqual([]);
    });
  });
}
