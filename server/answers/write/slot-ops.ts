/**
 * Which slot rows an answer's write changes, and how: a pure decision (no database), applied by
 * finish.ts. The places the replaced answer held go back and the new ones are taken as one net
 * change per slot, so moving within a full slot, or into a slot the old answer fills, works; slots
 * come in the store's lock order (store/slot-order.ts), so two writes never wait on each other.
 */
import { slotOrder, type SlotRef } from '../../store/slot-order';

export type { SlotRef };

export interface SlotOp {
  ref: SlotRef;
  /** Places taken (positive) or given back (negative). */
  delta: number;
  /**
   * The answer wants this slot: the change must fit the quota, on a day that is no day off, in a
   * slot that exists. A slot only given back is released whatever its quota says now.
   */
  conditional: boolean;
}

/** The operations for giving `held` back and taking `wanted`, in slot order. */
export const planSlotOps = (held: readonly { ref: SlotRef; cost: number }[], wanted: readonly { ref: SlotRef; cost: number }[]): SlotOp[] => {
  const ops: SlotOp[] = [];
  const opOf = (ref: SlotRef): SlotOp => {
    let op = ops.find((o) => slotOrder(o.ref, ref) === 0);
    if (!op) ops.push((op = { ref, delta: 0, conditional: false }));
    return op;
  };
  for (const h of held) opOf(h.ref).delta -= h.cost;
  for (const w of wanted) {
    const op = opOf(w.ref);
    op.delta += w.cost;
    op.conditional = true;
  }
  // A slot only given back with nothing to give changes nothing.
  return ops.filter((o) => o.conditional || o.delta !== 0).sort((a, b) => slotOrder(a.ref, b.ref));
};
