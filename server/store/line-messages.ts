/** The LINE delivery ledger (table line_messages): one row per message, state moved conditionally. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, LineMessageTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export const insertLineMessages = async (trx: Db, rows: readonly LineMessageTable[]): Promise<void> => {
  if (rows.length > 0) await trx.insertInto('line_messages').values([...rows]).execute();
};

/** The answers' messages of these kinds still queued become void; answers how many. */
export const voidQueued = async (trx: Db, partitionKeys: readonly string[], kinds: readonly string[], now: string): Promise<number> => {
  if (partitionKeys.length === 0) return 0;
  const r = await trx
    .updateTable('line_messages')
    .set({ state: 'void', reason: 'booking_changed', updated_at: now })
    .where('partition_key', 'in', [...partitionKeys])
    .where('kind', 'in', [...kinds])
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
};

export const findLineMessage = (db: Db, id: string): Promise<LineMessageTable | undefined> =>
  db.selectFrom('line_messages').selectAll().where('id', '=', id).executeTakeFirst();

/** Settles a queued message; false when it was no longer queued (voided meanwhile, or settled by another run). */
export const settleLineMessage = async (
  db: Db,
  id: string,
  to: { state: 'sent' | 'failed'; requestId?: string | null; reason?: string | null; now: string },
): Promise<boolean> => {
  const r = await db
    .updateTable('line_messages')
    .set({ state: to.state, request_id: to.requestId ?? null, reason: to.reason ?? null, updated_at: to.now })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** The ledger of some answers, in the order they are due (the console's answer page). */
export const listLineMessages = (db: Db, partitionKeys: readonly string[]) =>
  partitionKeys.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('line_messages')
        .select(['id', 'partition_key', 'kind', 'due_at', 'state', 'request_id', 'reason', 'created_at', 'updated_at'])
        .where('partition_key', 'in', [...partitionKeys])
        .orderBy('due_at')
        .orderBy('id')
        .execute();
