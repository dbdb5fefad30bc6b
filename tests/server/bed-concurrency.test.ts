/**
 * No night is ever given twice (issue 24), on SQLite and PostgreSQL through the real HTTP server:
 * 200 residents at once ask for overlapping stays of 1–14 random nights on a ward of 3 beds; then
 * a round of changes and cancels of the stays that got in. After each: no night above its beds,
 * no half-booked stay, and every night's counter equals the live stays that cover it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { bedBundle, day, stayRows } from './bed-fixture';
import { mulberry32 } from '../prng';
import { checkCounts } from '../../server/store/count-check';

/** The ward's nights checked against the live stays; the stays held must each have all their nights. */
const ledger = async (srv: TestServer) => {
  const db = srv.deps.store.db;
  const nights = await db.selectFrom('bed_nights').select(['night', 'capacity', 'reserved']).where('survey_id', '=', 'bed').execute();
  const stays = await db
    .selectFrom('bed_stays')
    .select(['start_date', 'end_date'])
    .where('survey_id', '=', 'bed')
    .where('check_status', '<>', 'キャンセル')
    .execute();
  const covered = new Map<string, number>();
  for (const s of stays) {
    for (let d = Temporal.PlainDate.from(s.start_date); Temporal.PlainDate.compare(d, Temporal.PlainDate.from(s.end_date)) < 0; d = d.add({ days: 1 })) {
      covered.set(d.toString(), (covered.get(d.toString()) ?? 0) + 1);
    }
  }
  return { nights: nights.map((n) => ({ night: n.night, capacity: Number(n.capacity), reserved: Number(n.reserved), covered: covered.get(n.night) ?? 0 })), stays: stays.length };
};

const expectBooksBalanced = (l: Awaited<ReturnType<typeof ledger>>) => {
  for (const n of l.nights) {
    expect(n.reserved, n.night).toBeLessThanOrEqual(n.capacity);
    expect(n.reserved, n.night).toBe(n.covered);
  }
};

for (const engine of engines()) {
  describe(`bed concurrency (${engine})`, () => {
    let srv: TestServer;

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bedBundle({ reservationPossibleStart: 0, reservationCancelLimit: 1 }), 'fixture');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('200 overlapping stays at once on 3 beds: no night above capacity, no half-booked stay, counts equal rows', async () => {
      const rnd = mulberry32(24);
      const asks = Array.from({ length: 200 }, () => {
        const start = 5 + Math.floor(rnd() * 20);
        return { start, nights: 1 + Math.floor(rnd() * 14) };
      });
      const tokens = await Promise.all(asks.map((_, i) => srv.token(`U-stay-${i}`)));
      const results = await Promise.all(
        asks.map((a, i) => srv.api('POST', '/bed-reservation/bed', { token: tokens[i] as string, body: { data: stayRows(day(a.start), day(a.start + a.nights)) } })),
      );
      const by = new Map<string, number>();
      for (const r of results) by.set(r.status === 200 ? 'ok' : `${r.status} ${r.json?.code}`, (by.get(r.status === 200 ? 'ok' : `${r.status} ${r.json?.code}`) ?? 0) + 1);
      expect([...by.keys()].sort()).toEqual(['409 quota_exceeded', 'ok']);
      const l = await ledger(srv);
      expect(l.stays).toBe(by.get('ok'));
      expectBooksBalanced(l);
      // The ward did fill: some night holds all 3 beds.
      expect(Math.max(...l.nights.map((n) => n.reserved))).toBe(3);

      // Then, at once, every stay that got in is moved or cancelled, and 50 new residents ask too.
      const held = results.flatMap((r, i) => (r.status === 200 ? [{ token: tokens[i] as string, pk: r.json.data.partitionKey as string }] : []));
      const more = await Promise.all(Array.from({ length: 50 }, (_, i) => srv.token(`U-more-${i}`)));
      const ops = [
        ...held.map((h) => {
          if (rnd() < 0.5) return srv.api('POST', '/bed-reservation/bed/cancel', { token: h.token, body: { partitionKey: h.pk } });
          const start = 5 + Math.floor(rnd() * 20);
          return srv.api('PUT', '/bed-reservation/bed', { token: h.token, body: { data: stayRows(day(start), day(start + 1 + Math.floor(rnd() * 14)), 'x', h.pk) } });
        }),
        ...more.map((t) => {
          const start = 5 + Math.floor(rnd() * 20);
          return srv.api('POST', '/bed-reservation/bed', { token: t, body: { data: stayRows(day(start), day(start + 1 + Math.floor(rnd() * 14))) } });
        }),
      ];
      const second = await Promise.all(ops);
      for (const r of second) expect([200, 409]).toContain(r.status);
      expectBooksBalanced(await ledger(srv));
      // The drift check (issue 58) agrees with the ledger: no night differs from its stays.
      expect(await checkCounts(srv.deps.store.db)).toEqual([]);
    }, 180_000);
  });
}
