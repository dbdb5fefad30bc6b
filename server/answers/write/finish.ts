/**
 * The write's last statements, once everything has been checked: its reservation rows, its answer
 * rows, then the slot claims in slot order — last, because a claimed slot row stays locked until
 * the commit, so the next resident's claim of a hot slot waits for little. A claim that finds no
 * place refuses the whole write with its reason (core/rules/slot-room.ts), read in the same
 * transaction.
 */
import type { Transaction } from 'kysely';
import { roomOf } from '@core/rules/slot-room';
import { refuse, type Refusal } from '@core/refusals';
import { claimSlot, insertReservations, readSlotState, releaseSlot } from '../../store/reservations';
import { insertRows, type NewResultRow } from '../../store/results';
import type { Database, ReservationTable } from '../../store/schema';
import type { SlotOp } from './slot-ops';

export const finishAnswer = async (
  trx: Transaction<Database>,
  f: { reservations: readonly ReservationTable[]; rows: readonly NewResultRow[]; slotOps: readonly SlotOp[] },
): Promise<void> => {
  await insertReservations(trx, f.reservations);
  await insertRows(trx, f.rows);
  for (const op of f.slotOps) {
    if (!op.conditional) await releaseSlot(trx, op.ref, -op.delta);
    else if (!(await claimSlot(trx, op.ref, op.delta))) throw await slotRefusal(trx, op);
  }
};

/**
 * Why a claim took nothing, as the resident reads it: a day off or no slot since, else no room (also
 * when another write gave places back between the claim and this read).
 */
const slotRefusal = async (trx: Transaction<Database>, op: SlotOp): Promise<Refusal> => {
  const verdict = roomOf(await readSlotState(trx, op.ref), op.delta);
  return verdict === 'dayOff' || verdict === 'noSlot'
    ? refuse('slot_unavailable')
    : refuse('quota_exceeded');
};
