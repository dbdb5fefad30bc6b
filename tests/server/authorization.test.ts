import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { importBundle } from '../../server/forms/import';

const bundle = {
  surveyConfigs: [
    {
      surveyId: 'shinsei',
      surveyTitle: '申請',
      isAppending: { value: true },
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true } },
        { itemKey: 'phone', type: 'phone', title: '電話番号', isSearchable: { value: true } },
        { itemKey: 'memo', type: 'textarea', title: 'メモ' },
      ],
    },
  ],
};

/** Values only user A ever sends: none of them may appear in anything user B receives. */
const SECRET_NAME = '秘密花子';
const SECRET_PHONE = '09011112222';
const SECRET_MEMO = 'A-only-memo-7f3c';
const SECRETS = [SECRET_NAME, SECRET_PHONE, SECRET_MEMO];

for (const engine of engines()) {
  describe(`authorization (${engine})`, () => {
    let srv: TestServer;
    let tokenA: string;
    let tokenB: string;
    let keyA: string;
    let sortKeysA: string[];

    const rowsA = async () =>
      (await srv.api('POST', '/survey-results/query', { token: tokenA, body: { surveyId: 'shinsei' } })).json.data as unknown[];
    const expectNoLeak = (res: { json: unknown }) => {
      const text = JSON.stringify(res.json);
      for (const s of SECRETS) expect(text).not.toContain(s);
    };

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bundle, 'fixture');
      tokenA = await srv.token('U-owner-a', { name: 'A' });
      tokenB = await srv.token('U-other-b', { name: 'B' });
      const put = await srv.api('POST', '/survey-results/putItem', {
        token: tokenA,
        body: {
          data: [
            { surveyId: 'shinsei', itemKey: 'name', value: SECRET_NAME },
            { surveyId: 'shinsei', itemKey: 'phone', value: SECRET_PHONE },
            { surveyId: 'shinsei', itemKey: 'memo', value: SECRET_MEMO },
          ],
        },
      });
      expect(put.status).toBe(200);
      keyA = put.json.partitionKey;
      sortKeysA = put.json.data.map((r: { sortKey: string }) => r.sortKey);
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('B cannot read A’s partition by key', async () => {
      const r = await srv.api('GET', `/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=shinsei&partitionKey=${encodeURIComponent(keyA)}`, { token: tokenB });
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ result: 'ERROR', code: 'result_not_found' });
      expectNoLeak(r);
    });

    it('B’s query, by-user read and search see none of A’s rows, even when naming A', async () => {
      const q = await srv.api('POST', '/survey-results/query', { token: tokenB, body: { surveyId: 'shinsei', userId: 'U-owner-a' } });
      expect(q.json).toEqual({ result: 'OK', data: [] });
      const u = await srv.api('GET', '/survey-results/getBySurveyIdUserIdIndex?surveyId=shinsei&userId=U-owner-a', { token: tokenB });
      expect(u.json).toEqual({ result: 'OK', data: [] });
      const f = await srv.api('POST', '/survey-results/filterQuery', {
        token: tokenB,
        body: { queryParams: { surveyId: 'shinsei', conditions: { name: SECRET_NAME, phone: SECRET_PHONE } }, requestingUserId: 'U-owner-a' },
      });
      expect(f.json).toEqual({ result: 'OK', data: [], groups: [] });
      for (const r of [q, u, f]) expectNoLeak(r);
    });

    it('B cannot edit A’s answer by sending its partitionKey (nor by claiming A’s userId)', async () => {
      const before = await rowsA();
      const r = await srv.api('POST', '/survey-results/putItem', {
        token: tokenB,
        body: { data: [{ surveyId: 'shinsei', itemKey: 'name', value: '乗っ取り', partitionKey: keyA, userId: 'U-owner-a' }] },
      });
      expect(r.status).toBe(404);
      expectNoLeak(r);
      const revoke = await srv.api('POST', '/survey-results/putItem', {
        token: tokenB,
        body: { data: [{ surveyId: 'shinsei', itemKey: 'name', value: '乗っ取り' }], surveyId: 'shinsei', items: [{ partitionKey: keyA }], checkStatus: '取り消し' },
      });
      expect(revoke.status).toBe(404);
      expect(await rowsA()).toEqual(before);
    });

    it('a userId in the body is ignored: B’s answer is stored as B’s', async () => {
      const r = await srv.api('POST', '/survey-results/putItem', {
        token: tokenB,
        body: { data: [{ surveyId: 'shinsei', itemKey: 'name', value: 'B本人', userId: 'U-owner-a' }] },
      });
      expect(r.status).toBe(200);
      expect(r.json.partitionKey).toMatch(/^shinsei#U-other-b#/);
      expect(r.json.data[0].userId).toBe('U-other-b');
    });

    it('B cannot cancel or delete A’s answer', async () => {
      const before = await rowsA();
      const c = await srv.api('POST', '/survey-results/cancelItem', { token: tokenB, body: { surveyId: 'shinsei', partitionKey: keyA, userId: 'U-owner-a' } });
      expect(c.status).toBe(404);
      expectNoLeak(c);
      const d = await srv.api('DELETE', `/survey-results/deleteItem?surveyId=shinsei&partitionKey=${encodeURIComponent(keyA)}`, { token: tokenB });
      expect(d.status).toBe(404);
      expectNoLeak(d);
      expect(await rowsA()).toEqual(before);
    });

    it('B cannot take A’s rows with putUserId, and a mixed request changes nothing', async () => {
      const before = await rowsA();
      const onlyA = await srv.api('POST', '/survey-results/putUserId', {
        token: tokenB,
        body: { userId: 'U-other-b', keys: sortKeysA.map((sortKey) => ({ partitionKey: keyA, sortKey })) },
      });
      expect(onlyA.status).toBe(404);
      expectNoLeak(onlyA);

      const own = await srv.api('POST', '/survey-results/putItem', { token: tokenB, body: { data: [{ surveyId: 'shinsei', itemKey: 'memo', value: 'B-own' }] } });
      const ownBefore = own.json.data[0];
      const mixed = await srv.api('POST', '/survey-results/putUserId', {
        token: tokenB,
        body: { keys: [{ partitionKey: own.json.partitionKey, sortKey: 'memo' }, { partitionKey: keyA, sortKey: 'name' }] },
      });
      expect(mixed.status).toBe(404);
      const ownAfter = await srv.api('GET', `/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=shinsei&partitionKey=${encodeURIComponent(own.json.partitionKey)}`, { token: tokenB });
      expect(ownAfter.json.data[0].updatedAt).toBe(ownBefore.updatedAt);
      expect(await rowsA()).toEqual(before);
    });

    it('A still reads, and owns, exactly what A sent', async () => {
      const rows = (await rowsA()) as { userId: string; value: string; check: string }[];
      expect(rows.map((r) => r.value).sort()).toEqual([...SECRETS].sort());
      expect(rows.every((r) => r.userId === 'U-owner-a' && r.check === '未対応')).toBe(true);
    });

    it('calls without a token, or with a bad one, are refused with 401', async () => {
      const none = await srv.api('POST', '/survey-results/query', { body: { surveyId: 'shinsei' } });
      expect(none.status).toBe(401);
      const forged = await srv.api('POST', '/survey-results/query', { token: `${tokenA.slice(0, -4)}AAAA`, body: { surveyId: 'shinsei' } });
      expect(forged.status).toBe(401);
      expectNoLeak(none);
      expectNoLeak(forged);
    });
  });
}
