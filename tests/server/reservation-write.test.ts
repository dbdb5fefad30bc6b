/**
 * The reservation write path on both engines: a slot is claimed inside putItem's transaction,
 * given back on cancel, moved atomically on amendment; the calendar's rules (off, window, day
 * off, per-user limits, cancel deadline with days off, item cost) are enforced by the server;
 * corona-type forms cancel lapsed reservations when the list loads.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { bundle, day, value } from './reservation-fixture';

const QUOTA_TEXT = '指定された日付・時間の枠は埋まっています。お手数ですが、他の日付・時間を選んでください。';
const DEADLINE_TEXT = '予約変更・キャンセルの期限を過ぎています。予約窓口へ直接ご連絡をお願い致します。';

for (const engine of engines()) {
  describe(`reservation writes (${engine})`, () => {
    let srv: TestServer;
    const tokens = new Map<string, string>();
    const tokenOf = async (user: string) => {
      const hit = tokens.get(user);
      if (hit) return hit;
      const t = await srv.token(user);
      tokens.set(user, t);
      return t;
    };
    const reserve = async (user: string, v: string, opts: { surveyId?: string; partitionKey?: string; extra?: Record<string, string> } = {}) => {
      const surveyId = opts.surveyId ?? 'rsv';
      const data = [
        { surveyId, itemKey: 'yoyaku', value: v, ...(opts.partitionKey ? { partitionKey: opts.partitionKey } : {}) },
        ...Object.entries(opts.extra ?? { name: '予約 太郎' }).map(([itemKey, val]) => ({
          surveyId,
          itemKey,
          value: val,
          ...(opts.partitionKey ? { partitionKey: opts.partitionKey } : {}),
        })),
      ];
      return srv.api('POST', '/survey-results/putItem', { token: await tokenOf(user), body: { data } });
    };
    const cancel = async (user: string, partitionKey: string, surveyId = 'rsv') =>
      srv.api('POST', '/survey-results/cancelItem', { token: await tokenOf(user), body: { surveyId, partitionKey } });
    const slotOf = async (calendarId: string, offset: number, slot: string) => {
      const db = srv.deps.store.db;
      const s = await db
        .selectFrom('slots')
        .select(['quota', 'reserved'])
        .where('calendar_id', '=', calendarId)
        .where('day', '=', day(offset))
        .where('slot', '=', slot)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('reservations')
        .select('cost')
        .where('calendar_id', '=', calendarId)
        .where('day', '=', day(offset))
        .where('slot', '=', slot)
        .execute();
      // The invariant every test leaves behind: the count is the sum of the live reservations.
      expect(Number(s.reserved)).toBe(rows.reduce((n, r) => n + Number(r.cost), 0));
      return { quota: Number(s.quota), reserved: Number(s.reserved) };
    };
    const resultCount = async (surveyId = 'rsv') =>
      Number(
        (
          await srv.deps.store.db
            .selectFrom('survey_results')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('survey_id', '=', surveyId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bundle(), 'fixture');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('claims the slot with the answer, and refuses a full slot with the spec text, writing nothing', async () => {
      const a = await reserve('U-w1', value('naika-a', 'i1', 3, '1'));
      expect(a.json).toMatchObject({ result: 'OK' });
      expect(await slotOf('cal-a', 3, '1')).toEqual({ quota: 2, reserved: 1 });
      expect((await reserve('U-w2', value('naika-a', 'i1', 3, '1'))).status).toBe(200);
      const before = await resultCount();
      const full = await reserve('U-w3', value('naika-a', 'i1', 3, '1'));
      expect(full.status).toBe(409);
      expect(full.json).toMatchObject({ result: 'ERROR', code: 'quota_exceeded', errorMessage: QUOTA_TEXT });
      expect(await resultCount()).toBe(before);
      expect(await slotOf('cal-a', 3, '1')).toEqual({ quota: 2, reserved: 2 });
    });

    it('a new answer for a slot already full is refused before its write: no answer code is drawn for it', async () => {
      expect(await slotOf('cal-a', 3, '1')).toEqual({ quota: 2, reserved: 2 });
      const before = Number((await reserve('U-w4', value('naika-a', 'i1', 5, '1'))).json.answercode);
      expect((await reserve('U-w5', value('naika-a', 'i1', 3, '1'))).json.code).toBe('quota_exceeded');
      const after = Number((await reserve('U-w6', value('naika-a', 'i1', 5, '1'))).json.answercode);
      expect(after).toBe(before + 1);
    });

    // On PostgreSQL a write holds the resident's counter row until it commits; a new answer for a
    // slot already full is refused by a plain read before its transaction, so it never waits for it.
    // SQLite serialises whole writes, so there is nothing to show there.
    if (engine === 'postgres') it('refuses a slot already full without waiting for a write of the same resident', async () => {
      expect(await slotOf('cal-a', 3, '1')).toEqual({ quota: 2, reserved: 2 });
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = srv.deps.store.db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        await sql`insert into counters (scope, name, value) values ('rsv#U-w9', 'resident', 1) on conflict (scope, name) do update set value = counters.value + 1`.execute(conn);
        locked();
        await released;
        await sql`rollback`.execute(conn);
      });
      try {
        await isLocked;
        const answer = await Promise.race([
          reserve('U-w9', value('naika-a', 'i1', 3, '1')),
          new Promise<'waited'>((r) => setTimeout(() => r('waited'), 3000)),
        ]);
        expect(answer === 'waited' ? answer : answer.json.code).toBe('quota_exceeded');
      } finally {
        release();
        await holder;
      }
    });

    it('an item of cost 2 takes two places: it needs two free, and a one-place item still fits beside it', async () => {
      expect((await reserve('U-c1', value('naika-a', 'i2', 4, '2'))).status).toBe(200);
      expect(await slotOf('cal-a', 4, '2')).toEqual({ quota: 2, reserved: 2 });
      expect((await reserve('U-c2', value('naika-a', 'i1', 4, '3'))).status).toBe(200);
      const r = await reserve('U-c3', value('naika-a', 'i2', 4, '3'));
      expect(r.json.code).toBe('quota_exceeded');
      expect(await slotOf('cal-a', 4, '3')).toEqual({ quota: 2, reserved: 1 });
    });

    it('cancelling gives the place back once; a second cancel changes nothing', async () => {
      const a = await reserve('U-x1', value('naika-b', 'v1', 5, '1'));
      expect(await slotOf('cal-b', 5, '1')).toMatchObject({ reserved: 1 });
      const c = await cancel('U-x1', a.json.partitionKey);
      expect(c.status).toBe(200);
      expect(c.json.data.check).toBe('キャンセル');
      expect(await slotOf('cal-b', 5, '1')).toMatchObject({ reserved: 0 });
      expect((await cancel('U-x1', a.json.partitionKey)).json.code).toBe('already_cancelled');
      expect(await slotOf('cal-b', 5, '1')).toMatchObject({ reserved: 0 });
    });

    it('an amendment moves the reservation in one step, also into a slot the old one filled', async () => {
      const a = await reserve('U-m1', value('naika-a', 'i1', 7, '1'));
      const b = await reserve('U-m2', value('naika-a', 'i1', 7, '1'));
      expect(await slotOf('cal-a', 7, '1')).toMatchObject({ reserved: 2 });
      // Same full slot, new answer: only possible because the old place is given back first.
      const same = await reserve('U-m1', value('naika-a', 'i1', 7, '1'), { partitionKey: a.json.partitionKey, extra: { name: '変更後' } });
      expect(same.status).toBe(200);
      expect(await slotOf('cal-a', 7, '1')).toMatchObject({ reserved: 2 });
      const moved = await reserve('U-m1', value('naika-a', 'i1', 8, '2'), { partitionKey: same.json.partitionKey });
      expect(moved.status).toBe(200);
      expect(await slotOf('cal-a', 7, '1')).toMatchObject({ reserved: 1 });
      expect(await slotOf('cal-a', 8, '2')).toMatchObject({ reserved: 1 });
      // Moving into a full slot fails whole: the old reservation keeps its place and stays live.
      await reserve('U-m3', value('naika-a', 'i1', 8, '3'));
      await reserve('U-m4', value('naika-a', 'i1', 8, '3'));
      const refused = await reserve('U-m1', value('naika-a', 'i1', 8, '3'), { partitionKey: moved.json.partitionKey });
      expect(refused.json.code).toBe('quota_exceeded');
      expect(await slotOf('cal-a', 8, '2')).toMatchObject({ reserved: 1 });
      expect(await slotOf('cal-a', 8, '3')).toMatchObject({ reserved: 2 });
      const old = await srv.deps.store.db.selectFrom('survey_results').select('check_status').where('partition_key', '=', moved.json.partitionKey).execute();
      expect(old.every((r) => r.check_status === '変更あり')).toBe(true);
      expect(b.status).toBe(200);
    });

    it('a single-answer form answered again moves its one reservation', async () => {
      const a = await reserve('U-s1', value('naika-b', 'v1', 9, '1'), { surveyId: 'rsv-single' });
      expect(a.status).toBe(200);
      const b = await reserve('U-s1', value('naika-b', 'v1', 9, '2'), { surveyId: 'rsv-single' });
      expect(b.status).toBe(200);
      expect(b.json.partitionKey).toBe(a.json.partitionKey);
      expect(await slotOf('cal-b', 9, '1')).toMatchObject({ reserved: 0 });
      expect(await slotOf('cal-b', 9, '2')).toMatchObject({ reserved: 1 });
    });

    it('refuses what the calendar does not offer: off, outside the window, a day off, unknown parts', async () => {
      expect((await reserve('U-r1', value('naika-off', 'x', 3, '1'))).json).toMatchObject({ code: 'calendar_off', errorMessage: '現在予約を受け付けておりません' });
      expect((await reserve('U-r1', value('naika-later', 'l', 1, '1'))).json).toMatchObject({ code: 'slot_unavailable', errorMessage: '現在予約可能な枠がありません' });
      expect((await reserve('U-r1', value('naika-later', 'l', 2, '1'))).status).toBe(200);
      expect((await reserve('U-r1', value('naika-a', 'i1', -1, '1'))).json.code).toBe('slot_unavailable');
      // Today's slot whose start time has come (00:00) is over; tomorrow's is open.
      expect((await reserve('U-r4', value('naika-early', 'e', 0, '1'))).json).toMatchObject({ code: 'slot_unavailable', errorMessage: '現在予約可能な枠がありません' });
      expect((await reserve('U-r4', value('naika-early', 'e', 1, '1'))).status).toBe(200);
      expect((await reserve('U-r2', value('naika-a', 'i1', 6, '1'))).json.code).toBe('slot_unavailable'); // day off
      expect((await reserve('U-r2', value('naika-a', 'i1', 30, '1'))).json.code).toBe('slot_unavailable'); // no quota set
      for (const bad of [value('nope', 'i1', 3, '1'), value('naika-a', 'zz', 3, '1'), value('naika-a', 'i1', 3, '9'), value('naika-none', 'n', 3, '1')]) {
        const r = await reserve('U-r2', bad);
        expect(r.status, bad).toBe(400);
        expect(r.json.code).toBe('reservation_unknown');
      }
      // The calendar's own id may stand for the category (spec 02 §3).
      expect((await reserve('U-r3', value('cal-b', 'v1', 10, '4'))).status).toBe(200);
      expect(await slotOf('cal-b', 10, '4')).toMatchObject({ reserved: 1 });
    });

    it('per-user limits: one a day, three in the range; another resident is not counted; an amendment does not count itself', async () => {
      expect((await reserve('U-l1', value('naika-a', 'i1', 10, '1'))).status).toBe(200);
      const sameDay = await reserve('U-l1', value('naika-a', 'i1', 10, '2'));
      expect(sameDay.status).toBe(409);
      expect(sameDay.json).toMatchObject({ code: 'reservation_limit', checkDetail: expect.any(String) });
      expect(await slotOf('cal-a', 10, '2')).toMatchObject({ reserved: 0 });
      expect((await reserve('U-l2', value('naika-a', 'i1', 10, '2'))).status).toBe(200);
      const second = await reserve('U-l1', value('naika-a', 'i1', 11, '1'));
      const third = await reserve('U-l1', value('naika-a', 'i1', 12, '1'));
      expect([second.status, third.status]).toEqual([200, 200]);
      const fourth = await reserve('U-l1', value('naika-a', 'i1', 13, '1'));
      expect(fourth.json.code).toBe('reservation_limit');
      // Moving the third to another day is not a fourth.
      expect((await reserve('U-l1', value('naika-a', 'i1', 13, '1'), { partitionKey: third.json.partitionKey })).status).toBe(200);
      // A cancelled one frees its place in the count.
      await cancel('U-l1', second.json.partitionKey);
      expect((await reserve('U-l1', value('naika-a', 'i1', 14, '1'))).status).toBe(200);
    });

    it('cancel deadline: the calendar’s limit, moved one day earlier by each day off before the reservation', async () => {
      // cal-d2: limit 2, no days off. Day 2 → deadline tomorrow: on time. Day 1 → deadline today: refused.
      const d2 = await reserve('U-d1', value('naika-d2', 'd', 2, '1'));
      expect((await cancel('U-d1', d2.json.partitionKey)).status).toBe(200);
      const d1 = await reserve('U-d2', value('naika-d2', 'd', 1, '1'));
      const late = await cancel('U-d2', d1.json.partitionKey);
      expect(late.status).toBe(403);
      expect(late.json).toMatchObject({ code: 'cancel_deadline_passed', errorMessage: DEADLINE_TEXT });
      // The refused change keeps the place.
      expect((await reserve('U-d2', value('naika-d2', 'd', 3, '1'), { partitionKey: d1.json.partitionKey })).json.code).toBe('cancel_deadline_passed');
      expect(await slotOf('cal-d2', 1, '1')).toMatchObject({ reserved: 1 });
      // cal-d: the same limit, with tomorrow a day off. Day 2 is now past its deadline; day 3 is not.
      const c2 = await reserve('U-d3', value('naika-d', 'd', 2, '1'));
      expect((await cancel('U-d3', c2.json.partitionKey)).json.code).toBe('cancel_deadline_passed');
      const c3 = await reserve('U-d4', value('naika-d', 'd', 3, '1'));
      expect((await cancel('U-d4', c3.json.partitionKey)).status).toBe(200);
      // No limit (0): even today's reservation may be cancelled. Booked for tomorrow and moved to
      // today in the tables (today's slots may already have started, and those cannot be booked).
      const now = await reserve('U-d5', value('naika-b', 'v1', 1, '5'));
      const db = srv.deps.store.db;
      await db.updateTable('survey_results').set({ value: value('naika-b', 'v1', 0, '5') }).where('partition_key', '=', now.json.partitionKey).where('item_key', '=', 'yoyaku').execute();
      await db.updateTable('reservations').set({ day: day(0) }).where('partition_key', '=', now.json.partitionKey).execute();
      await db.updateTable('slots').set({ reserved: 0 }).where('calendar_id', '=', 'cal-b').where('day', '=', day(1)).where('slot', '=', '5').execute();
      await db.updateTable('slots').set({ reserved: 1 }).where('calendar_id', '=', 'cal-b').where('day', '=', day(0)).where('slot', '=', '5').execute();
      expect((await cancel('U-d5', now.json.partitionKey)).status).toBe(200);
      expect(await slotOf('cal-b', 0, '5')).toMatchObject({ reserved: 0 });
    });

    it('corona forms: a lapsed reservation with no implementation date is cancelled when the list loads', async () => {
      const db = srv.deps.store.db;
      const user = 'U-corona';
      const token = await tokenOf(user);
      const put = async (pk: string, offset: number, implemented: string | null, implementedKey = 'jisshi') => {
        const rows = [
          { itemKey: 'yoyaku', value: value('naika-b', 'v1', offset, '3') },
          ...(implemented ? [{ itemKey: implementedKey, value: implemented }] : []),
        ];
        await db
          .insertInto('survey_results')
          .values(
            rows.map((r) => ({
              partition_key: pk,
              sort_key: r.itemKey,
              survey_id: 'rsv-corona',
              user_id: user,
              item_key: r.itemKey,
              value: r.value,
              title: '',
              type: 'liff',
              check_status: '未対応',
              user_search_key: null,
              is_liff_mode: 1,
              registrant_name: 'LINEユーザー',
              user_name: null,
              clinic_attributes: null,
              answer_code: pk.slice(-2),
              is_appending: 1,
              status: null,
              created_at: '2020-01-01T00:00:00.000Z',
              updated_at: '2020-01-01T00:00:00.000Z',
            })),
          )
          .execute();
        await db
          .insertInto('reservations')
          .values({ partition_key: pk, item_key: 'yoyaku', survey_id: 'rsv-corona', user_id: user, calendar_id: 'cal-b', category_id: 'naika-b', item_id: 'v1', day: day(offset), slot: '3', cost: 1, created_at: '2020-01-01T00:00:00.000Z' })
          .execute();
        // Seeded straight into the tables (the window refuses past days), so the quota row is too.
        await db
          .insertInto('slots')
          .values({ calendar_id: 'cal-b', day: day(offset), slot: '3', quota: 10, reserved: 1 })
          .onConflict((oc) => oc.columns(['calendar_id', 'day', 'slot']).doUpdateSet({ reserved: 1 }))
          .execute();
      };
      await put('rsv-corona#U-corona#01', -2, null); // day after (−1) has passed: cancelled
      await put('rsv-corona#U-corona#02', -1, null); // day after is today: kept
      await put('rsv-corona#U-corona#03', -5, '2020-01-01'); // implemented: kept
      // A row under the old fixed key is no implementation date of this form: cancelled.
      await put('rsv-corona#U-corona#04', -6, '2020-01-01', 'sesshuJisshiDate');
      const r = await srv.api('POST', '/survey-results/query', { token, body: { surveyId: 'rsv-corona' } });
      expect(r.status).toBe(200);
      const checkOf = (pk: string) => (r.json.data as { partitionKey: string; check: string }[]).find((x) => x.partitionKey === pk)?.check;
      expect(checkOf('rsv-corona#U-corona#01')).toBe('キャンセル');
      expect(checkOf('rsv-corona#U-corona#02')).toBe('未対応');
      expect(checkOf('rsv-corona#U-corona#03')).toBe('未対応');
      expect(checkOf('rsv-corona#U-corona#04')).toBe('キャンセル');
      expect(await slotOf('cal-b', -2, '3')).toMatchObject({ reserved: 0 });
      expect(await slotOf('cal-b', -1, '3')).toMatchObject({ reserved: 1 });
    });
  });
}
