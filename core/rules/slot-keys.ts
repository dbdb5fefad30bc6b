/**
 * The order of a calendar's slots (its comaList keys): natural, so "2" comes before "10". The
 * resident's calendar and the staff day sheet list slots in this one order.
 */
export const sortSlotKeys = (keys: Iterable<string>): string[] => [...keys].sort((a, b) => a.localeCompare(b, 'ja', { numeric: true }));
