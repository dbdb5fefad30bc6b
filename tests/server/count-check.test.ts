/**
 * Counts that cannot drift (issue 58), on both engines: a slot's or bed night's count changed
 * behind the write path's back (a direct UPDATE) is found by the check — the staff call, the
 * command line and the start-up log alike — and the admin's repair sets it right, audited; a clean
 * database reports nothing, and anyone but an admin is refused. A repair racing bookings loses none.
 */
import { sql, type Transaction } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimSlot, insertReservations } from '../../server/store/reservations';
import { readWard } from '../../server/store/beds';
import { createStay } from '../../server/beds/write';
import type { Database } from '../../server/store/schema';
import { importBundle } from '../../server/forms/import';
import { runCheckCounts } from '../../server/cli/check-counts';
import { verifyChain } from '../../server/audit/verify';
import type { LogRecord } from '../../server/log';
import { engines, startTestServer, type TestServer } from './harness';
import { bundle, day, value } from './reservation-fixture';
import { bedBundle, day as bedDay, stayRows } from './bed-fixture';
import { makeStaff, signIn, staffFetch } from './staff-fixture';

describe.each(engines())('held counts: check and repair (%s)', (engine) => {
  let srv: TestServer;
  let admin: string;
  let member: string;
  let stayNight: string;

  const db = () => srv.deps.store.db;
  const cli = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const env = { DATA_DIR: srv.dataDir, ...(srv.pgSchema ? { DATABASE_URL: process.env['TEST_DATABASE_URL'] as string, DATABASE_SCHEMA: srv.pgSchema } : {}) };
    const code = await runCheckCounts(args, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  };
  const check = () => staffFetch(srv, 'GET', '/counts/check', { cookie: admin });
  const put = (token: string, v: string) => srv.api('POST', '/survey-results/putItem', { token, body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: v }] } });
  const slotOf = async (offset: number, slot: string) =>
    Number((await db().selectFrom('slots').select('reserved').where('calendar_id', '=', 'cal-b').where('day', '=', day(offset)).where('slot', '=', slot).executeTakeFirstOrThrow()).reserved);
  const drift = async () => {
    // Behind the write path's back: one booked slot counted 2 too many, an empty one 1, a stay's night 0.
    await db().updateTable('slots').set({ reserved: 3 }).where('calendar_id', '=', 'cal-b').where('day', '=', day(3)).where('slot', '=', '1').execute();
    await db().updateTable('slots').set({ reserved: 1 }).where('calendar_id', '=', 'cal-b').where('day', '=', day(3)).where('slot', '=', '4').execute();
    await db().updateTable('bed_nights').set({ reserved: 0 }).where('survey_id', '=', 'bed').where('night', '=', stayNight).execute();
  };
  const expected = () => [
    { kind: 'slot', calendarId: 'cal-b', day: day(3), slot: '1', stored: 3, actual: 1 },
    { kind: 'slot', calendarId: 'cal-b', day: day(3), slot: '4', stored: 1, actual: 0 },
    { kind: 'bedNight', surveyId: 'bed', night: stayNight, stored: 0, actual: 1 },
  ];

  beforeAll(async () => {
    srv = await startTestServer(engine);
    const beds = bedBundle({ reservationPossibleStart: 0, reservationCancelLimit: 0 });
    await importBundle(srv.deps.store, { ...bundle(), surveyConfigs: [...bundle().surveyConfigs, ...beds.surveyConfigs], bedWards: beds.bedWards }, 'fixture');
    admin = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin' }));
    member = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['窓口'] }));
    // Some bookings through the write path: a booking, a change, a cancel, a stay.
    const [a, b] = await Promise.all([srv.token('U-count-a'), srv.token('U-count-b')]);
    expect((await put(a, value('naika-b', 'v1', 3, '1'))).status).toBe(200);
    const moved = await put(b, value('naika-b', 'v1', 3, '2'));
    const changed = await srv.api('POST', '/survey-results/putItem', {
      token: b,
      body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: value('naika-b', 'v1', 3, '3'), partitionKey: moved.json.partitionKey }] },
    });
    expect(changed.status).toBe(200);
    const gone = await put(a, value('naika-b', 'v1', 3, '4'));
    expect((await srv.api('POST', '/survey-results/cancelItem', { token: a, body: { surveyId: 'rsv', partitionKey: gone.json.partitionKey } })).status).toBe(200);
    expect((await srv.api('POST', '/bed-reservation/bed', { token: a, body: { data: stayRows(bedDay(5), bedDay(8)) } })).status).toBe(200);
    stayNight = bedDay(6);
  });
  afterAll(async () => srv?.stop());

  it('a clean database reports nothing: the staff call, and the command line with exit 0', async () => {
    const res = await check();
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ count: 0, differences: [] });
    const r = await cli([]);
    expect(r.code).toBe(0);
    expect(r.out).toEqual(['counts: 差はありません / every held count matches its reservations']);
  });

  it('finds the counts changed behind its back; the command line exits 1 and names them', async () => {
    await drift();
    const res = await check();
    expect(res.json.data).toEqual({ count: 3, differences: expected() });
    const r = await cli([]);
    expect(r.code).toBe(1);
    expect(r.out.slice(0, 3)).toEqual([
      `slot:cal-b|${day(3)}|1\tstored 3\tactual 1`,
      `slot:cal-b|${day(3)}|4\tstored 1\tactual 0`,
      `bedNight:bed|${stayNight}\tstored 0\tactual 1`,
    ]);
    expect(r.out[3]).toMatch(/^counts: 3 件/);
    // The check only reads.
    expect(await slotOf(3, '1')).toBe(3);
  });

  it('the start-up check, when asked for, logs the differences and repairs nothing', async () => {
    const logs: { level: string; rec: LogRecord }[] = [];
    const second = await startTestServer(engine, { CHECK_COUNTS_AT_START: '1' }, { sameDatabaseAs: srv, log: (level, rec) => logs.push({ level, rec }) });
    await second.stop();
    const warned = logs.find((l) => l.rec.msg.startsWith('counts:'));
    expect(warned?.level).toBe('warn');
    expect(warned?.rec['count']).toBe(3);
    expect(await slotOf(3, '1')).toBe(3);
  });

  it('only an admin may check or repair: a member is refused and nothing changes', async () => {
    for (const [method, path] of [['GET', '/counts/check'], ['POST', '/counts/repair']] as const) {
      const res = await staffFetch(srv, method, path, { cookie: member, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status, path).toBe(403);
      expect(res.json.code).toBe('staff_forbidden');
    }
    expect((await check()).json.data.count).toBe(3);
  });

  it('the admin’s repair sets them right, audited as counts.repair with the differences', async () => {
    const res = await staffFetch(srv, 'POST', '/counts/repair', { cookie: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ count: 3, differences: expected() });
    expect((await check()).json.data).toEqual({ count: 0, differences: [] });
    expect(await slotOf(3, '1')).toBe(1);
    const night = await db().selectFrom('bed_nights').select('reserved').where('survey_id', '=', 'bed').where('night', '=', stayNight).executeTakeFirstOrThrow();
    expect(Number(night.reserved)).toBe(1);

    const row = await db().selectFrom('audit_log').selectAll().where('action', '=', 'counts.repair').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(row.actor_kind).toBe('staff');
    expect(JSON.parse(row.target_ids_json)).toEqual([`slot:cal-b|${day(3)}|1`, `slot:cal-b|${day(3)}|4`, `bedNight:bed|${stayNight}`]);
    expect(JSON.parse(row.detail_json)).toEqual({
      repaired: 3,
      differences: [
        { counter: `slot:cal-b|${day(3)}|1`, stored: 3, actual: 1 },
        { counter: `slot:cal-b|${day(3)}|4`, stored: 1, actual: 0 },
        { counter: `bedNight:bed|${stayNight}`, stored: 0, actual: 1 },
      ],
    });
    expect((await verifyChain(db())).ok).toBe(true);
  });

  it('npm run check:counts -- --repair sets them right, audited by the system actor cli, exit 0', async () => {
    await drift();
    const r = await cli(['--', '--repair']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('counts: 3 件を修正しました / repaired');
    expect(r.out.at(-1)).toBe('counts: 差はありません / every held count matches its reservations');
    const row = await db().selectFrom('audit_log').selectAll().where('action', '=', 'counts.repair').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect([row.actor_kind, row.actor_id]).toEqual(['system', 'cli']);
    expect((await cli(['--fix'])).code).toBe(1);
  });

  it('a repair racing bookings of the slots it sets loses none of them', async () => {
    const tokens = await Promise.all(Array.from({ length: 24 }, (_, i) => srv.token(`U-count-race-${i}`)));
    await db().updateTable('slots').set({ reserved: 5 }).where('calendar_id', '=', 'cal-b').where('day', '=', day(4)).execute();
    const [bookings] = await Promise.all([
      Promise.all(tokens.map((t, i) => put(t, value('naika-b', 'v1', 4, String((i % 5) + 1))))),
      ...Array.from({ length: 3 }, () => staffFetch(srv, 'POST', '/counts/repair', { cookie: admin, body: {} })),
    ]);
    // The first repair may find a slot at 5 full for a booking or two: those are refused, not lost.
    for (const b of bookings) expect([200, 409]).toContain(b.status);
    expect((await check()).json.data).toEqual({ count: 0, differences: [] });
    const held = await db().selectFrom('reservations').select('cost').where('calendar_id', '=', 'cal-b').where('day', '=', day(4)).execute();
    expect(held.length).toBe(bookings.filter((b) => b.status === 200).length);
  });

  /**
   * A write left open after its claims (`claim` runs in its transaction), a repair started, the
   * write committed once the repair waits on its row lock (PostgreSQL; 2 s at most): answers the
   * repair's differences.
   */
  const repairDuring = async (claim: (trx: Transaction<Database>) => Promise<void>) => {
    let finish = () => {};
    const held = new Promise<void>((r) => (finish = r));
    let claimed = () => {};
    const hasClaimed = new Promise<void>((r) => (claimed = r));
    const write = srv.deps.store.write(async (trx) => {
      await claim(trx);
      claimed();
      await held;
    });
    await hasClaimed;
    const repair = staffFetch(srv, 'POST', '/counts/repair', { cookie: admin, body: {} });
    if (engine === 'postgres') {
      for (let i = 0; i < 100; i++) {
        const { rows } = await sql<{ n: string }>`select count(*) as n from pg_locks where not granted`.execute(db());
        if (Number(rows[0]?.n) > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    } else await new Promise((r) => setTimeout(r, 100));
    finish();
    await write;
    const res = await repair;
    expect(res.status).toBe(200);
    return res.json.data.differences;
  };

  it('a booking that holds the slot when the repair comes is waited for and counted, not overwritten', async () => {
    const ref = { calendarId: 'cal-b', day: day(5), slot: '2' };
    await db().updateTable('slots').set({ reserved: 4 }).where('calendar_id', '=', ref.calendarId).where('day', '=', ref.day).where('slot', '=', ref.slot).execute();
    // The write path's last step (finish.ts): its row written, its slot claimed and locked.
    const found = await repairDuring(async (trx) => {
      await insertReservations(trx, [
        { partition_key: 'rsv#U-count-open#1', item_key: 'yoyaku', survey_id: 'rsv', user_id: 'U-count-open', calendar_id: ref.calendarId, category_id: 'naika-b', item_id: 'v1', day: ref.day, slot: ref.slot, cost: 1, created_at: new Date().toISOString() },
      ]);
      expect(await claimSlot(trx, ref, 1)).toBe(true);
    });
    expect(found).toEqual([{ kind: 'slot', ...ref, stored: 5, actual: 1 }]);
    expect((await check()).json.data).toEqual({ count: 0, differences: [] });
  });

  it('a stay that holds the night when the repair comes is waited for and counted, not overwritten', async () => {
    const night = bedDay(20);
    await db().updateTable('bed_nights').set({ reserved: 2 }).where('survey_id', '=', 'bed').where('night', '=', night).execute();
    const ward = await readWard(db(), 'bed');
    const start = Temporal.PlainDate.from(night);
    const found = await repairDuring(async (trx) => {
      const stay = { start, end: start.add({ days: 1 }), startSession: '午後' as const, endSession: '午前' as const, nights: 1 };
      await createStay(trx, { ward: ward as NonNullable<typeof ward>, userId: 'U-count-stay', stay, fields: [], bedId: null });
    });
    expect(found).toEqual([{ kind: 'bedNight', surveyId: 'bed', night, stored: 3, actual: 1 }]);
    expect((await check()).json.data).toEqual({ count: 0, differences: [] });
  });
});
