/**
 * The audit trail's rows (table audit_log, migration 0020; server/audit/ builds and checks them).
 * Append-only: nothing here updates or deletes a row.
 *
 * Chain order across server processes: a new row's seq is claimed from the `counters` row
 * (scope 'audit'), an `INSERT … ON CONFLICT DO UPDATE` that keeps the row locked until the commit
 * on PostgreSQL (SQLite's BEGIN IMMEDIATE serialises every write already). The previous hash is
 * read only after that claim, by a statement of its own, so under READ COMMITTED it sees the row
 * of whichever transaction held the lock before: two transactions never chain onto the same row.
 * The counter's increment is part of the transaction, so a rolled-back action leaves neither a row
 * nor a skipped number: seq runs 1, 2, 3… with no gap, and the counter's value is the last seq.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AuditLogTable, Database } from './schema';
import { claimCounter } from './results';

type Db = Kysely<Database> | Transaction<Database>;

const AUDIT_SCOPE = 'audit';
const AUDIT_COUNTER = 'chain';

/** A stored row, its seq a number on both engines. */
export type AuditRow = Omit<AuditLogTable, 'seq'> & { seq: number };

/** Where a new row goes: its seq, and the hash of the row before it (null: the chain's first). */
interface AuditLink {
  seq: number;
  prevHash: string | null;
}

/**
 * Claims the next place in the chain. Holds the chain's lock until the caller's transaction ends,
 * which serialises every audited action of the database: call it as the transaction's last step.
 */
export const claimAuditLink = async (trx: Transaction<Database>): Promise<AuditLink> => {
  const seq = await claimCounter(trx, AUDIT_SCOPE, AUDIT_COUNTER);
  const prev = await trx.selectFrom('audit_log').select('hash').where('seq', '<', seq).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return { seq, prevHash: prev?.hash ?? null };
};

export const insertAuditRow = async (trx: Transaction<Database>, row: AuditRow): Promise<void> => {
  await trx.insertInto('audit_log').values(row).execute();
};

/** Up to `limit` rows after `afterSeq`, in chain order: verify reads the chain page by page. */
export const auditRowsAfter = async (db: Db, afterSeq: number, limit: number): Promise<AuditRow[]> => {
  const rows = await db.selectFrom('audit_log').selectAll().where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
  return rows.map((r) => Object.assign(r, { seq: Number(r.seq) }));
};

/** The last seq handed out (0 before the first row): a chain whose last rows were deleted ends before it. */
export const auditSeqClaimed = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('counters')
    .select('value')
    .where('scope', '=', AUDIT_SCOPE)
    .where('name', '=', AUDIT_COUNTER)
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
};

/** Each staff member's last successful sign-in, from the trail (sessions are deleted on sign-out). */
export const lastStaffSignIns = async (db: Db): Promise<Map<string, string>> => {
  const rows = await db
    .selectFrom('audit_log')
    .select(['actor_id', (eb) => eb.fn.max('at').as('at')])
    .where('action', '=', 'staff.sign_in')
    .where('outcome', '=', 'ok')
    .where('actor_kind', '=', 'staff')
    .groupBy('actor_id')
    .execute();
  return new Map(rows.map((r) => [r.actor_id, String(r.at)]));
};
