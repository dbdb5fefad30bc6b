/** The pure slot planner (server/reservation-plan.ts): held + wanted → one net change per slot, in slot order. */
import { describe, expect, it } from 'vitest';
import { planSlotOps, type SlotRef } from '../../server/answers/write/slot-ops';

const ref = (calendarId: string, day: string, slot: string): SlotRef => ({ calendarId, day, slot });
const A = ref('cal-a', '2026-12-01', '1');
const B = ref('cal-a', '2026-12-01', '2');
const C = ref('cal-b', '2026-11-30', '1');

describe('planSlotOps', () => {
  it('a new answer takes its places, conditionally', () => {
    expect(planSlotOps([], [{ ref: B, cost: 2 }])).toEqual([{ ref: B, delta: 2, conditional: true }]);
  });

  it('a cancelled or moved-away answer gives its places back unconditionally', () => {
    expect(planSlotOps([{ ref: A, cost: 1 }], [])).toEqual([{ ref: A, delta: -1, conditional: false }]);
  });

  it('moving within one slot is one net change, still conditional (a full slot keeps its holder)', () => {
    expect(planSlotOps([{ ref: A, cost: 1 }], [{ ref: A, cost: 1 }])).toEqual([{ ref: A, delta: 0, conditional: true }]);
    expect(planSlotOps([{ ref: A, cost: 3 }], [{ ref: A, cost: 1 }])).toEqual([{ ref: A, delta: -2, conditional: true }]);
  });

  it('orders every change by slot, whatever order the answer names them in (no lock cycles)', () => {
    const ops = planSlotOps([{ ref: C, cost: 1 }], [{ ref: B, cost: 1 }, { ref: A, cost: 1 }]);
    expect(ops.map((o) => o.ref)).toEqual([A, B, C]);
    expect(ops.map((o) => o.delta)).toEqual([1, 1, -1]);
  });

  it('two values in one slot add up', () => {
    expect(planSlotOps([], [{ ref: A, cost: 1 }, { ref: A, cost: 2 }])).toEqual([{ ref: A, delta: 3, conditional: true }]);
  });

  it('giving back nothing changes nothing', () => {
    expect(planSlotOps([{ ref: A, cost: 0 }], [])).toEqual([]);
  });
});
