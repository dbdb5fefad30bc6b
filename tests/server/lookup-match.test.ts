/**
 * The lookup's matching (filterQuery): a condition matches a stored answer once both are folded
 * (core/ja/fold.ts), on both engines — spaces, widths, case and dashes do not keep a resident from
 * their own answer; the match stays whole-value and scoped to the caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { importBundle } from '../../server/forms/import';

const searchable = { isSearchable: { value: true } };
const survey = {
  surveyId: 'gomi',
  surveyTitle: '粗大ごみ',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', ...searchable },
    { itemKey: 'phone', type: 'phone', title: '電話番号', ...searchable },
    { itemKey: 'postcode', type: 'postcode', title: '郵便番号', ...searchable },
    { itemKey: 'memo', type: 'textarea', title: 'メモ' },
  ],
};

const rows = (values: Record<string, string>) => Object.entries(values).map(([itemKey, value]) => ({ surveyId: 'gomi', itemKey, value }));

for (const engine of engines()) {
  describe(`lookup matching (${engine})`, () => {
    let srv: TestServer;
    let hanako: string;
    let other: string;

    const search = async (token: string, conditions: Record<string, string>) => {
      const r = await srv.api('POST', '/survey-results/filterQuery', { token, body: { queryParams: { surveyId: 'gomi', conditions } } });
      expect(r.status).toBe(200);
      const found = r.json.data as { partitionKey: string; itemKey: string; value: string }[];
      return [...new Set(found.filter((x) => x.itemKey === 'name').map((x) => x.value))].sort();
    };

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, { surveyConfigs: [survey] }, 'fixture');
      hanako = await srv.token('U-hanako');
      other = await srv.token('U-other');
      const put = async (token: string, values: Record<string, string>) =>
        expect((await srv.api('POST', '/survey-results/putItem', { token, body: { data: rows(values) } })).status).toBe(200);
      await put(hanako, { name: '山田 花子', phone: '09012345678', postcode: '1000001' });
      await put(hanako, { name: 'ﾔﾏﾀﾞ ﾀﾛｳ', phone: '0312345678', postcode: '1000001' });
      await put(hanako, { name: '山田花', phone: '09012345678' });
      await put(other, { name: '山田花子', phone: '09012345678' });
    });
    afterAll(async () => srv?.stop());

    it('finds 山田 花子 when searching 山田花子, and with a full-width space', async () => {
      expect(await search(hanako, { name: '山田花子' })).toEqual(['山田 花子']);
      expect(await search(hanako, { name: '山田　花子' })).toEqual(['山田 花子']);
      expect(await search(hanako, { name: ' 山田 花子 ' })).toEqual(['山田 花子']);
    });

    it('matches half-width katakana, full-width digits and hyphenated phones', async () => {
      expect(await search(hanako, { name: 'ヤマダタロウ' })).toEqual(['ﾔﾏﾀﾞ ﾀﾛｳ']);
      expect(await search(hanako, { name: '山田花子', phone: '090-1234-5678' })).toEqual(['山田 花子']);
      expect(await search(hanako, { name: '山田花子', phone: '０９０－１２３４－５６７８' })).toEqual(['山田 花子']);
      expect(await search(hanako, { phone: '090ー1234ー5678' })).toEqual(['山田 花子', '山田花']);
      // A phone item reads a leading +81 or 81 as 0 (core/rules/search-match.ts); a text item does not.
      expect(await search(hanako, { phone: '+81 90-1234-5678' })).toEqual(['山田 花子', '山田花']);
      expect(await search(hanako, { phone: '819012345678' })).toEqual(['山田 花子', '山田花']);
      expect(await search(hanako, { name: '+81山田花子' })).toEqual([]);
      expect(await search(hanako, { postcode: '〒１００－０００１' })).toEqual(['山田 花子', 'ﾔﾏﾀﾞ ﾀﾛｳ']);
    });

    it('still needs the whole value, every condition, and only the caller’s answers', async () => {
      expect(await search(hanako, { name: '山田' })).toEqual([]);
      expect(await search(hanako, { name: '山田花子', phone: '0312345678' })).toEqual([]);
      expect(await search(other, { name: '山田 花子' })).toEqual(['山田花子']);
      expect(await search(hanako, {})).toEqual(['山田 花子', '山田花', 'ﾔﾏﾀﾞ ﾀﾛｳ'].sort());
    });

    it('answers every row of a matching answer', async () => {
      const r = await srv.api('POST', '/survey-results/filterQuery', { token: hanako, body: { queryParams: { surveyId: 'gomi', conditions: { phone: '03-1234-5678' } } } });
      expect(r.json.data.map((x: { itemKey: string; value: string }) => `${x.itemKey}=${x.value}`).sort()).toEqual(['name=ﾔﾏﾀﾞ ﾀﾛｳ', 'phone=0312345678', 'postcode=1000001']);
    });

    it('stores phones as digits: the client sends the normalised value, a hyphenated one is refused', async () => {
      const r = await srv.api('POST', '/survey-results/putItem', { token: hanako, body: { data: rows({ name: 'x', phone: '090-1234-5678' }) } });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.json)).toContain('phone');
    });
  });
}
