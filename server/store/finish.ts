/**
 * The last statements of an answer's write, once everything has been checked: its reservation
 * rows, its answer rows, the answer stored under its idempotency key, then the slot operations in
 * slot order, last because a claimed slot row stays locked until the commit. PostgreSQL runs them
 * as one call of finish_answer (migration 0009), one round trip; SQLite, in process, as plain
 * statements. Both answer the index of the slot operation refused, or null.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SlotOp } from '../reservation-plan';
import { compiled } from './compiled';
import { settleKey, type KeySettlement } from './idempotency';
import type { Engine } from './open';
import { claimSlot, insertReservation, releaseSlot } from './reservations';
import { insertRows, type NewResultRow } from './results';
import type { Database, ReservationTable } from './schema';

export interface Finish {
  reservations: readonly ReservationTable[];
  rows: readonly NewResultRow[];
  /** The write's answer for its key (null: the request had none). */
  keyAnswer: KeySettlement | null;
  slotOps: readonly SlotOp[];
}

const finishAnswer = compiled((db: Kysely<Database>, a: { reservations: string; rows: string; keyAnswer: string | null; slotOps: string }) =>
  sql<{ refused: number | null }>`select finish_answer(${a.reservations}::jsonb, ${a.rows}::jsonb, ${a.keyAnswer}::jsonb, ${a.slotOps}::jsonb) as refused`.compile(db),
);

/** Writes `f`; answers the index in f.slotOps of the claim that found no place, or null. */
export const finishWrite = async (trx: Transaction<Database>, engine: Engine, f: Finish): Promise<number | null> => {
  if (engine === 'postgres') {
    const [row] = await finishAnswer.run(trx, {
      reservations: JSON.stringify(f.reservations),
      rows: JSON.stringify(f.rows),
      keyAnswer: f.keyAnswer && JSON.stringify({ userId: f.keyAnswer.ref.userId, key: f.keyAnswer.ref.key, ...f.keyAnswer.stored }),
      slotOps: JSON.stringify(f.slotOps.map((o) => ({ ...o.ref, delta: o.delta, conditional: o.conditional }))),
    });
    return row?.refused ?? null;
  }
  for (const r of f.reservations) await insertReservation(trx, r);
  await insertRows(trx, f.rows);
  if (f.keyAnswer) await settleKey(trx, f.keyAnswer.ref, f.keyAnswer.stored);
  for (const [i, op] of f.slotOps.entries()) {
    if (!op.conditional) await releaseSlot(trx, op.ref, -op.delta);
    else if (!(await claimSlot(trx, op.ref, op.delta))) return i;
  }
  return null;
};
