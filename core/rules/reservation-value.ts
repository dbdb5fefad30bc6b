/**
 * The reservation item's value as rules read it (spec 01 §3: "{categoryId}_{reservationItemId}|
 * {date}|{timeSlotIndex}"). Every reader of a reservation value goes through this module.
 */
import type { Temporal } from 'temporal-polyfill';
import { parseIsoDate } from '../ja/date-input';

export const RESERVATION_ITEM_TYPE = 'reservation';

/**
 * "{categoryId}_{itemId}|{date}|{slot}" (the first id may be a calendar id). Ids may hold `_`, so
 * the item id is what follows the last one. Here rather than in the contract so the item registry
 * can use it without importing the contract (which imports the registry).
 */
export const RESERVATION_VALUE_PATTERN = /^([^|]+)_([^|_]+)\|(\d{4}-\d{2}-\d{2})\|([^|]+)$/;

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
  /** The target's first id: a category id, or a calendar id (spec 02 §3). Ids may hold `_`. */
  categoryId: string;
  /** What follows the target's last `_`. */
  itemId: string;
  date: Temporal.PlainDate;
  slot: string;
}

export const formatReservationValue = (v: { categoryId: string; itemId: string; date: Temporal.PlainDate | string; slot: string }): string =>
  `${v.categoryId}_${v.itemId}|${v.date.toString()}|${v.slot}`;

/**
 * A reservation target `{categoryId}_{itemId}` split at its last `_` (item ids hold none; category
 * ids may); null when either part would be empty. Also how a product names its reservation item.
 */
export const splitReservationTarget = (target: string): { categoryId: string; itemId: string } | null => {
  const cut = target.lastIndexOf('_');
  return cut <= 0 || cut === target.length - 1 ? null : { categoryId: target.slice(0, cut), itemId: target.slice(cut + 1) };
};

/** The parts of a stored reservation value; null when it is empty or not of that shape. */
export const parseReservationValue = (value: string): ReservationValue | null => {
  const parts = value.split('|');
  if (parts.length !== 3) return null;
  const [target, dateText, slot] = parts as [string, string, string];
  const date = parseIsoDate(dateText);
  const split = splitReservationTarget(target);
  if (!split || !date || slot === '') return null;
  return { target, ...split, date, slot };
};

/**
 * The reservation an answer holds: the first reservation item of the form whose row carries a
 * readable value. null when the form has no reservation item or none is answered.
 */
export const reservationOfRows = (
  config: { surveySchema: readonly ItemTypeRef[] },
  rows: readonly { itemKey: string; value: string }[],
): ReservationValue | null => {
  for (const item of config.surveySchema) {
    if (!isReservationItem(item)) continue;
    for (const row of rows) {
      if (row.itemKey !== item.itemKey) continue;
      const parsed = parseReservationValue(row.value);
      if (parsed) return parsed;
    }
  }
  return null;
};

/** The reservation date an answer holds (reservationOfRows); null, and then no cancel deadline applies. */
export const reservationDateOf = (
  config: { surveySchema: readonly ItemTypeRef[] },
  rows: readonly { itemKey: string; value: string }[],
): Temporal.PlainDate | null => reservationOfRows(config, rows)?.date ?? null;
