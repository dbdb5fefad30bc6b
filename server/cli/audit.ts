/**
 * `npm run audit:verify`: checks the audit trail's hash chain in the database the server uses
 * (same DATA_DIR / DATABASE_URL / DATABASE_SCHEMA); read-only, safe beside a running server.
 * Prints "audit: N rows, chain intact" and the last row's hash, exit 0; or names the first broken
 * row, exit 1.
 */
import { loadConfig } from '../config';
import { runAsMain, withStore } from './runner';
import { verifyChain } from '../audit/verify';

const USAGE = '使い方 / usage: npm run audit:verify';

interface AuditCliIo {
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export const runAudit = async (args: readonly string[], io: AuditCliIo = {}): Promise<number> => {
  const out = io.out ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const err = io.err ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const [command, ...rest] = args.filter((a) => a !== '--');
  if (command !== 'verify' || rest.length > 0) {
    err(USAGE);
    return 1;
  }
  const config = loadConfig(io.env ?? process.env);
  return withStore(config, async (store) => {
    const verdict = await verifyChain(store.db);
    if (verdict.ok) {
      out(`audit: ${verdict.rows} rows, chain intact`);
      // Kept outside the database, it shows later that no row up to this one was rewritten.
      if (verdict.last) out(`last row ${verdict.last.seq}: ${verdict.last.hash}`);
      return 0;
    }
    const { seq, problem, message } = verdict.broken;
    err(`audit: chain broken at row ${seq} (${problem}): ${message}`);
    return 1;
  });
};

await runAsMain(import.meta.url, runAudit);
