/**
 * Unpaid holds past their time come back with no traffic (server/payments/sweep.ts): the server's
 * own sweep gives the slot back and marks the order expired, with no other request made.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { answerRows, order, paymentBundle, phaseOf, reservedIn } from './payment-fixture';

for (const engine of engines()) {
  describe(`unpaid hold sweep (${engine})`, () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer(engine, { PAYMENT_SWEEP_SECONDS: '1' });
      await importBundle(srv.deps.store, paymentBundle(), 'fixture');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    const reserved = (offset: number) => reservedIn(srv.deps.store, offset);
    const phase = (orderId: string) => phaseOf(srv.deps.store, orderId);

    it('gives a hold past its time back on its own; one still in time is kept', async () => {
      const alice = await srv.token('U-sweep-alice');
      const bob = await srv.token('U-sweep-bob');
      const before = await reserved(3);
      const save = async (token: string) => {
        const t = await srv.api('POST', '/survey-results/temprary', { token, body: { data: answerRows('pay', 3), order: order() } });
        expect(t.status).toBe(200);
        return t.json.orderId as string;
      };
      const lapsed = await save(alice);
      const kept = await save(bob);
      expect(await reserved(3)).toBe(before + 2);
      await srv.deps.store.db.updateTable('payment_orders').set({ hold_until: '2000-01-01T00:00:00.000Z' }).where('order_id', '=', lapsed).execute();
      await vi.waitFor(async () => expect(await phase(lapsed)).toBe('expired'), { timeout: 5_000, interval: 100 });
      expect(await reserved(3)).toBe(before + 1);
      expect(await phase(kept)).toBe('pending');
      const checks = await srv.deps.store.db
        .selectFrom('survey_results')
        .innerJoin('payment_orders', 'payment_orders.partition_key', 'survey_results.partition_key')
        .select('survey_results.check_status')
        .where('payment_orders.order_id', '=', lapsed)
        .execute();
      expect(new Set(checks.map((c) => c.check_status))).toEqual(new Set(['キャンセル']));
    });
  });
}
