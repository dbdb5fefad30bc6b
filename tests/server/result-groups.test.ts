/**
 * filterQuery answers result groups beside the rows (spec 01 §3): each answer with its check and
 * answer code, its fields, and for a reservation its calendar's cancel limit and slots
 * (calendarInfo) and its category row (categoryInfo).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { bundle, calendars, value } from './reservation-fixture';

const plain = { surveyId: 'plain', surveyTitle: 'アンケート', surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] };

for (const engine of engines()) {
  describe(`result groups of filterQuery (${engine})`, () => {
    let srv: TestServer;
    let token: string;
    beforeAll(async () => {
      srv = await startTestServer(engine);
      const b = bundle();
      await importBundle(srv.deps.store, { ...b, surveyConfigs: [...b.surveyConfigs, plain] }, 'groups');
      token = await srv.token('Ugroups');
    });
    afterAll(async () => srv?.stop());

    const filter = (surveyId: string) => srv.api('POST', '/survey-results/filterQuery', { token, body: { queryParams: { surveyId } } });

    it('a reservation answer carries its calendar info and category info', async () => {
      const v = value('naika-a', 'i1', 3, 2);
      const put = await srv.api('POST', '/survey-results/putItem', {
        token,
        body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: v }, { surveyId: 'rsv', itemKey: 'name', value: '予約 太郎' }] },
      });
      expect(put.status).toBe(200);
      const r = await filter('rsv');
      expect(r.status).toBe(200);
      expect(r.json.groups).toEqual([
        {
          partitionKey: put.json.partitionKey,
          answerCode: put.json.answercode,
          check: '未対応',
          fields: expect.arrayContaining([{ itemKey: 'yoyaku', value: v }, { itemKey: 'name', value: '予約 太郎' }]),
          calendarInfo: { reservationCancelLimit: 1, comaList: calendars[0]!.comaList },
          categoryInfo: { sortKey: 'naika-a', tag1: '内科', tag2: '一般', tag3: null },
        },
      ]);
      expect(r.json.groups[0].calendarInfo.comaList['2'].start).toBe('10:00');
    });

    it('an answer without a reservation has neither', async () => {
      const put = await srv.api('POST', '/survey-results/putItem', { token, body: { data: [{ surveyId: 'plain', itemKey: 'a', value: 'x' }] } });
      expect(put.status).toBe(200);
      const r = await filter('plain');
      expect(r.json.groups).toEqual([
        { partitionKey: put.json.partitionKey, answerCode: null, check: '未対応', fields: [{ itemKey: 'a', value: 'x' }], calendarInfo: null, categoryInfo: null },
      ]);
    });
  });
}
