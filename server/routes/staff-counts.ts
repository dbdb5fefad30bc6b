/**
 * The held counts' check and repair (core/contract/staff-counts.ts), admin only: the check is a
 * plain read of every counter; the repair reads the same, then sets the differing ones right in one
 * transaction with its audit row (counts.repair, server/counts.ts).
 */
import { staffCountsCheck, staffCountsRepair } from '@core/contract/staff-counts';
import type { RouteContext } from '../route-context';
import { checkCounts } from '../store/count-check';
import { countsAnswer, repairCountsAudited } from '../counts';
import { auditFromOf } from '../staff/guard';

export const registerStaffCountRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  ctx.route(staffCountsCheck, async () => ({ result: 'OK' as const, data: countsAnswer(await checkCounts(store.db)) }));

  ctx.route(staffCountsRepair, async ({ staff, c, commit }) => {
    const found = await checkCounts(store.db);
    return commit(async (trx) => {
      const repaired = await repairCountsAudited(trx, found, { actor: { kind: 'staff', id: staff.id }, from: auditFromOf(c, config.trustProxy) });
      return { result: 'OK' as const, data: countsAnswer(repaired) };
    });
  });
};
