/**
 * Bed stays through the real server on both engines (spec 02 §2–§9): booking, history, change,
 * cancel, the deadline and every refusal the server makes itself, whatever the client sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { bedBundle, day, stayRows } from './bed-fixture';

for (const engine of engines()) {
  describe(`bed stays (${engine})`, () => {
    let srv: TestServer;
    let token: string;

    const remaining = async (from: number, to: number) => {
      const r = await srv.api('GET', `/bed-reservation/bed/calendarBookingBeds?startDate=${day(from)}&endDate=${day(to)}`, { token });
      expect(r.status).toBe(200);
      return (r.json.data as { date: string; bedRemaining: number }[]).map((d) => d.bedRemaining);
    };
    const create = (t: string, start: number, end: number, headers?: Record<string, string>) =>
      srv.api('POST', '/bed-reservation/bed', { token: t, body: { data: stayRows(day(start), day(end)) }, ...(headers ? { headers } : {}) });

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bedBundle({ capacity: [{ date: day(40), beds: 1 }] }), 'fixture');
      token = await srv.token('U-bed-1');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('answers the rule and remaining beds per day (0 outside the ward span)', async () => {
      const rule = await srv.api('GET', '/bed-reservation/bed/getRuleBookingBed', { token });
      expect(rule.json).toEqual({ result: 'OK', data: { reservationPossibleStart: 2, reservationCancelLimit: 3 } });
      expect(await remaining(38, 41)).toEqual([3, 3, 1, 3]);
      expect(await remaining(59, 61)).toEqual([3, 0, 0]);
      const none = await srv.api('GET', '/bed-reservation/nothing/getRuleBookingBed', { token });
      expect(none.status).toBe(404);
    });

    it('books 3泊4日: three nights claimed, the discharge day free; history shows it, another userId is 404', async () => {
      const r = await create(token, 10, 13);
      expect(r.status).toBe(200);
      const pk = r.json.data.partitionKey as string;
      expect(pk.startsWith('bed#U-bed-1#')).toBe(true);
      expect(r.json.data.data.find((x: { itemKey: string }) => x.itemKey === 'startDate').value).toBe(`${day(10)} 午後`);
      expect(await remaining(9, 13)).toEqual([3, 2, 2, 2, 3]);
      const h = await srv.api('GET', '/bed-reservation/U-bed-1/bed/bookingBedHistory', { token });
      expect(h.json.data).toEqual([
        expect.objectContaining({ partitionKey: pk, startDate: `${day(10)} 午後`, endDate: `${day(13)} 午前`, check: '未対応', fields: [{ itemKey: 'name', value: '山田 太郎' }] }),
      ]);
      const other = await srv.api('GET', '/bed-reservation/U-someone/bed/bookingBedHistory', { token });
      expect(other.status).toBe(404);
      const otherToken = await srv.token('U-bed-2');
      const theirs = await srv.api('GET', '/bed-reservation/U-bed-2/bed/bookingBedHistory', { token: otherToken });
      expect(theirs.json.data).toEqual([]);
    });

    it('changes the dates in one transaction and cancels, giving the nights back', async () => {
      const t = await srv.token('U-bed-change');
      const pk = (await create(t, 20, 23)).json.data.partitionKey as string;
      const moved = await srv.api('PUT', '/bed-reservation/bed', { token: t, body: { data: stayRows(day(22), day(24), '山田 花子', pk) } });
      expect(moved.status).toBe(200);
      expect(await remaining(20, 24)).toEqual([3, 3, 2, 2, 3]);
      // Another user cannot change or cancel it: it is not theirs.
      const stranger = await srv.token('U-bed-stranger');
      expect((await srv.api('POST', '/bed-reservation/bed/cancel', { token: stranger, body: { partitionKey: pk } })).status).toBe(404);
      const cancelled = await srv.api('POST', '/bed-reservation/bed/cancel', { token: t, body: { partitionKey: pk } });
      expect(cancelled.status).toBe(200);
      expect(await remaining(20, 24)).toEqual([3, 3, 3, 3, 3]);
      const again = await srv.api('POST', '/bed-reservation/bed/cancel', { token: t, body: { partitionKey: pk } });
      expect(again.status).toBe(409);
      const h = await srv.api('GET', '/bed-reservation/U-bed-change/bed/bookingBedHistory', { token: t });
      expect(h.json.data[0]).toMatchObject({ check: 'キャンセル', startDate: `${day(22)} 午後`, fields: [{ itemKey: 'name', value: '山田 花子' }] });
    });

    it('refuses a change or cancel past the deadline with the spec text, changing nothing', async () => {
      // Booked by the operator's import of an earlier stay: the rule is 3 days and this starts in 2.
      const t = await srv.token('U-bed-late');
      await importBundle(srv.deps.store, bedBundle({ reservationPossibleStart: 0 }), 'rule');
      const pk = (await create(t, 2, 4)).json.data.partitionKey as string;
      await importBundle(srv.deps.store, bedBundle({ capacity: [{ date: day(40), beds: 1 }] }), 'fixture');
      const before = await remaining(1, 5);
      for (const r of [
        await srv.api('POST', '/bed-reservation/bed/cancel', { token: t, body: { partitionKey: pk } }),
        await srv.api('PUT', '/bed-reservation/bed', { token: t, body: { data: stayRows(day(30), day(31), 'x', pk) } }),
      ]) {
        expect(r.status).toBe(409);
        expect(r.json).toMatchObject({ code: 'deadline_passed', errorMessage: '予約のキャンセル・変更が可能な期限を過ぎています。' });
      }
      expect(await remaining(1, 5)).toEqual(before);
    });

    it('refuses what the client should not send: nights, past or too-soon days, bad dates, bad fields, full nights', async () => {
      const t = await srv.token('U-bed-bad');
      const post = (data: unknown) => srv.api('POST', '/bed-reservation/bed', { token: t, body: { data } });
      expect((await post(stayRows(day(10), day(10)))).status).toBe(400);
      expect((await post(stayRows(day(10), day(25)))).status).toBe(400);
      expect((await post(stayRows(day(10), day(24)))).status).toBe(200); // 14 nights
      expect((await post(stayRows(day(1), day(3)))).json.code).toBe('invalid_answer'); // sooner than possibleStart
      expect((await post(stayRows(day(-3), day(-1)))).json.code).toBe('invalid_answer');
      expect((await post(stayRows('2026-02-30', '2026-03-02'))).status).toBe(400);
      expect((await post(stayRows(day(10), day(12), ''))).json.code).toBe('invalid_answer'); // name required
      expect((await post(stayRows(day(10), day(12)).slice(0, 2))).status).toBe(400); // no endDate
      expect((await post([...stayRows(day(10), day(12)), { surveyId: 'other', itemKey: 'x', value: 'y' }])).status).toBe(400);
      // Night 40 has one bed: the second stay over it is refused whole, its other nights untouched.
      expect((await post(stayRows(day(39), day(41)))).status).toBe(200);
      const full = await post(stayRows(day(38), day(42)));
      expect(full.status).toBe(409);
      expect(full.json).toMatchObject({ code: 'quota_exceeded' });
      expect(await remaining(38, 42)).toEqual([3, 2, 0, 3, 3]);
      // A change onto the full night is refused whole: the stay keeps its own nights.
      const mine = (await post(stayRows(day(44), day(46)))).json.data.partitionKey as string;
      const change = await srv.api('PUT', '/bed-reservation/bed', { token: t, body: { data: stayRows(day(40), day(45), 'x', mine) } });
      expect(change.json).toMatchObject({ code: 'quota_exceeded' });
      expect(await remaining(40, 46)).toEqual([0, 3, 3, 3, 2, 2, 3]);
      // Past the span: no beds at all.
      expect((await post(stayRows(day(58), day(62)))).status).toBe(409);
      expect((await srv.api('GET', '/bed-reservation/bed/calendarBookingBeds?startDate=2026-01-01&endDate=2029-01-01', { token: t })).status).toBe(400);
    });

    it('refuses an answer to the bed survey through putItem, which would book no night', async () => {
      const r = await srv.api('POST', '/survey-results/putItem', { token, body: { data: [{ surveyId: 'bed', itemKey: 'name', value: '山田 太郎' }] } });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ code: 'bed_survey', errorMessage: 'この帳票は入院予約の画面からお申し込みください。' });
      const rows = await srv.deps.store.db.selectFrom('survey_results').select('partition_key').where('survey_id', '=', 'bed').execute();
      expect(rows).toEqual([]);
    });

    it('an Idempotency-Key makes a repeated booking take its nights once', async () => {
      const t = await srv.token('U-bed-key');
      const headers = { 'Idempotency-Key': 'bed-key-1' };
      const a = await create(t, 50, 52, headers);
      const b = await create(t, 50, 52, headers);
      expect(b.status).toBe(200);
      expect(b.headers.get('Idempotent-Replayed')).toBe('true');
      expect(b.json).toEqual(a.json);
      expect(await remaining(50, 51)).toEqual([2, 2]);
    });
  });
}
