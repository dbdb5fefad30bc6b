/**
 * A slot row's address and the one order in which writes lock slot rows: a write touching several
 * slots takes them in this order, so two writes never wait on each other in a cycle.
 */

export interface SlotRef {
  calendarId: string;
  day: string;
  slot: string;
}

export const slotOrder = (a: SlotRef, b: SlotRef): number =>
  a.calendarId < b.calendarId ? -1 : a.calendarId > b.calendarId ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0;
