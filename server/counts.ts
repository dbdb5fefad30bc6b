/**
 * The held counts' check and repair as the staff call, the command line and the start-up check
 * use them (issue 58): the statements are server/store/count-check.ts; here the repair is audited
 * as counts.repair in its own transaction, naming each counter it set with its stored and
 * actual values, and long answers are cut to what one reply shows.
 */
import type { Transaction } from 'kysely';
import { COUNT_DIFFERENCES_SHOWN, type CountDifference } from '@core/contract/staff-counts';
import { recordAudit, type AuditEntry } from './audit/record';
import { checkCounts, repairCounts } from './store/count-check';
import type { Database } from './store/schema';
import type { Store } from './store/open';
import type { Logger } from './log';

export const countsAnswer = (all: readonly CountDifference[]): { count: number; differences: CountDifference[] } => ({
  count: all.length,
  differences: all.slice(0, COUNT_DIFFERENCES_SHOWN),
});

/** A counter's key in the audit trail and the logs: `slot:calendar|day|slot`, `bedNight:ward|night`. */
export const counterKey = (d: CountDifference): string => (d.kind === 'slot' ? `slot:${d.calendarId}|${d.day}|${d.slot}` : `bedNight:${d.surveyId}|${d.night}`);

/**
 * Repairs what the check `found` (run before the transaction) in `trx` and records who did it,
 * last (the audit chain's lock is held until the commit). It runs and is recorded even when the
 * check found nothing.
 */
export const repairCountsAudited = async (
  trx: Transaction<Database>,
  found: readonly CountDifference[],
  by: Pick<AuditEntry, 'actor' | 'from'>,
  at: Date = new Date(),
): Promise<CountDifference[]> => {
  const repaired = await repairCounts(trx, found);
  await recordRepair(trx, repaired, by, at);
  return repaired;
};

const recordRepair = async (trx: Transaction<Database>, repaired: readonly CountDifference[], by: Pick<AuditEntry, 'actor' | 'from'>, at: Date): Promise<void> => {
  const shown = countsAnswer(repaired);
  await recordAudit(
    trx,
    {
      ...by,
      action: 'counts.repair',
      targets: { kind: 'count', ids: shown.differences.map(counterKey) },
      detail: { repaired: shown.count, differences: shown.differences.map((d) => ({ counter: counterKey(d), stored: d.stored, actual: d.actual })) },
    },
    at,
  );
};

/**
 * CHECK_COUNTS_AT_START: one check before the server listens, logged (a warning naming the first
 * counters when any differ); it repairs nothing, that is an admin's call.
 */
export const logCountCheck = async (store: Pick<Store, 'db'>, log: Logger): Promise<void> => {
  const found = countsAnswer(await checkCounts(store.db));
  if (found.count === 0) log('info', { msg: 'counts: every held count matches its reservations' });
  else log('warn', { msg: 'counts: held counts differ from their reservations (npm run check:counts -- --repair)', count: found.count, differences: found.differences.slice(0, 20).map((d) => `${counterKey(d)} stored ${d.stored} actual ${d.actual}`) });
};
