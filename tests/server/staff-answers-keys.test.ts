/**
 * The answers list's searchable-item filter read from the stored search keys
 * (server/store/search-key.ts) on both engines: a form of 6,000 answers, more than one page's scan
 * of free text examines, where the one answer named is the oldest. Its rows are made by the write
 * path's rowsToStore, as putItem stores them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { makeStaff, signIn, staffFetch } from './staff-fixture';
import { importBundle } from '../../server/forms/import';
import { findSurveyConfig } from '../../server/store/configs';
import { rowsToStore } from '../../server/answers/write/rows';
import { iterateAnswers } from '../../server/answers/answer-list';
import { filterOfQuery } from '../../server/answers/answer-filter';
import type { ServedSurveyConfig } from '@core/form/survey-config';

const ANSWERS = 6000;
/** One answer a minute from 2026-01-01 09:00 in Tokyo: answer 3,000 is received on January 3rd. */
const BASE = Date.parse('2026-01-01T00:00:00Z');
const searchable = { isSearchable: { value: true } };
const bundle = {
  surveyConfigs: [
    {
      surveyId: 'many',
      surveyTitle: '多数',
      isAppending: { value: true },
      surveySchema: [
        { itemKey: 'name', type: 'text', title: '氏名', ...searchable },
        { itemKey: 'tel', type: 'phone', title: '電話', ...searchable },
        { itemKey: 'topics', type: 'checkboxes', title: '相談', options: ['子育て', 'ＡＢＣ'], ...searchable },
      ],
    },
  ],
};

