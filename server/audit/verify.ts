/**
 * verifyChain: walks the audit trail in seq order, page by page, and answers whether every row's
 * hash is its own (auditHash over its columns) and names the row before it (prev_hash). Rows
 * commit with seq 1, 2, 3… and no gap (server/store/audit.ts), so a missing seq is a deleted row,
 * and a chain ending before the counter's last seq lost its last rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { auditRowsAfter, auditSeqClaimed } from '../store/audit';
import { GENESIS_HASH, auditHash } from './hash';

const PAGE = 500;

interface ChainBreak {
  /** The first row that does not hold (for 'truncated': the first row missing at the end). */
  seq: number;
  problem: 'hash' | 'prev_hash' | 'truncated';
  message: string;
}

/** `last`: the chain's last row, whose hash vouches for every row before it (none when empty). */
type ChainVerdict = { ok: true; rows: number; last?: { seq: number; hash: string } } | { ok: false; rows: number; broken: ChainBreak };

export const verifyChain = async (db: Kysely<Database>): Promise<ChainVerdict> => {
  // Read before the rows: rows appended during the walk end past it, which is no break.
  const claimed = await auditSeqClaimed(db);
  let rows = 0;
  let prevSeq = 0;
  let prevHash = GENESIS_HASH;
  for (;;) {
    const page = await auditRowsAfter(db, prevSeq, PAGE);
    for (const row of page) {
      rows++;
      if (row.prev_hash !== prevHash) {
        const missing = row.seq !== prevSeq + 1 ? `; rows ${prevSeq + 1}–${row.seq - 1} are missing` : '';
        const message = `prev_hash is not the hash of ${prevSeq === 0 ? 'the chain start' : `row ${prevSeq}`}${missing}`;
        return { ok: false, rows, broken: { seq: row.seq, problem: 'prev_hash', message } };
      }
      const { hash, ...unhashed } = row;
      if (auditHash(unhashed) !== hash) {
        return { ok: false, rows, broken: { seq: row.seq, problem: 'hash', message: 'hash does not match the row (edited?)' } };
      }
      prevSeq = row.seq;
      prevHash = hash;
    }
    if (page.length < PAGE) break;
  }
  if (prevSeq < claimed) {
    const message = `the chain ends at row ${prevSeq}, but rows up to ${claimed} were written: ${prevSeq + 1}–${claimed} are missing`;
    return { ok: false, rows, broken: { seq: prevSeq + 1, problem: 'truncated', message } };
  }
  return rows === 0 ? { ok: true, rows } : { ok: true, rows, last: { seq: prevSeq, hash: prevHash } };
};
