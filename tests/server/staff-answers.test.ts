/**
 * The console's answers of a form (server/routes/staff-answers.ts, server/answers/answer-list.ts)
 * on both engines: counts on the forms list, keyset paging that gives every answer once while new
 * ones arrive, each filter (statuses, received days in Asia/Tokyo, reservation day, a searchable
 * item and free text folded as the lookup folds), chosen columns, one answer's page with its
 * superseded record, team checks and the audit rows of each read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';
import { importBundle } from '../../server/forms/import';
import { findAnswer, iterateAnswers } from '../../server/answers/answer-list';
import { filterOfQuery } from '../../server/answers/answer-filter';
import { findSurveyConfig } from '../../server/store/configs';
import type { ServedSurveyConfig } from '@core/form/survey-config';

const item = (itemKey: string, type: string, extra: Record<string, unknown> = {}) => ({ itemKey, type, title: `題 ${itemKey}`, ...extra });
const searchable = { isSearchable: { value: true } };

const bundle = {
  surveyConfigs: [
    {
      surveyId: 'soudan',
      surveyTitle: '健康相談',
      isAppending: { value: true },
      surveySchema: [
        item('name', 'text', searchable),
        item('tel', 'phone', searchable),
        item('topics', 'checkboxes', { options: ['子育て', '福祉', '防災'] }),
        item('memo', 'text'),
        item('office', 'text', { isAdminItem: true }),
      ],
    },
    { surveyId: 'other', surveyTitle: '他課', surveySchema: [item('name', 'text')] },
  ],
};

describe.each(engines())('console answers (%s)', (engine) => {
  let srv: TestServer;
  let cookie: string;
  let cfg: ServedSurveyConfig;
  const keys: string[] = [];

  const put = async (userId: string, values: Record<string, string | string[]>, extra: Record<string, unknown> = {}) => {
    const data = Object.entries(values).flatMap(([itemKey, v]) => (Array.isArray(v) ? v : [v]).map((value) => ({ surveyId: 'soudan', itemKey, value })));
    const r = await srv.api('POST', '/survey-results/putItem', { token: await srv.token(userId), body: { data, ...extra } });
    expect(r.status, r.text).toBe(200);
    return r.json.partitionKey as string;
  };
  const setRows = (partitionKey: string, set: { check_status?: string; created_at?: string }) =>
    srv.deps.store.db.updateTable('survey_results').set(set).where('partition_key', '=', partitionKey).execute();
  const list = async (query: string) => {
    const res = await staffFetch(srv, 'GET', `/forms/soudan/answers${query}`, { cookie });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data as { answers: { partitionKey: string; status: string; values: Record<string, string> }[]; next: string | null; columns: string[] };
  };
  const keysOf = async (query: string) => (await list(query)).answers.map((a) => a.partitionKey).sort();
  const auditRows = () => srv.deps.store.db.selectFrom('audit_log').selectAll().orderBy('seq').execute();

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, bundle, 'fixture');
    await giveTeam(srv.deps.store, '健康課', 'survey', ['soudan']);
    await giveTeam(srv.deps.store, '別課', 'survey', ['other']);
    keys.push(await put('U-yamada', { name: '山田 花子', tel: '09012345678', topics: ['子育て', '福祉'], memo: 'テスト相談' }));
    keys.push(await put('U-abc', { name: 'ＡＢＣ商事', tel: '08011112222', memo: '電話希望' }));
    for (let i = 0; i < 18; i++) keys.push(await put(`U-n${i}`, { name: `住民 ${i}`, tel: `0901000${String(i).padStart(4, '0')}` }));
    await setRows(keys[2] as string, { check_status: '対応中' });
    await setRows(keys[3] as string, { check_status: '完了' });
    // Jan 2nd 00:30 in Tokyo is still Jan 1st in UTC; the 9th is more than 7 days back.
    await setRows(keys[4] as string, { created_at: '2026-01-01T15:30:00.000Z' });
    await setRows(keys[5] as string, { created_at: '2026-01-01T14:30:00.000Z' });
    cookie = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['健康課'] }));
    cfg = (await findSurveyConfig(srv.deps.store.db, 'soudan')) as ServedSurveyConfig;
  });
  afterAll(async () => srv?.stop());

  it('lists the forms within reach with counts per status and of the last 7 days', async () => {
    const res = await staffFetch(srv, 'GET', '/forms', { cookie });
    expect(res.json.data.forms).toHaveLength(1);
    expect(res.json.data.forms[0].counts).toEqual({ byStatus: { 未対応: 18, 対応中: 1, 完了: 1 }, total: 20, lastSevenDays: 18 });
    expect(res.json.data.forms[0].ward).toBe(false);
  });

  it('pages by keyset: every answer exactly once, newest or oldest first, while new answers arrive', async () => {
    for (const order of ['newest', 'oldest']) {
      const before = new Set(await keysOf('?limit=200'));
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(`?order=${order}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...page.answers.map((a) => a.partitionKey));
        cursor = page.next;
        pages += 1;
        // An answer arrives between pages; newest first it sorts before the cursor and is not met.
        if (pages <= 2) keys.push(await put(`U-late-${order}-${pages}`, { name: '後から' }));
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      for (const k of before) expect(seen).toContain(k);
      const late = seen.filter((k) => !before.has(k));
      expect(late.length).toBe(order === 'newest' ? 0 : 2);
    }
  });

  it('filters by one status or several', async () => {
    expect(await keysOf('?status=%E5%AF%BE%E5%BF%9C%E4%B8%AD')).toEqual([keys[2]]);
    expect(await keysOf(`?status=${encodeURIComponent('対応中')}&status=${encodeURIComponent('完了')}`)).toEqual([keys[2], keys[3]].sort());
    const open = await list(`?status=${encodeURIComponent('未対応')}&limit=200`);
    expect(open.answers.every((a) => a.status === '未対応')).toBe(true);
    expect(open.answers.map((a) => a.partitionKey)).not.toContain(keys[2]);
  });

  it('filters by received days in Asia/Tokyo, both ends included', async () => {
    expect(await keysOf('?from=2026-01-02&to=2026-01-02')).toEqual([keys[4]]);
    expect(await keysOf('?from=2026-01-01&to=2026-01-01')).toEqual([keys[5]]);
    expect(await keysOf('?to=2026-01-05')).toEqual([keys[4], keys[5]].sort());
  });

  it('filters by a live reservation on a day', async () => {
    await srv.deps.store.write((trx) =>
      trx.insertInto('reservations').values({ partition_key: keys[6] as string, item_key: 'r', survey_id: 'soudan', user_id: 'U-n4', calendar_id: 'c', category_id: 'c', item_id: 'i', day: '2026-03-03', slot: '1', cost: 1, created_at: new Date().toISOString() }).execute(),
    );
    expect(await keysOf('?reservationDay=2026-03-03')).toEqual([keys[6]]);
    expect(await keysOf('?reservationDay=2026-03-04')).toEqual([]);
  });

  it('filters by a searchable item and by free text, folded as the lookup folds', async () => {
    const q = (itemKey: string, value: string) => `?item=${encodeURIComponent(`${itemKey}|${value}`)}`;
    expect(await keysOf(q('tel', '０９０－１２３４－５６７８'))).toEqual([keys[0]]);
    expect(await keysOf(q('tel', '+81 90-1234-5678'))).toEqual([keys[0]]);
    expect(await keysOf(q('name', '山田花子'))).toEqual([keys[0]]);
    expect(await keysOf(q('name', 'abc商事'))).toEqual([keys[1]]);
    expect(await keysOf(`${q('name', '山田花子')}&status=${encodeURIComponent('完了')}`)).toEqual([]);
    expect(await keysOf(`?text=${encodeURIComponent('ﾃｽﾄ')}`)).toEqual([keys[0]]);
    expect(await keysOf(`?text=${encodeURIComponent('０８０ー１１１１')}`)).toEqual([keys[1]]);
    expect(await keysOf(`?text=${encodeURIComponent('abc')}`)).toEqual([keys[1]]);
    const memo = await staffFetch(srv, 'GET', `/forms/soudan/answers${q('memo', 'テスト相談')}`, { cookie });
    expect(memo.status).toBe(400);
  });

  it('answers the chosen columns’ display values, checkbox rows joined', async () => {
    const page = await list(`?col=topics&col=name&${`item=${encodeURIComponent('name|山田 花子')}`}`);
    expect(page.columns).toEqual(['topics', 'name']);
    expect(page.answers[0]?.values).toEqual({ topics: '子育て、福祉', name: '山田 花子' });
    expect((await list('')).columns).toEqual(['name', 'tel']);
  });

  it('feeds an export unnarrowed: rounds bounded in rows, each answer whole in one round', async () => {
    for (const rows of [1, 2, 3, 5, 7]) {
      const all: string[] = [];
      for await (const answers of iterateAnswers(srv.deps.store.db, cfg, filterOfQuery(cfg, {}), { rows })) {
        for (const a of answers) expect(a.rows.length, a.partitionKey).toBe((await findAnswer(srv.deps.store.db, 'soudan', a.partitionKey))?.rows.length);
        all.push(...answers.map((a) => a.partitionKey));
      }
      expect(new Set(all).size).toBe(all.length);
      expect(all.sort()).toEqual(await keysOf('?limit=200'));
    }
  });

  it('feeds an export: every match in keyset batches', async () => {
    const all: string[] = [];
    for await (const batch of iterateAnswers(srv.deps.store.db, cfg, filterOfQuery(cfg, { status: '未対応' }), { answers: 4 })) {
      expect(batch.length).toBeLessThanOrEqual(4);
      all.push(...batch.map((a) => a.partitionKey));
    }
    expect(all.sort()).toEqual(await keysOf(`?status=${encodeURIComponent('未対応')}&limit=200`));
  });

  it('shows one answer: every item (admin items too), and the 取り消し record it superseded', async () => {
    const first = await put('U-amend', { name: '変更 前', memo: 'A' });
    const second = await put('U-amend', { name: '変更 後', memo: 'B' }, { surveyId: 'soudan', items: [{ partitionKey: first }], checkStatus: '取り消し' });
    await srv.deps.store.write((trx) =>
      trx.insertInto('survey_results').values({ ...(Object.fromEntries(Object.entries({})) as object), partition_key: second, sort_key: 'office', survey_id: 'soudan', user_id: 'U-amend', item_key: 'office', value: '折り返し済', title: '題 office', type: 'liff', check_status: '未対応', user_search_key: null, is_liff_mode: 0, registrant_name: 'x', user_name: null, clinic_attributes: null, answer_code: null, is_appending: 1, status: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).execute(),
    );
    const res = await staffFetch(srv, 'GET', `/forms/soudan/answers/${encodeURIComponent(second)}`, { cookie });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const page = res.json.data;
    expect(page.partitionKey).toBe(second);
    expect(page.items.map((i: { itemKey: string }) => i.itemKey)).toEqual(['name', 'tel', 'topics', 'memo', 'office']);
    expect(page.items.find((i: { itemKey: string }) => i.itemKey === 'office')).toMatchObject({ isAdminItem: true, display: '折り返し済' });
    expect(page.items.find((i: { itemKey: string }) => i.itemKey === 'name').display).toBe('変更 後');
    expect(page.history.filter((h: { kind: string }) => h.kind === 'superseded')).toEqual([expect.objectContaining({ partitionKey: first, status: '取り消し' })]);
    expect(page.history.some((h: { kind: string }) => h.kind === 'created')).toBe(true);

    const missing = await staffFetch(srv, 'GET', `/forms/soudan/answers/${encodeURIComponent('soudan#U-none#1')}`, { cookie });
    expect(missing.status).toBe(404);
    const elsewhere = await staffFetch(srv, 'GET', `/forms/other/answers/${encodeURIComponent(second)}`, { cookie });
    expect(elsewhere.json.code).toBe('staff_team_forbidden');
  });

  it('leaves an audit row per list (the filter, the keys listed) and per answer read; a refused read none', async () => {
    const before = (await auditRows()).length;
    const page = await list(`?status=${encodeURIComponent('対応中')}`);
    await staffFetch(srv, 'GET', `/forms/soudan/answers/${encodeURIComponent(keys[2] as string)}`, { cookie });
    await staffFetch(srv, 'GET', '/forms/other/answers', { cookie });
    const rows = (await auditRows()).slice(before);
    expect(rows.map((r) => r.action)).toEqual(['answer.list', 'answer.read']);
    expect(JSON.parse(rows[0]?.target_ids_json as string)).toEqual(page.answers.map((a) => a.partitionKey));
    expect(JSON.parse(rows[0]?.detail_json as string)).toMatchObject({ surveyId: 'soudan', filter: { statuses: ['対応中'] } });
    expect(JSON.parse(rows[1]?.target_ids_json as string)).toEqual([keys[2]]);
  });

  it('refuses a cursor it did not make', async () => {
    const res = await staffFetch(srv, 'GET', '/forms/soudan/answers?cursor=bm9wZQ', { cookie });
    expect(res.status).toBe(400);
  });
});