describe.each(engines())('console answers by stored search keys (%s)', (engine) => {
  let srv: TestServer;
  let cookie: string;
  let cfg: ServedSurveyConfig;
  const pkOf = (n: number) => `many#U${n}#${BASE + n * 60_000}`;

  const keysOf = async (query: string) => {
    const res = await staffFetch(srv, 'GET', `/forms/many/answers?${query}`, { cookie });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return { keys: (res.json.data.answers as { partitionKey: string }[]).map((a) => a.partitionKey), next: res.json.data.next as string | null };
  };
  const item = (itemKey: string, value: string) => `item=${encodeURIComponent(`${itemKey}|${value}`)}`;

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, bundle, 'fixture');
    cfg = (await findSurveyConfig(srv.deps.store.db, 'many')) as ServedSurveyConfig;
    const rows = Array.from({ length: ANSWERS }, (_, n) => {
      const at = new Date(BASE + n * 60_000).toISOString();
      // The oldest answer alone bears this name; the phone numbers repeat every 3,000 answers.
      const values = [
        { itemKey: 'name', value: n === 0 ? '山田　花子' : n === 1 ? '割引100%_対象' : `住民 ${n}` },
        { itemKey: 'tel', value: `090${String(n % 3000).padStart(8, '0')}` },
        ...(n % 2 ? [{ itemKey: 'topics', value: 'ＡＢＣ' }] : []),
      ];
      return rowsToStore({
        config: cfg,
        rows: values.map((v) => ({ surveyId: 'many', ...v })),
        partitionKey: pkOf(n),
        user: { userId: `U${n}`, name: undefined },
        appending: true,
        answerCode: String(500_000 + n),
        createdAt: at,
        now: at,
        status: null,
        office: null,
        check: n % 4 === 0 ? '対応中' : '未対応',
      });
    }).flat();
    await srv.deps.store.write(async (trx) => {
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('survey_results').values(rows.slice(i, i + 500)).execute();
    });
    cookie = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin' }));
  });
  afterAll(async () => srv?.stop());

  it('finds the oldest of 6,000 answers by a searchable item in one page, folded, with no next page', async () => {
    expect(await keysOf(item('name', '山田花子'))).toEqual({ keys: [pkOf(0)], next: null });
    expect(await keysOf(`order=oldest&${item('name', ' 山田 花子 ')}`)).toEqual({ keys: [pkOf(0)], next: null });
    expect(await keysOf(item('name', '山田'))).toEqual({ keys: [], next: null });
  });

  it('ands several items, a status and a received range with the keyed item', async () => {
    expect((await keysOf(item('tel', '090-0000-0000'))).keys).toEqual([pkOf(3000), pkOf(0)]);
    expect((await keysOf(`${item('tel', '+81 90 0000 0007')}&${item('topics', 'abc')}`)).keys).toEqual([pkOf(3007), pkOf(7)]);
    expect((await keysOf(`${item('tel', '09000000000')}&status=${encodeURIComponent('対応中')}`)).keys).toEqual([pkOf(3000), pkOf(0)]);
    expect((await keysOf(`${item('tel', '09000000001')}&status=${encodeURIComponent('対応中')}`)).keys).toEqual([]);
    expect((await keysOf(`${item('tel', '09000000000')}&from=2026-01-02`)).keys).toEqual([pkOf(3000)]);
    expect((await keysOf(`${item('tel', '09000000000')}&to=2026-01-02`)).keys).toEqual([pkOf(0)]);
  });

  it('pages a common key by keyset: every match once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await keysOf(`${item('topics', 'ＡＢＣ')}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.keys);
      cursor = page.next;
    } while (cursor);
    expect(seen).toHaveLength(ANSWERS / 2);
    expect(new Set(seen).size).toBe(ANSWERS / 2);
  });

  it('feeds an export the same matches', async () => {
    const all: string[] = [];
    for await (const batch of iterateAnswers(srv.deps.store.db, cfg, filterOfQuery(cfg, { item: 'tel|09000000042' }), { answers: 1 })) all.push(...batch.map((a) => a.partitionKey));
    expect(all).toEqual([pkOf(42), pkOf(3042)]);
  });

  it('feeds an export unnarrowed: each answer whole, a status its rows disagree on ranked, sort keys kept', async () => {
    await srv.deps.store.write((trx) => trx.updateTable('survey_results').set({ check_status: '完了' }).where('partition_key', '=', pkOf(5)).where('item_key', '=', 'tel').execute());
    const seen = new Map<string, { status: string; rows: { sortKey: string; itemKey: string }[] }>();
    for await (const batch of iterateAnswers(srv.deps.store.db, cfg, filterOfQuery(cfg, {}), { rows: 777 })) for (const a of batch) seen.set(a.partitionKey, a);
    expect(seen.size).toBe(ANSWERS);
    expect(seen.get(pkOf(5))?.status).toBe('完了');
    expect(seen.get(pkOf(4))?.status).toBe('対応中');
    expect(seen.get(pkOf(6))?.status).toBe('未対応');
    expect(seen.get(pkOf(5))?.rows.map((r) => r.sortKey)).toEqual(['name', 'tel', 'topics#ＡＢＣ']);
    await srv.deps.store.write((trx) => trx.updateTable('survey_results').set({ check_status: '未対応' }).where('partition_key', '=', pkOf(5)).execute());
  });

  it('finds free text in the oldest of 6,000 answers on the first page, narrowed in SQL', async () => {
    expect(await keysOf(`text=${encodeURIComponent('ﾔﾏﾀﾞ')}`)).toEqual({ keys: [], next: null });
    expect(await keysOf(`text=${encodeURIComponent('山田 花')}`)).toEqual({ keys: [pkOf(0)], next: null });
    // The answer code, and a phone typed with +81 (its key is the number, not its fold).
    expect(await keysOf(`text=${encodeURIComponent('５０００００')}`)).toEqual({ keys: [pkOf(0)], next: null });
    expect((await keysOf(`text=${encodeURIComponent('090-0000-0001')}`)).keys).toEqual([pkOf(3001), pkOf(1)]);
  });

  it('reads % and _ in free text as themselves', async () => {
    expect(await keysOf(`text=${encodeURIComponent('100%_')}`)).toEqual({ keys: [pkOf(1)], next: null });
    expect(await keysOf(`text=${encodeURIComponent('割引1_0')}`)).toEqual({ keys: [], next: null });
    expect(await keysOf(`text=${encodeURIComponent('%')}`)).toEqual({ keys: [pkOf(1)], next: null });
  });

  it('matches free text with an item, within the keyed rows', async () => {
    expect((await keysOf(`${item('tel', '09000000005')}&text=${encodeURIComponent('住民３００５')}`)).keys).toEqual([pkOf(3005)]);
  });
});
