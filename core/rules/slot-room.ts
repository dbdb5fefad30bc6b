/**
 * The room rule of a reservation slot (spec 02 §4, §5): a slot takes `cost` more places while what
 * it holds plus that cost stays within its quota, on a day that is no day off, in a slot that
 * exists. Stated once here; the store's conditional claim (server/store/reservations.ts claimSlot)
 * says the same in SQL, and tests/server/slot-room.test.ts holds the two together.
 */

/** A slot's row: its quota and the places held. */
export interface SlotCount {
  quota: number;
  reserved: number;
}

/** Whether the slot has room for `cost` more places. A quota lowered below what is held has none. */
export const hasRoom = (slot: SlotCount, cost: number): boolean => slot.reserved + cost <= slot.quota;

/** Why a claim of a slot takes its places or not: the first that holds of day off, no slot, full. */
export type RoomVerdict = 'room' | 'dayOff' | 'noSlot' | 'full';

export const roomOf = (s: { dayOff: boolean; slot: SlotCount | null }, cost: number): RoomVerdict => {
  if (s.dayOff) return 'dayOff';
  if (s.slot === null) return 'noSlot';
  return hasRoom(s.slot, cost) ? 'room' : 'full';
};
