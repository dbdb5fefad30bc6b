/**
 * The typed date normaliser of spec 01 §5 (the date item's text input) and the strict date helpers
 * the date items share.
 *
 * normalizeDateInput accepts 8-digit Western dates (20150401), Western dates with any of / . , -
 * or any dash an IME gives (2015/4/1, ２０１５ー４ー１), and era dates (S50.8.21, h3/2/1, 平成3年2月1日,
 * 令和元年5月1日), in full-width or half-width, and answers a padded YYYY-MM-DD, or '' when it
 * cannot read one. It never throws and is idempotent: its output reads back as itself.
 *
 * Readings chosen where the spec is terse:
 * - "month clamped to 1–12, day to month length", as the spec states: 2026-13-45 reads 2026-12-31,
 *   2015/2/30 reads 2015-02-28, month or day 0 reads 1. Only the typed text is clamped: a stored
 *   value (a body's YYYY-MM-DD) must still name a real day, and the items refuse 2015-02-30.
 * - "future dates not allowed in the normaliser": a date after today normalises to '' (refused),
 *   so the field reads as unanswered rather than silently holding another date. Items whose dates
 *   are naturally in the future (collection day, 午前/午後 bookings) pass `allowFuture`, and apply
 *   their own range (core/items/date-range.ts).
 * - "max 10 characters": the box takes at most 10 characters (YYYY-MM-DD, S50.8.21, 令和8年1月5日);
 *   a longer form (2026年12月31日) is typed without 年月日 or with the era.
 * - "null" (any case) is empty: stored answers of cleared dates hold that text.
 * - Years before 1 or after 9999 cannot be written as YYYY and are refused.
 */
import { Temporal } from 'temporal-polyfill';
import { ERA_TOKEN_SOURCE, findEra, parseEraYearNumber, westernYearOf } from './era';
import { HYPHENS_AND_LONG_MARKS } from './fold';

/** The input's maxlength (spec 01 §5). */
export const DATE_INPUT_MAX_LENGTH = 10;

const SEP = '\\s*[/.,\\-年月]\\s*';
const ERA_DATE = new RegExp(`^(${ERA_TOKEN_SOURCE})\\s*(\\d{1,2}|元)${SEP}(\\d{1,2})${SEP}(\\d{1,2})\\s*日?$`);
const WESTERN_DATE = new RegExp(`^(\\d{4})${SEP}(\\d{1,2})${SEP}(\\d{1,2})\\s*日?$`);
const WESTERN_8 = /^(\d{4})(\d{2})(\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Every dash an IME gives for a hyphen (ー, −, ‐ …): in a date it can only be a separator. */
const DASHES = new RegExp(`[${HYPHENS_AND_LONG_MARKS}]`, 'gu');

/** NFKC (full-width digits, letters and separators, ㍻ → 平成), dashes as '-', trimmed. */
export const readableDateText = (raw: string): string => raw.normalize('NFKC').replace(DASHES, '-').trim();

export const pad2 = (n: number): string => String(n).padStart(2, '0');
export const formatIsoDate = (d: Temporal.PlainDate): string => `${String(d.year).padStart(4, '0')}-${pad2(d.month)}-${pad2(d.day)}`;

/**
 * Asia/Tokyo's offset now and in any date the product handles: Japan keeps UTC+9 all year (no
 * daylight saving since 1951). Reading the clock at the offset gives the same wall time without
 * the time-zone lookup, for which the Temporal polyfill (browsers without their own Temporal, iOS)
 * sets up Intl on its first call, during the first screen's render.
 */
export const TOKYO_OFFSET = '+09:00';

/**
 * The Asia/Tokyo wall clock, the clock every date rule of the product reads. Kept for the second
 * it was read: converting the instant into the time zone costs far more than reading the clock
 * (~15 µs), and a server asks for it several times per request; the rules compare days and
 * minutes (reservation-window.ts hasSlotStarted).
 */
let clockCache: { second: number; now: { date: Temporal.PlainDate; time: Temporal.PlainTime } } | null = null;

export const tokyoClock = (): { date: Temporal.PlainDate; time: Temporal.PlainTime } => {
  const second = Math.floor(Temporal.Now.instant().epochMilliseconds / 1000);
  if (clockCache?.second !== second) {
    const z = Temporal.Now.zonedDateTimeISO(TOKYO_OFFSET);
    clockCache = { second, now: Object.freeze({ date: z.toPlainDate(), time: z.toPlainTime() }) };
  }
  return clockCache.now;
};

/** Today in Asia/Tokyo. */
export const todayInTokyo = (): Temporal.PlainDate => tokyoClock().date;

/** A real calendar date from its parts, or undefined (never throws, never constrains). */
export const plainDateOf = (year: number, month: number, day: number): Temporal.PlainDate | undefined => {
  if (![year, month, day].every(Number.isInteger) || year < 1 || year > 9999) return undefined;
  try {
    return Temporal.PlainDate.from({ year, month, day }, { overflow: 'reject' });
  } catch {
    return undefined;
  }
};

/** A strict `YYYY-MM-DD` that names a real date, or undefined. */
export const parseIsoDate = (s: string): Temporal.PlainDate | undefined => {
  const m = ISO_DATE.exec(s);
  return m ? plainDateOf(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
};

/** Year, month and day as typed; undefined when it is no date shape. */
const readParts = (s: string): [number, number, number] | undefined => {
  const era = ERA_DATE.exec(s);
  if (era) {
    const e = findEra(era[1] ?? '');
    const year = e && westernYearOf(e, parseEraYearNumber(era[2] ?? ''));
    if (year === undefined) return undefined;
    return [year, Number(era[3]), Number(era[4])];
  }
  const w = WESTERN_DATE.exec(s) ?? WESTERN_8.exec(s);
  return w ? [Number(w[1]), Number(w[2]), Number(w[3])] : undefined;
};

export interface DateInputOptions {
  /** Accept dates after today (default false: the spec's normaliser refuses them). */
  allowFuture?: boolean;
}

const clamp = (n: number, min: number, max: number): number => Math.min(Math.max(n, min), max);

/** Spec 01 §5: the typed month clamped to 1–12 and the day to the month's length. */
const clampedDateOf = (year: number, month: number, day: number): Temporal.PlainDate | undefined => {
  const first = plainDateOf(year, clamp(month, 1, 12), 1);
  return first && first.with({ day: clamp(day, 1, first.daysInMonth) });
};

export const normalizeDateInput = (raw: unknown, today: Temporal.PlainDate, options: DateInputOptions = {}): string => {
  if (typeof raw !== 'string') return '';
  const s = readableDateText(raw);
  if (s === '' || s.toLowerCase() === 'null') return '';
  const parts = readParts(s);
  const date = parts && clampedDateOf(...parts);
  if (!date) return '';
  if (!options.allowFuture && Temporal.PlainDate.compare(date, today) > 0) return '';
  return formatIsoDate(date);
};
