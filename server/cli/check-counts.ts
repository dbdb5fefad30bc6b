/**
 * `npm run check:counts`: every slot's and bed night's held count recomputed from the reservations
 * themselves (server/store/count-check.ts), in the database the server uses (same DATA_DIR /
 * DATABASE_URL / DATABASE_SCHEMA); read-only, safe beside a running server. Prints each counter
 * that differs, exit 1 when any does, else exit 0.
 *   npm run check:counts -- --repair
 * sets them right in one transaction under the write path's locks, audited as counts.repair by
 * the system actor `cli`; exit 0 when a check after it finds nothing left.
 */
import { parseArgs } from 'node:util';
import type { CountDifference } from '@core/contract/staff-counts';
import { loadConfig } from '../config';
import { runAsMain, withStore } from './runner';
import { checkCounts } from '../store/count-check';
import { counterKey, repairCountsAudited } from '../counts';

const USAGE = '使い方 / usage: npm run check:counts [-- --repair]';

interface CountsCliIo {
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

const line = (d: CountDifference) => `${counterKey(d)}\tstored ${d.stored}\tactual ${d.actual}`;

export const runCheckCounts = async (args: readonly string[], io: CountsCliIo = {}): Promise<number> => {
  const out = io.out ?? ((l: string) => void process.stdout.write(`${l}\n`));
  const err = io.err ?? ((l: string) => void process.stderr.write(`${l}\n`));
  let repair: boolean;
  try {
    const { values } = parseArgs({ args: args.filter((a) => a !== '--'), options: { repair: { type: 'boolean' } }, strict: true, allowPositionals: false });
    repair = values.repair === true;
  } catch (e) {
    err(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 1;
  }
  const config = loadConfig(io.env ?? process.env);
  return withStore(config, async (store) => {
    if (repair) {
      const found = await checkCounts(store.db);
      const repaired = await store.write((trx) => repairCountsAudited(trx, found, { actor: { kind: 'system', id: 'cli' } }));
      for (const d of repaired) out(line(d));
      out(`counts: ${repaired.length} 件を修正しました / repaired`);
    }
    const left = await checkCounts(store.db);
    if (left.length === 0) {
      out('counts: 差はありません / every held count matches its reservations');
      return 0;
    }
    for (const d of left) out(line(d));
    out(`counts: ${left.length} 件の保持数が予約と合いません / held counts differ from their reservations`);
    return 1;
  });
};

await runAsMain(import.meta.url, runCheckCounts);
