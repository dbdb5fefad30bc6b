/**
 * The staff status change call (server/routes/staff-statuses.ts) on both engines: a bulk change of
 * 1,000 answers in one transaction, all or nothing (one unknown key, one ended answer: nothing
 * changed); each changed answer's event with the staff member and the note; one audit row per
 * call, none when refused; a guest 403; a キャンセル whose paid order cannot be refunded refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { order } from './payment-fixture';
import { giveTeam, makeStaff, signIn, staffFetch, type TestStaff } from './staff-fixture';

const form = { surveyId: 'soudan', surveyTitle: '相談受付', isAppending: { value: true }, surveySchema: [{ itemKey: 'shimei', type: 'text', title: 'お名前' }] };
const BULK = 1000;

describe.each(engines())('staff status change (%s)', (engine) => {
  let srv: TestServer;
  let operator: TestStaff;
  let cookie: string;
  const keys = Array.from({ length: BULK }, (_, i) => `soudan#U-bulk-${String(i).padStart(4, '0')}#1`);
  const db = () => srv.deps.store.db;

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, { surveyConfigs: [form] }, 'fixture');
    await giveTeam(srv.deps.store, '福祉課', 'survey', ['soudan']);
    operator = await makeStaff(srv.deps.store, { role: 'operator', teams: ['福祉課'], name: '窓口 花子' });
    cookie = await signIn(srv, operator);
    const now = new Date().toISOString();
    const rows = keys.map((partitionKey, i) => ({
      partition_key: partitionKey,
      sort_key: 'shimei',
      survey_id: 'soudan',
      user_id: `U-bulk-${String(i).padStart(4, '0')}`,
      item_key: 'shimei',
      value: `相談者 ${i}`,
      title: 'お名前',
      type: 'liff',
      check_status: '未対応',
      user_search_key: null,
      is_liff_mode: 1,
      registrant_name: 'LINEユーザー',
      user_name: null,
      clinic_attributes: null,
      is_appending: 1,
      status: null,
      answer_code: String(100000 + i),
      created_at: now,
      updated_at: now,
    }));
    await srv.deps.store.write(async (trx) => {
      for (let i = 0; i < rows.length; i += 100) await trx.insertInto('survey_results').values(rows.slice(i, i + 100)).execute();
    });
  });
  afterAll(async () => srv?.stop());

  const change = (body: unknown, c = cookie) => staffFetch(srv, 'POST', '/forms/soudan/answers/status', { cookie: c, body });
  const statusCounts = async () =>
    Object.fromEntries(
      (await db().selectFrom('survey_results').select(['check_status']).select((eb) => eb.fn.countAll<number | string>().as('n')).where('survey_id', '=', 'soudan').groupBy('check_status').execute()).map(
        (r) => [r.check_status, Number(r.n)],
      ),
    );
  const statusAudits = async () => db().selectFrom('audit_log').selectAll().where('action', '=', 'answer.status').orderBy('seq').execute();
  const eventCount = async () => Number((await db().selectFrom('answer_events').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

  it('one unknown key among 1,000 refuses the whole change: nothing changed, no event, no audit row', async () => {
    const r = await change({ partitionKeys: [...keys.slice(0, 999), 'soudan#U-nobody#1'], status: '対応中' });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ code: 'status_answer_not_found', errorMessage: refusalText('status_answer_not_found', { partitionKey: 'soudan#U-nobody#1' }) });
    expect(await statusCounts()).toEqual({ 未対応: BULK });
    expect(await eventCount()).toBe(0);
    expect(await statusAudits()).toHaveLength(0);
  });

  it('changes 1,000 answers in one call: the count, one event each with the note, one audit row naming them', async () => {
    const r = await change({ partitionKeys: keys, status: '対応中', note: '一括で受付しました' });
    expect(r.json).toMatchObject({ result: 'OK', data: { changed: BULK } });
    expect(await statusCounts()).toEqual({ 対応中: BULK });
    const events = await db().selectFrom('answer_events').selectAll().execute();
    expect(events).toHaveLength(BULK);
    expect(new Set(events.map((e) => e.partition_key)).size).toBe(BULK);
    expect(events.every((e) => e.kind === 'status' && e.from_value === '未対応' && e.to_value === '対応中' && e.actor_kind === 'staff' && e.actor_id === operator.id && e.actor_name === '窓口 花子' && e.note === '一括で受付しました')).toBe(true);
    const audits = await statusAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_kind: 'staff', actor_id: operator.id, target_kind: 'answer', outcome: 'ok' });
    expect(JSON.parse(audits[0]?.target_ids_json as string)).toEqual([...keys].sort());
    expect(JSON.parse(audits[0]?.detail_json as string)).toMatchObject({ surveyId: 'soudan', to: '対応中', changed: BULK });
  });

  it('an ended answer among them refuses the whole change with its reason', async () => {
    const ended = keys[500] as string;
    await srv.deps.store.write((trx) => trx.updateTable('survey_results').set({ check_status: '取り消し' }).where('partition_key', '=', ended).execute());
    const before = await eventCount();
    const r = await change({ partitionKeys: keys, status: '対応済' });
    expect(r.status).toBe(409);
    expect(r.json.errorMessage).toBe(refusalText('status_answer_ended', { partitionKey: ended, status: '取り消し' }));
    expect(await statusCounts()).toEqual({ 対応中: BULK - 1, 取り消し: 1 });
    expect(await eventCount()).toBe(before);
    expect(await statusAudits()).toHaveLength(1);
  });

  it('refuses a status staff may not set, a note past 500 characters and more than 1,000 keys', async () => {
    for (const status of ['変更あり', '取り消し', 'NG']) {
      const r = await change({ partitionKeys: [keys[0]], status });
      expect(r.json, status).toMatchObject({ code: 'status_not_settable' });
    }
    expect((await change({ partitionKeys: [keys[0]], status: '完了', note: 'あ'.repeat(501) })).status).toBe(400);
    expect((await change({ partitionKeys: [...keys, 'soudan#U-extra#1'], status: '完了' })).status).toBe(400);
    expect((await change({ partitionKeys: [], status: '完了' })).status).toBe(400);
    expect(await statusAudits()).toHaveLength(1);
  });

  it('a guest sees but cannot change (403); staff of another team cannot either', async () => {
    const guest = await signIn(srv, await makeStaff(srv.deps.store, { role: 'guest', teams: ['福祉課'] }));
    const g = await change({ partitionKeys: [keys[0]], status: '完了' }, guest);
    expect(g.status).toBe(403);
    expect(g.json.code).toBe('staff_forbidden');
    const stranger = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['税務課'] }));
    const s = await change({ partitionKeys: [keys[0]], status: '完了' }, stranger);
    expect(s.status).toBe(403);
    expect(s.json.code).toBe('staff_team_forbidden');
    expect(await statusCounts()).toEqual({ 対応中: BULK - 1, 取り消し: 1 });
    expect(await statusAudits()).toHaveLength(1);
  });

  it('キャンセル of an answer whose card order is paid but has no tracking id to refund is refused, nothing changed', async () => {
    const key = keys[1] as string;
    const now = new Date().toISOString();
    await srv.deps.store.write((trx) =>
      trx
        .insertInto('payment_orders')
        .values({
          order_id: 'ord-untracked',
          survey_id: 'soudan',
          partition_key: key,
          user_id: 'U-bulk-0001',
          phase: 'paid',
          status: 0,
          amount_with_tax: 1100,
          order_json: JSON.stringify(order()),
          result_json: JSON.stringify({ res_result: 'OK' }),
          hold_until: now,
          created_at: now,
          updated_at: now,
          completed_at: now,
          canceled_at: null,
        })
        .execute(),
    );
    const r = await change({ partitionKeys: [keys[0] as string, key], status: 'キャンセル' });
    expect(r.status).toBe(409);
    expect(r.json.errorMessage).toBe(refusalText('status_refund_unavailable', { partitionKey: key }));
    expect(await statusCounts()).toEqual({ 対応中: BULK - 1, 取り消し: 1 });
    expect(Number((await db().selectFrom('payment_orders').select('status').where('order_id', '=', 'ord-untracked').executeTakeFirstOrThrow()).status)).toBe(0);
    expect(await statusAudits()).toHaveLength(1);
  });

  it('answers the keys of the filtered set for a bulk change: capped at 1,000 with more, audited, not for a guest', async () => {
    const keysOf = (query: string, c = cookie) => staffFetch(srv, 'GET', `/forms/soudan/answers/keys${query}`, { cookie: c });
    const busy = await keysOf('?status=%E5%AF%BE%E5%BF%9C%E4%B8%AD');
    expect(busy.json.data.more).toBe(false);
    expect(busy.json.data.partitionKeys).toHaveLength(BULK - 1);
    expect(busy.json.data.partitionKeys).not.toContain(keys[500]);
    // Free text folded as the list folds it: 相談者１２ finds 12 and 120–129.
    const some = await keysOf(`?text=${encodeURIComponent('相談者１２')}`);
    expect([...some.json.data.partitionKeys].sort()).toEqual([12, ...Array.from({ length: 10 }, (_, i) => 120 + i)].map((i) => keys[i]).sort());
    const all = await keysOf('');
    expect(all.json.data).toMatchObject({ more: false });
    expect(all.json.data.partitionKeys).toHaveLength(BULK);
    await srv.deps.store.write((trx) =>
      trx
        .insertInto('survey_results')
        .values({ ...{ sort_key: 'shimei', survey_id: 'soudan', item_key: 'shimei', title: 'お名前', type: 'liff', check_status: '未対応', user_search_key: null, is_liff_mode: 1 }, ...{ registrant_name: 'LINEユーザー', user_name: null, clinic_attributes: null, is_appending: 1, status: null }, partition_key: 'soudan#U-late#1', user_id: 'U-late', value: '後から 一件', answer_code: '200000', created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
        .execute(),
    );
    const over = await keysOf('');
    expect(over.json.data.more).toBe(true);
    expect(over.json.data.partitionKeys).toHaveLength(BULK);
    const audits = await db().selectFrom('audit_log').selectAll().where('action', '=', 'answer.keys').orderBy('seq').execute();
    expect(audits).toHaveLength(4);
    expect(JSON.parse(audits[3]?.detail_json as string)).toMatchObject({ surveyId: 'soudan', count: BULK, more: true });
    const guest = await signIn(srv, await makeStaff(srv.deps.store, { role: 'guest', teams: ['福祉課'] }));
    expect((await keysOf('', guest)).status).toBe(403);
    expect(await statusAudits()).toHaveLength(1);
  });
});
