import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { ITEM_TYPES } from '../../core/form/item-types';
import { loadDemoIfEmpty } from '../../server/forms/import';
import { offeredRoots } from '../../core/rules/own-categories';

/**
 * Issue 54: the demo shows every item. The demo bundle is loaded as a first start loads it, and
 * every item type the renderer knows is served in some demo form (member forms included).
 */
for (const engine of engines()) {
  describe(`the demo bundle (${engine})`, () => {
    let srv: TestServer;
    let token: string;
    let surveyIds: string[];
    beforeAll(async () => {
      srv = await startTestServer(engine);
      const summary = await loadDemoIfEmpty(srv.deps.store);
      surveyIds = summary?.created ?? [];
      token = await srv.token('Udemo');
    });
    afterAll(async () => srv?.stop());

    it('serves every item type in some form', async () => {
      const types = new Set<string>();
      for (const surveyId of surveyIds) {
        const r = await srv.api('GET', `/survey-configs/getItem?surveyId=${encodeURIComponent(surveyId)}`, { token });
        expect(r.status, surveyId).toBe(200);
        for (const item of r.json.data.surveySchema as { type: string }[]) types.add(item.type);
      }
      const members = await srv.api('GET', '/member-configs/getAllSearchable', { token });
      expect(members.status).toBe(200);
      for (const m of members.json.data as { surveySchema: { type: string }[] }[]) for (const item of m.surveySchema) types.add(item.type);
      expect(ITEM_TYPES.filter((t) => !types.has(t))).toEqual([]);
    });

    it("gives the vaccination form a booking of its own, outside the clinic forms' trees", async () => {
      const tree = await srv.api('GET', '/calendars/categories_tree', { token });
      const open = await srv.api('GET', '/survey-configs/open');
      expect(tree.status).toBe(200);
      expect(open.status).toBe(200);
      const roots = tree.json.data as { name: string }[];
      const owned = new Set((open.json.data as { ownLargeCategory?: string }[]).flatMap((f) => (f.ownLargeCategory ? [f.ownLargeCategory] : [])));
      expect([...owned]).toEqual(['予防接種']);
      // The large categories each form's reservation item offers, as the picker reads them.
      const offered = async (surveyId: string) => {
        const r = await srv.api('GET', `/survey-configs/getItem?surveyId=${surveyId}`, { token });
        const item = (r.json.data.surveySchema as { type: string; categories_tree?: { large?: string } }[]).find((i) => i.type === 'reservation');
        expect(item, surveyId).toBeDefined();
        return offeredRoots(roots, item ?? {}, owned).map((n) => n.name);
      };
      for (const clinic of ['clinic-yoyaku', 'kaiin-yoyaku', 'sesshu-shiharai']) expect(await offered(clinic), clinic).toEqual(['内科', '健診']);
      expect(await offered('yoshinhyo')).toContain('予防接種');
      const vaccine = (await srv.api('GET', '/survey-configs/getItem?surveyId=yoshinhyo', { token })).json.data.surveySchema as { type: string }[];
      expect(vaccine.map((i) => i.type)).toEqual(expect.arrayContaining(['reservation', 'countVaccines', 'previousVaccineDate']));
    });

    it('keeps each bed form on a ward of its own, and only the new one picks a bed', async () => {
      for (const [surveyId, picks] of [
        ['nyuin-yoyaku', false],
        ['nyuin-koshitsu', true],
      ] as const) {
        const r = await srv.api('GET', `/survey-configs/getItem?surveyId=${surveyId}`, { token });
        expect((r.json.data.surveySchema as { type: string }[]).some((i) => i.type === 'selectBed'), surveyId).toBe(picks);
        const beds = await srv.api('GET', `/bed-reservation/${surveyId}/beds`, { token });
        expect(beds.status, surveyId).toBe(200);
        expect(beds.json.data.length, surveyId).toBeGreaterThan(0);
      }
    });
  });
}
