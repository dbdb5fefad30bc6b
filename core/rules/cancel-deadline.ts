/**
 * The reservation cancel deadline (spec 01 §4, spec 02 §9).
 *
 * The spec offers two readings:
 *   (a) deadline = reservation date − (limit + day-off count − 1) days, at midnight (Asia/Tokyo);
 *       exceeded when the deadline is today or earlier;
 *   (b) exceeded when reservation date − (limit + day-off count) is on or before today.
 * They differ by one day. This module implements (a), because:
 * - with (a) a cancel limit of N days means "until N days before the reservation" (the default 1
 *   is 前日まで, the usual wording of reservation desks); with (b) the default 1 would already
 *   refuse the day before, so every limit would act one day longer than it says;
 * - (a) is the same rule as the bed reservation's, which the spec states without ambiguity
 *   (spec 02 §4: cancel allowed only when the start date is at least the limit's days from today,
 *   i.e. refused once today ≥ start − limit + 1 — exactly (a) with no days off);
 * - spec 02 §9 gives (a) with its details (midnight, "not already cancelled").
 * Days off between now and the reservation move the deadline earlier by one day each (the desk is
 * closed on them, so the notice period counts open days). Limit 0 means no limit (spec 01 §9).
 *
 * "At midnight" is the start of the deadline day in Asia/Tokyo: at 23:59:59 JST the day before, a
 * cancel is still on time; from 00:00:00 JST on the deadline day it is refused. Callers on the
 * server pass todayInTokyo(); the instant form exists so the boundary can be tested exactly.
 */
import { Temporal } from 'temporal-polyfill';
import { todayInTokyo } from '../ja/date-input';

export { todayInTokyo };

export const TOKYO = 'Asia/Tokyo';
/** Spec 01 §9: "Cancel limit default 1 day". */
export const DEFAULT_CANCEL_LIMIT_DAYS = 1;
/** Spec 01 §9: "0 means no limit". */
export const NO_CANCEL_LIMIT = 0;

export interface CancelDeadlineInput {
  reservationDate: Temporal.PlainDate;
  /**
   * reservationCancelLimit of the calendar, in days. null or absent: the default 1. A value that
   * no validated calendar can hold (negative, not finite) is read as the default too, so a broken
   * setting errs towards a deadline rather than towards none; fractions are floored.
   */
  cancelLimit?: number | null | undefined;
  /** Days off between today and the reservation date (default 0; negatives read as 0). */
  dayOffCount?: number | undefined;
}

const limitOf = (cancelLimit: number | null | undefined): number =>
  cancelLimit === null || cancelLimit === undefined || !Number.isFinite(cancelLimit) || cancelLimit < 0
    ? DEFAULT_CANCEL_LIMIT_DAYS
    : Math.floor(cancelLimit);

/** The first day on which cancelling (and changing) is refused; null when there is no limit. */
export const cancelDeadlineDate = ({ reservationDate, cancelLimit, dayOffCount }: CancelDeadlineInput): Temporal.PlainDate | null => {
  const limit = limitOf(cancelLimit);
  if (limit === NO_CANCEL_LIMIT) return null;
  const daysOff = dayOffCount !== undefined && Number.isFinite(dayOffCount) && dayOffCount > 0 ? Math.floor(dayOffCount) : 0;
  return reservationDate.subtract({ days: limit + daysOff - 1 });
};

/** The deadline as an instant: midnight at the start of the deadline day in Asia/Tokyo. */
export const cancelDeadlineInstant = (input: CancelDeadlineInput): Temporal.Instant | null =>
  cancelDeadlineDate(input)?.toZonedDateTime({ timeZone: TOKYO }).toInstant() ?? null;

/** Reading (a): passed when the deadline is today or earlier. */
export const isCancelDeadlinePassed = (input: CancelDeadlineInput & { today: Temporal.PlainDate }): boolean => {
  const deadline = cancelDeadlineDate(input);
  return deadline !== null && Temporal.PlainDate.compare(deadline, input.today) <= 0;
};

/**
 * The days whose days off count towards the deadline: from today up to the day before the
 * reservation (a closed desk cannot take the notice). null when the reservation is today or past.
 * The server counts them in its store, the PWA from the calendar reads; both through this window.
 */
export const dayOffWindow = (today: Temporal.PlainDate, reservationDate: Temporal.PlainDate): { from: Temporal.PlainDate; to: Temporal.PlainDate } | null =>
  Temporal.PlainDate.compare(reservationDate, today) > 0 ? { from: today, to: reservationDate.subtract({ days: 1 }) } : null;

/** The calendar day an instant falls on in Asia/Tokyo. */
export const tokyoDateOf = (instant: Temporal.Instant): Temporal.PlainDate => instant.toZonedDateTimeISO(TOKYO).toPlainDate();

/** The same rule at an exact instant (the midnight boundary). */
export const isCancelDeadlinePassedAt = (input: CancelDeadlineInput & { now: Temporal.Instant }): boolean =>
  isCancelDeadlinePassed({ ...input, today: tokyoDateOf(input.now) });
