/**
 * An answer's values as the console and its exports show them: a multi-value item's rows joined
 * (、), a reservation as its date, time and category names, a secure file by its name, a search
 * item by the entry chosen. Calendars and categories are read once per id per reader.
 */
import type { Kysely, Transaction } from 'kysely';
import { VALUE_SEPARATOR } from '@core/form/answer-fields';
import { parseReservationValue, isReservationItem } from '@core/rules/reservation-value';
import { parseSecureFileValue } from '@core/items/secure-files';
import { parseSearchValue } from '@core/items/search';
import type { Database } from '../store/schema';
import { resolveCalendar } from '../store/calendars';

type Db = Kysely<Database> | Transaction<Database>;

export interface ReservationShown {
  day: string;
  slot: string;
  /** HH:mm–HH:mm from the calendar's comaList; null when the calendar or slot is gone. */
  time: string | null;
  calendar: string | null;
  /** Large, medium, small category names along the path. */
  categories: string[];
}

export type PlaceReader = (value: string) => Promise<ReservationShown | null>;

/** A reader of reservation values with its own cache of calendars (one per request or export). */
export const placeReader = (db: Db): PlaceReader => {
  const places = new Map<string, Awaited<ReturnType<typeof resolveCalendar>>>();
  return async (value) => {
    const r = parseReservationValue(value);
    if (!r) return null;
    if (!places.has(r.categoryId)) places.set(r.categoryId, await resolveCalendar(db, r.categoryId));
    const place = places.get(r.categoryId) ?? null;
    const coma = place?.calendar.comaList[r.slot];
    const c = place?.category;
    return {
      day: r.date.toString(),
      slot: r.slot,
      time: coma ? `${coma.start}–${coma.end}` : null,
      calendar: place?.calendar.calendarName ?? null,
      categories: c ? [c.tag1, c.tag2, c.tag3].filter((t): t is string => typeof t === 'string' && t !== '') : [],
    };
  };
};

export const reservationText = (r: ReservationShown): string => [r.day, r.time ?? r.slot, ...r.categories].join(' ');

/** One item's display value from its stored values. */
export const displayValueOf = async (item: { type: string } | undefined, values: readonly string[], places: PlaceReader): Promise<string> => {
  const shown = values.filter((v) => v !== '');
  if (item && isReservationItem(item)) {
    const parts = await Promise.all(shown.map(async (v) => ((await places(v)) ?? null)));
    return parts.map((p, i) => (p ? reservationText(p) : (shown[i] as string))).join(VALUE_SEPARATOR);
  }
  if (item?.type === 'secureFiles') return shown.map((v) => parseSecureFileValue(v)?.name ?? v).join(VALUE_SEPARATOR);
  if (item?.type === 'search') return shown.map((v) => parseSearchValue(v)?.data ?? v).join(VALUE_SEPARATOR);
  return shown.join(VALUE_SEPARATOR);
};
