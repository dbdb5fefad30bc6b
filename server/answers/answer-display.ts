/**
 * An answer's values as the console and its exports show them: a multi-value item's rows joined
 * (、), a reservation as its date, time and category names, a secure file by its name, a search
 * item by the entry chosen, a products item as its lines (name × count), a pay type by its name. Calendars and categories are read once per id per reader.
 */
import type { Kysely, Transaction } from 'kysely';
import { VALUE_SEPARATOR } from '@core/form/answer-fields';
import { parseReservationValue, isReservationItem } from '@core/rules/reservation-value';
import { parseSecureFileValue } from '@core/items/secure-files';
import { parseSearchValue } from '@core/items/search';
import { parseOrderLines } from '@core/items/select-products';
import { payTypeOfValue } from '@core/items/select-pay-type';
import { ORDER_LINE_TEXT, PAY_TYPE_LABELS } from '@core/ja/payment-status';
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

/** Reservation values whose reading a reader keeps: an export meets the same few days and slots again and again. */
const SHOWN_KEPT = 10_000;

/** A reader of reservation values with its own cache of calendars and values (one per request or export). */
export const placeReader = (db: Db): PlaceReader => {
  const places = new Map<string, Awaited<ReturnType<typeof resolveCalendar>>>();
  const shown = new Map<string, ReservationShown | null>();
  const read = async (value: string): Promise<ReservationShown | null> => {
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
  return async (value) => {
    const kept = shown.get(value);
    if (kept !== undefined) return kept;
    const r = await read(value);
    if (shown.size >= SHOWN_KEPT) shown.clear();
    shown.set(value, r);
    return r;
  };
};

export const reservationText = (r: ReservationShown): string => [r.day, r.time ?? r.slot, ...r.categories].join(' ');

const reservationsShown = async (shown: readonly string[], places: PlaceReader): Promise<string> => {
  const parts = await Promise.all(shown.map(async (v) => ((await places(v)) ?? null)));
  return parts.map((p, i) => (p ? reservationText(p) : (shown[i] as string))).join(VALUE_SEPARATOR);
};

const lineText = (l: { productName: string; count: number }): string => ORDER_LINE_TEXT.replace('{name}', l.productName).replace('{count}', String(l.count));

/**
 * One item's display value from its stored values: a string at once, a promise only for a
 * reservation (its calendar is read), so an export's million cells do not each wait a turn.
 */
export const displayValueOf = (item: { type: string } | undefined, values: readonly string[], places: PlaceReader): string | Promise<string> => {
  const shown = values.filter((v) => v !== '');
  if (item && isReservationItem(item)) return reservationsShown(shown, places);
  if (item?.type === 'secureFiles') return shown.map((v) => parseSecureFileValue(v)?.name ?? v).join(VALUE_SEPARATOR);
  if (item?.type === 'search') return shown.map((v) => parseSearchValue(v)?.data ?? v).join(VALUE_SEPARATOR);
  if (item?.type === 'selectProducts') return shown.map((v) => parseOrderLines(v)?.map(lineText).join(VALUE_SEPARATOR) ?? v).join(VALUE_SEPARATOR);
  if (item?.type === 'selectPayType') return shown.map((v) => ((t) => (t === null ? v : PAY_TYPE_LABELS[t]))(payTypeOfValue(v))).join(VALUE_SEPARATOR);
  return shown.join(VALUE_SEPARATOR);
};

/**
 * The display values of these items of an answer, in the columns' order ('' where it holds none):
 * the items looked up once, each answer's rows gone through once.
 */
export const columnReader = (
  config: { surveySchema: readonly { itemKey: string; type: string }[] },
  columns: readonly string[],
  places: PlaceReader,
): ((answer: { rows: readonly { itemKey: string; value: string }[] }) => Promise<string[]>) => {
  const items = columns.map((k) => config.surveySchema.find((i) => i.itemKey === k));
  // Each item's first column; a column chosen twice copies it.
  const slot = new Map<string, number>();
  columns.forEach((k, i) => slot.has(k) || slot.set(k, i));
  return async (answer) => {
    const values: (string[] | undefined)[] = new Array(columns.length);
    for (const r of answer.rows) {
      const i = slot.get(r.itemKey);
      if (i === undefined) continue;
      const list = values[i];
      if (list) list.push(r.value);
      else values[i] = [r.value];
    }
    const out = new Array<string>(columns.length);
    for (let i = 0; i < columns.length; i++) {
      const own = values[slot.get(columns[i] as string) as number];
      const shown = own ? displayValueOf(items[i], own, places) : '';
      out[i] = typeof shown === 'string' ? shown : await shown;
    }
    return out;
  };
};
