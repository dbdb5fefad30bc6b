/**
 * displayCondition.bunruiKey on the server (spec 01 §3, §4): an item shown by the category of
 * the answer's reservation is validated and stored only while that category is chosen; hidden,
 * its value is dropped and its requiredness does not apply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { bundle, value } from './reservation-fixture';

const form = {
  surveyId: 'rsv-bunrui',
  surveyTitle: '分類で出す項目',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'yoyaku', type: 'reservation', title: '予約', isRequired: { value: true } },
    {
      itemKey: 'shojo',
      type: 'text',
      title: '症状',
      isRequired: { value: true },
      displayCondition: { type: 'show', questionId: 'yoyaku', bunruiKey: 'medium', answers: ['一般'] },
    },
  ],
};

for (const engine of engines()) {
  describe(`bunruiKey display conditions on putItem (${engine})`, () => {
    let srv: TestServer;
    let token: string;
    beforeAll(async () => {
      srv = await startTestServer(engine);
      const b = bundle();
      await importBundle(srv.deps.store, { ...b, surveyConfigs: [...b.surveyConfigs, form] }, 'bunrui');
      token = await srv.token('Ubunrui');
    });
    afterAll(async () => srv?.stop());

    const put = (rows: Record<string, string>) =>
      srv.api('POST', '/survey-results/putItem', {
        token,
        body: { data: Object.entries(rows).map(([itemKey, v]) => ({ surveyId: form.surveyId, itemKey, value: v })) },
      });

    it('a required item hidden by the chosen category is not required, and its value is dropped', async () => {
      const bare = await put({ yoyaku: value('naika-b', 'v1', 3, 1) });
      expect(bare.status).toBe(200);
      const sent = await put({ yoyaku: value('naika-b', 'v1', 4, 1), shojo: '隠れているはずの値' });
      expect(sent.status).toBe(200);
      expect(sent.json.data.map((r: { itemKey: string }) => r.itemKey)).toEqual(['yoyaku']);
    });

    it('the category that shows the item makes it required, and stores it', async () => {
      const missing = await put({ yoyaku: value('naika-a', 'i1', 3, 1) });
      expect(missing.status).toBe(400);
      expect(missing.json.itemIssues).toEqual({ shojo: [{ key: 'required' }] });
      const ok = await put({ yoyaku: value('naika-a', 'i1', 5, 1), shojo: '発熱' });
      expect(ok.status).toBe(200);
      expect(ok.json.data.map((r: { itemKey: string }) => r.itemKey).sort()).toEqual(['shojo', 'yoyaku']);
    });
  });
}
