/**
 * The reservation item's value as rules read it (spec 01 §3: "{categoryId}_{reservationItemId}|
 * {date}|{timeSlotIndex}"). The reservation item type joins ITEM_TYPES with the calendar issue;
 * until then no stored form holds one, so reservationDateOf answers null for every real form and
 * the deadline rule that depends on it (cancel-deadline.ts) stays dormant on the server. The
 * calendar issue extends this module (category, item, slot) rather than parsing values elsewhere.
 */
import type { Temporal } from 'temporal-polyfill';
import { parseIsoDate } from '../ja/date-input';

/**
 * A plain string, not an ItemType: the type is not in ITEM_TYPES yet, and comparing an ItemType
 * with a string literal it cannot hold would not type-check.
 */
export const RESERVATION_ITEM_TYPE: string = 'reservation';

export interface ItemTypeRef {
  itemKey: string;
  type: string;
}

export const isReservationItem = (item: Pick<ItemTypeRef, 'type'>): boolean => item.type === RESERVATION_ITEM_TYPE;

export const hasReservationItem = (config: { surveySchema: readonly Pick<ItemTypeRef, 'type'>[] }): boolean =>
  config.surveySchema.some(isReservationItem);

export interface ReservationValue {
  /** `{categoryId}_{reservationItemId}` (or a calendar id plus item). */
  target: string;
  date: Temporal.PlainDate;
  slot: string;
}

/** The parts of a stored reservation value; null when it is empty or not of that shape. */
export const parseReservationValue = (value: string): ReservationValue | null => {
  const parts = value.split('|');
  if (parts.length !== 3) return null;
  const [target, dateText, slot] = parts as [string, string, string];
  const date = parseIsoDate(dateText);
  return target !== '' && date ? { target, date, slot } : null;
};

/**
 * The reservation date an answer holds: the first reservation item of the form whose row carries
 * a readable value. null when the form has no reservation item (every form today) or none is
 * answered, and then no cancel deadline applies.
 */
export const reservationDateOf = (
  config: { surveySchema: readonly ItemTypeRef[] },
  rows: readonly { itemKey: string; value: string }[],
): Temporal.PlainDate | null => {
  for (const item of config.surveySchema) {
    if (!isReservationItem(item)) continue;
    for (const row of rows) {
      if (row.itemKey !== item.itemKey) continue;
      const parsed = parseReservationValue(row.value);
      if (parsed) return parsed.date;
    }
  }
  return null;
};
