/**
 * The select bed item on the bed calls, both engines (spec 01 §5, spec 02 §3–§5): a chosen bed holds
 * one stay per night, claimed in the stay's transaction; other beds stay free; the ward's remaining
 * beds per day stay right; a change may move the bed and a cancel frees it; the server checks the
 * bed is the form's ward's; putItem does not take a bed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { bedSurvey, day } from './bed-fixture';

const FULL = '指定された日付・時間の枠は埋まっています。お手数ですが、他の日付・時間を選んでください。';

const pickBundle = (beds = [{ bedId: '301-1', bedName: '301号室 窓側' }, { bedId: '301-2', bedName: '301号室 廊下側' }, { bedId: '302', bedName: '302号室' }]) => ({
  surveyConfigs: [
    {
      ...bedSurvey,
      surveyId: 'bedpick',
      surveySchema: [...bedSurvey.surveySchema, { itemKey: 'bed', type: 'selectBed', title: 'ベッド', isRequired: { value: true } }],
    },
  ],
  bedWards: [{ surveyId: 'bedpick', beds, reservationPossibleStart: 0, reservationCancelLimit: 1, days: 60 }],
});

const rows = (start: number, end: number, bed: string | null, partitionKey?: string) =>
  [
    { surveyId: 'bedpick', itemKey: 'name', value: '山田 太郎' },
    ...(bed === null ? [] : [{ surveyId: 'bedpick', itemKey: 'bed', value: bed }]),
    { surveyId: 'bedpick', itemKey: 'startDate', value: `${day(start)} 午後` },
    { surveyId: 'bedpick', itemKey: 'endDate', value: `${day(end)} 午前` },
  ].map((r) => (partitionKey ? { ...r, partitionKey } : r));

for (const engine of engines()) {
  describe(`select bed on the bed calls (${engine})`, () => {
    let srv: TestServer;
    let n = 0;
    const resident = () => srv.token(`U-pick-${(n += 1)}`);
    const book = async (token: string, start: number, end: number, bed: string | null) =>
      srv.api('POST', '/bed-reservation/bedpick', { token, body: { data: rows(start, end, bed) } });
    const remaining = async (from: number, to: number) => {
      const r = await srv.api('GET', `/bed-reservation/bedpick/calendarBookingBeds?startDate=${day(from)}&endDate=${day(to)}`, { token: await resident() });
      return (r.json.data as { bedRemaining: number }[]).map((d) => d.bedRemaining);
    };

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, pickBundle(), 'fixture');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it("lists the ward's beds as {bedId, bedName}; an unknown ward is 404", async () => {
      const token = await resident();
      const r = await srv.api('GET', '/bed-reservation/bedpick/beds', { token });
      expect(r.json).toEqual({
        result: 'OK',
        data: [
          { bedId: '301-1', bedName: '301号室 窓側' },
          { bedId: '301-2', bedName: '301号室 廊下側' },
          { bedId: '302', bedName: '302号室' },
        ],
      });
      expect((await srv.api('GET', '/bed-reservation/nothing/beds', { token })).status).toBe(404);
    });

    it('holds a chosen bed one stay per night; other beds stay free and the remaining count is right', async () => {
      const a = await book(await resident(), 10, 13, '301-1');
      expect(a.status).toBe(200);
      expect(a.json.data.data.find((x: { itemKey: string }) => x.itemKey === 'bed').value).toBe('301-1');
      // Same bed, one night in common: refused whole with the quota text.
      const b = await book(await resident(), 12, 14, '301-1');
      expect(b.status).toBe(409);
      expect(b.json).toMatchObject({ code: 'quota_exceeded', errorMessage: FULL });
      // Same bed from the discharge day on, and another bed on the same nights: taken.
      expect((await book(await resident(), 13, 15, '301-1')).status).toBe(200);
      expect((await book(await resident(), 10, 12, '302')).status).toBe(200);
      expect(await remaining(9, 15)).toEqual([3, 1, 1, 2, 2, 2, 3]);
    });

    it('two residents racing for one bed and night: exactly one wins, the other reads the quota text', async () => {
      const tokens = await Promise.all(Array.from({ length: 8 }, () => resident()));
      const out = await Promise.all(tokens.map((t) => book(t, 20, 21, '301-2')));
      expect(out.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of out.filter((x) => x.status !== 200)) expect(r.json).toMatchObject({ code: 'quota_exceeded', errorMessage: FULL });
      expect(await remaining(20, 20)).toEqual([2]);
      const claims = await srv.deps.store.db.selectFrom('bed_claims').select(['bed_id']).where('night', '=', day(20)).execute();
      expect(claims).toEqual([{ bed_id: '301-2' }]);
    });

    it('a change may move the bed (the old one is free again); a cancel frees its nights', async () => {
      const me = await resident();
      const pk = (await book(me, 30, 33, '301-1')).json.data.partitionKey as string;
      // Keeping the bed over nights the stay already holds.
      const longer = await srv.api('PUT', '/bed-reservation/bedpick', { token: me, body: { data: rows(31, 34, '301-1', pk) } });
      expect(longer.status).toBe(200);
      const moved = await srv.api('PUT', '/bed-reservation/bedpick', { token: me, body: { data: rows(31, 34, '302', pk) } });
      expect(moved.status).toBe(200);
      expect((await book(await resident(), 31, 32, '301-1')).status).toBe(200);
      expect((await book(await resident(), 31, 32, '302')).status).toBe(409);
      expect((await srv.api('POST', '/bed-reservation/bedpick/cancel', { token: me, body: { partitionKey: pk } })).status).toBe(200);
      expect((await book(await resident(), 31, 34, '302')).status).toBe(200);
      expect(await remaining(30, 34)).toEqual([3, 1, 2, 2, 3]);
    });

    it("refuses a bed not of the form's ward, a bedId too long, and a required bed left out", async () => {
      const t = await resident();
      const other = await book(t, 40, 41, 'b9');
      expect(other.status).toBe(400);
      expect(other.json).toMatchObject({ code: 'invalid_answer', itemIssues: { bed: [{ key: 'invalidValue' }] } });
      expect((await book(t, 40, 41, '301-1-long')).json.itemIssues).toEqual({ bed: [{ key: 'invalidValue' }] });
      const none = await book(t, 40, 41, null);
      expect(none.json).toMatchObject({ code: 'invalid_answer', itemIssues: { bed: [{ key: 'requiredItem' }] } });
      expect(await remaining(40, 40)).toEqual([3]);
    });

    it('putItem takes no bed; a bundle with a bedId over 8 characters is refused', async () => {
      await importBundle(
        srv.deps.store,
        { surveyConfigs: [{ surveyId: 'plain-bed', surveyTitle: 'x', surveySchema: [{ itemKey: 'bed', type: 'selectBed', title: 'ベッド' }] }] },
        'plain',
      );
      const r = await srv.api('POST', '/survey-results/putItem', { token: await resident(), body: { data: [{ surveyId: 'plain-bed', itemKey: 'bed', value: '301-1' }] } });
      expect(r.json).toMatchObject({ code: 'bed_survey' });
      await expect(importBundle(srv.deps.store, pickBundle([{ bedId: '123456789', bedName: '長い' }]), 'long')).rejects.toThrow(/bedId/);
    });
  });
}
