/**
 * No slot is ever given to more people than its quota, whatever the load (issue 6), on SQLite and
 * PostgreSQL through the real HTTP server: 200 residents racing for a slot of 10; then 2,000 random
 * reserve / change / cancel operations over 5 small slots, with a sampler reading the slots while
 * they run, and the held-count check (server/store/count-check.ts) finding nothing after them.
 * Bounded loops on loopback only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { bundle, day, value } from './reservation-fixture';
import { mulberry32 } from '../prng';
import { checkCounts } from '../../server/store/count-check';

for (const engine of engines()) {
  describe(`reservation concurrency (${engine})`, () => {
    let srv: TestServer;

    const put = (token: string, v: string, partitionKey?: string) =>
      srv.api('POST', '/survey-results/putItem', {
        token,
        body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: v, ...(partitionKey ? { partitionKey } : {}) }] },
      });

    /** Per slot: the counter, the live reservation rows' cost, and the live answers holding it. */
    const ledger = async (offset: number, slots: string[]) => {
      const db = srv.deps.store.db;
      const out: { slot: string; quota: number; reserved: number; rows: number; liveAnswers: number }[] = [];
      for (const slot of slots) {
        const s = await db.selectFrom('slots').select(['quota', 'reserved']).where('calendar_id', '=', 'cal-b').where('day', '=', day(offset)).where('slot', '=', slot).executeTakeFirstOrThrow();
        const rows = await db.selectFrom('reservations').select('cost').where('calendar_id', '=', 'cal-b').where('day', '=', day(offset)).where('slot', '=', slot).execute();
        const live = await db
          .selectFrom('survey_results')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('survey_id', '=', 'rsv')
          .where('item_key', '=', 'yoyaku')
          .where('value', '=', value('naika-b', 'v1', offset, slot))
          .where('check_status', 'not in', ['キャンセル', 'NG', '取り消し'])
          .executeTakeFirstOrThrow();
        out.push({
          slot,
          quota: Number(s.quota),
          reserved: Number(s.reserved),
          rows: rows.reduce((n, r) => n + Number(r.cost), 0),
          liveAnswers: Number(live.n),
        });
      }
      return out;
    };

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bundle(), 'fixture');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('200 residents at once on a slot of 10: exactly 10 get it, 190 are told it is full, no errors', async () => {
      const tokens = await Promise.all(Array.from({ length: 200 }, (_, i) => srv.token(`U-rush-${i}`)));
      const results = await Promise.all(tokens.map((t) => put(t, value('naika-b', 'v1', 12, '1'))));
      const by = new Map<string, number>();
      for (const r of results) {
        const k = r.status === 200 ? 'ok' : `${r.status} ${r.json?.code}`;
        by.set(k, (by.get(k) ?? 0) + 1);
      }
      expect(Object.fromEntries(by)).toEqual({ ok: 10, '409 quota_exceeded': 190 });
      expect(await ledger(12, ['1'])).toEqual([{ slot: '1', quota: 10, reserved: 10, rows: 10, liveAnswers: 10 }]);
    }, 120_000);

    it('2,000 random reserve / change / cancel operations over 5 slots: never above quota, counts equal rows', async () => {
      const OFFSET = 14;
      const SLOTS = ['1', '2', '3', '4', '5'];
      await importBundle(srv.deps.store, { slotQuotas: [{ calendarId: 'cal-b', date: day(OFFSET), slots: Object.fromEntries(SLOTS.map((s) => [s, 3])) }] }, 'quotas');
      const WORKERS = 20;
      const USERS_PER_WORKER = 2;
      const OPS = 2000;
      const users = await Promise.all(
        Array.from({ length: WORKERS * USERS_PER_WORKER }, async (_, i) => ({ token: await srv.token(`U-rand-${i}`), live: null as string | null })),
      );
      const outcomes = new Map<string, number>();
      const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
      const overQuota: string[] = [];
      let running = true;
      // Reads the counters while the writers run: a slot above its quota at any moment fails.
      const sampler = (async () => {
        while (running) {
          const rows = await srv.deps.store.db.selectFrom('slots').select(['slot', 'quota', 'reserved']).where('calendar_id', '=', 'cal-b').where('day', '=', day(OFFSET)).execute();
          for (const r of rows) if (Number(r.reserved) > Number(r.quota) || Number(r.reserved) < 0) overQuota.push(`${r.slot}: ${r.reserved}/${r.quota}`);
          await new Promise((res) => setTimeout(res, 20));
        }
      })();
      let done = 0;
      await Promise.all(
        Array.from({ length: WORKERS }, async (_, w) => {
          const rand = mulberry32(1000 + w);
          const mine = users.slice(w * USERS_PER_WORKER, (w + 1) * USERS_PER_WORKER);
          while (done < OPS) {
            done += 1;
            const u = mine[Math.floor(rand() * mine.length)] as (typeof users)[number];
            const slot = SLOTS[Math.floor(rand() * SLOTS.length)] as string;
            if (u.live && rand() < 0.35) {
              const r = await srv.api('POST', '/survey-results/cancelItem', { token: u.token, body: { surveyId: 'rsv', partitionKey: u.live } });
              count(r.status === 200 ? 'cancel ok' : `cancel ${r.status} ${r.json?.code}`);
              if (r.status === 200) u.live = null;
            } else {
              const r = await put(u.token, value('naika-b', 'v1', OFFSET, slot), u.live ?? undefined);
              const kind = u.live ? 'change' : 'reserve';
              count(r.status === 200 ? `${kind} ok` : `${kind} ${r.status} ${r.json?.code}`);
              if (r.status === 200) u.live = r.json.partitionKey as string;
            }
          }
        }),
      );
      running = false;
      await sampler;
      const kinds = [...outcomes.keys()].sort();
      // Only successes and "full": no 500, no lock error, no other refusal.
      expect(kinds.filter((k) => !/ ok$/.test(k) && !/ 409 quota_exceeded$/.test(k))).toEqual([]);
      expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(OPS);
      expect(outcomes.get('reserve ok') ?? 0).toBeGreaterThan(0);
      expect(outcomes.get('change ok') ?? 0).toBeGreaterThan(0);
      expect(outcomes.get('cancel ok') ?? 0).toBeGreaterThan(0);
      expect(outcomes.get('reserve 409 quota_exceeded') ?? 0).toBeGreaterThan(0);
      expect(overQuota).toEqual([]);
      const end = await ledger(OFFSET, SLOTS);
      for (const s of end) {
        expect(s.reserved, `slot ${s.slot}`).toBeLessThanOrEqual(s.quota);
        expect(s.rows, `slot ${s.slot}`).toBe(s.reserved);
        expect(s.liveAnswers, `slot ${s.slot}`).toBe(s.reserved);
      }
      // What the residents were told matches what is stored: each one's live answer holds a place.
      expect(end.reduce((n, s) => n + s.reserved, 0)).toBe(users.filter((u) => u.live).length);
      // The drift check (issue 58) agrees: every counter of the database equals its reservations.
      expect(await checkCounts(srv.deps.store.db)).toEqual([]);
    }, 300_000);
  });
}
