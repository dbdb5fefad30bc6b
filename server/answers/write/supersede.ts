/**
 * An amend's old answer marked 取り消し, in the same transaction as the new rows (if writing them
 * fails, the old answer is not left 取り消し with nothing replacing it); its card order follows to
 * the live successor, the answer it paid for (its receipt, its cancel rule).
 */
import type { Transaction } from 'kysely';
import { AMENDED_STATUS } from '@core/rules/status';
import { moveOrderToAnswer } from '../../store/payment-orders';
import { setPartitionCheck } from '../../store/results';
import type { Database } from '../../store/schema';

export const supersede = async (
  trx: Transaction<Database>,
  a: { surveyId: string; userId: string; target: string; successor: string; orderId: string | null; now: string },
): Promise<void> => {
  await setPartitionCheck(trx, a.surveyId, a.userId, a.target, AMENDED_STATUS, a.now);
  if (a.orderId) await moveOrderToAnswer(trx, a.orderId, a.userId, a.target, a.successor, a.now);
};
