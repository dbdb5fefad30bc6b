/**
 * The rules of a bed stay (spec 02 §3, §4, §5, §9), applied by both sides: the PWA to draw the
 * bed calendar and the stay dialog, the server to refuse what the PWA would not offer.
 *
 * Readings chosen where the spec is open:
 * - A stay of N nights occupies the nights start … start + N − 1; the discharge day (start + N) is
 *   not a night, so a stay may begin on the day another ends.
 * - "passes the validity rule" (a calendar day's validRule): the ward has a bed count set for the
 *   day (a day outside the imported span has no beds at all and is not offered).
 * - "at least reservationPossibleStart days away": start − today ≥ reservationPossibleStart.
 * - The cancel deadline is core/rules/cancel-deadline.ts reading (a) with no days off: cancel or
 *   change is allowed while start − today ≥ reservationCancelLimit; 0 means no limit.
 * - Spec 02 §9 "max length 8": the bed's id, which is the select bed item's stored value (as the
 *   date's 10 and the phone's 11 are the stored value's length); the sessions are 2 characters.
 * - A stay with a chosen bed holds that bed on each of its nights, one stay per bed and night.
 */
import { Temporal } from 'temporal-polyfill';
import { formatIsoDate, parseIsoDate } from '../ja/date-input';
import { isCancelDeadlinePassed } from './cancel-deadline';

/** Spec 02 §9: a stay of 1 to 14 nights. */
export const MIN_STAY_NIGHTS = 1;
export const MAX_STAY_NIGHTS = 14;

export const MORNING = '午前';
export const AFTERNOON = '午後';
export type DaySession = typeof MORNING | typeof AFTERNOON;
/**
 * Spec 02 §9: default sessions, 午後 for admission and 午前 for discharge. A name of its own for
 * the rule, not a duplicate export of the session (knip's @alias).
 * @alias
 */
export const DEFAULT_START_SESSION: DaySession = AFTERNOON;
/** @alias */
export const DEFAULT_END_SESSION: DaySession = MORNING;

/** The itemKeys of the extra rows that carry the stay's dates (spec 02 §3). */
export const START_DATE_KEY = 'startDate';
export const END_DATE_KEY = 'endDate';

export interface DateWithSession {
  date: Temporal.PlainDate;
  session: DaySession | null;
}

/** "YYYY-MM-DD 午後" (or a bare date) read strictly; undefined when it names no real day. */
export const parseDateWithSession = (value: string): DateWithSession | undefined => {
  const m = /^(\d{4}-\d{2}-\d{2})(?: (午前|午後))?$/.exec(value);
  const date = m ? parseIsoDate(m[1] as string) : undefined;
  if (!m || !date) return undefined;
  return { date, session: (m[2] as DaySession | undefined) ?? null };
};

export const formatDateWithSession = (date: Temporal.PlainDate, session: DaySession): string => `${formatIsoDate(date)} ${session}`;

/** Nights between admission and discharge (discharge − admission in days). */
export const nightsBetween = (start: Temporal.PlainDate, end: Temporal.PlainDate): number =>
  start.until(end, { largestUnit: 'days' }).days;

export const isStayLength = (nights: number): boolean => Number.isInteger(nights) && nights >= MIN_STAY_NIGHTS && nights <= MAX_STAY_NIGHTS;

/** The nights a stay occupies, in date order (the order their rows are locked in). */
export const stayNights = (start: Temporal.PlainDate, nights: number): string[] =>
  Array.from({ length: nights }, (_, i) => formatIsoDate(start.add({ days: i })));

/** The stay-length dialog's label: 3 → 3泊4日. */
export const stayLabel = (nights: number): string => `${nights}泊${nights + 1}日`;

export const STAY_LENGTHS: readonly number[] = Array.from({ length: MAX_STAY_NIGHTS }, (_, i) => i + MIN_STAY_NIGHTS);

/** Spec 02 §9 "max length 8" (reading above): a bedId, e.g. "301-1". */
export const MAX_BED_ID_LENGTH = 8;

/** A bedId's shape: 1 to 8 characters, no spaces (checked again against the ward by the server). */
export const isBedIdShape = (value: string): boolean => value.length >= 1 && value.length <= MAX_BED_ID_LENGTH && !/\s/u.test(value);

export interface BedChoice {
  bedId: string;
  bedName: string;
}

/** How a stored bed reads: its name in the ward, else the id itself (a bed since removed). */
export const bedNameOf = (beds: readonly BedChoice[], bedId: string): string => beds.find((b) => b.bedId === bedId)?.bedName ?? bedId;

export interface BedRule {
  reservationPossibleStart: number;
  reservationCancelLimit: number;
}

/** Far enough ahead for a new stay (edit mode is exempt). */
export const isFarEnoughAhead = (start: Temporal.PlainDate, rule: BedRule, today: Temporal.PlainDate): boolean =>
  nightsBetween(today, start) >= rule.reservationPossibleStart;

/** Spec 02 §4: cancel and change only while start − today ≥ the cancel limit. */
export const isBedDeadlinePassed = (start: Temporal.PlainDate, rule: BedRule, today: Temporal.PlainDate): boolean =>
  isCancelDeadlinePassed({ reservationDate: start, cancelLimit: rule.reservationCancelLimit, today });

export interface DayFacts {
  date: Temporal.PlainDate;
  today: Temporal.PlainDate;
  /** Beds left that day; null when the ward has no bed count for it. */
  bedRemaining: number | null;
  rule: BedRule;
  editing: boolean;
}

/** Spec 02 §5: may this day be picked as the admission day? */
export const isSelectableDay = (f: DayFacts): boolean =>
  Temporal.PlainDate.compare(f.date, f.today) >= 0 &&
  f.bedRemaining !== null &&
  f.bedRemaining > 0 &&
  (f.editing || isFarEnoughAhead(f.date, f.rule, f.today));
