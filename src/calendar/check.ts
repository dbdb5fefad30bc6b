/**
 * The calendar reservation check before submit (spec 02 §4 reservation flow, §5 "Calendar
 * reservation checks before submit", §7 POST /survey-results/checkReservation): before the
 * confirmation dialog opens, each chosen reservation is checked against the resident's own limits
 * of its calendar (reservationMaxCount over the control range, reservationMaxCountOfDay on the day).
 *
 * Readings chosen where the spec is open:
 * - Only an answer of the check that refuses blocks: an ERROR answer (the server's business
 *   refusal, 200 result ERROR) or a call refused with code reservation_limit. It shows spec 02 §8's
 *   "{errorMessage}（{checkDetail}）".
 * - Everything else lets the confirmation open: no network, a network failure, a timeout (§8's
 *   "Request timeout" is then not shown), a server error, calendar info that cannot be read. The
 *   server applies the same limits again when the answer is written (putItem refuses with 409
 *   reservation_limit, shown with the same text), and an answer sent offline goes to the outbox as
 *   before; a check that cannot be made must not keep a resident on a weak connection from sending.
 * - Offline (navigator.onLine false; only false is trusted) the check is not tried at all.
 * - One attempt with a short timeout (CHECK_TIMEOUT_MS), so the dialog never waits long.
 * - maxCount / maxCountOfDay come from the calendar's info (calendars/info of the value's first
 *   id, a category or a calendar id); dayCheckOnly and from/to from limitRangeOf with today in
 *   Asia/Tokyo; partitionKey is the edited answer's, so it does not count against itself.
 * - A form with several reservation items checks each chosen one in turn; the first refusal wins.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Temporal } from 'temporal-polyfill';
import { surveyResultsCheckReservation, type Calendar } from '@core/contract/calendars';
import { todayInTokyo } from '@core/ja/date-input';
import { RESERVATION_LIMIT_CODE } from '@core/rules/reservation-limits';
import { parseReservationValue } from '@core/rules/reservation-value';
import { limitRangeOf } from '@core/rules/reservation-window';
import { call } from '../lib/api';
import { isApiClientError } from '../lib/api-error';
import { reservationCheckText } from '../lib/error-text';
import { calendarInfoQuery } from './queries';

/** Per call; one attempt, no network retry. */
export const CHECK_TIMEOUT_MS = 10_000;

export interface ReservationCheckTarget {
  surveyId: string;
  /** The edited answer, when the page was opened for one. */
  partitionKey: string | null;
  userId: string | null;
}

/** A refused check: the reservation item to go back to and the text to show. */
export interface ReservationRefusal {
  itemKey: string;
  text: string;
}

export interface ReservationCheckDeps {
  today?: () => Temporal.PlainDate;
  isOnline?: () => boolean;
}

const onlineNow = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

const checkOne = async (
  queryClient: QueryClient,
  target: ReservationCheckTarget,
  itemKey: string,
  value: string,
  today: Temporal.PlainDate,
): Promise<ReservationRefusal | null> => {
  const parsed = parseReservationValue(value);
  if (!parsed) return null;
  let calendar: Calendar;
  try {
    calendar = (await queryClient.fetchQuery(calendarInfoQuery(parsed.categoryId))).data;
  } catch (e) {
    console.warn('reservation check skipped: calendar info unavailable', e);
    return null;
  }
  const range = limitRangeOf(calendar, today);
  try {
    const answer = await call(
      surveyResultsCheckReservation,
      {
        body: {
          surveyId: target.surveyId,
          itemKey,
          ...(target.userId ? { userId: target.userId } : {}),
          from: range.from?.toString() ?? null,
          to: range.to?.toString() ?? null,
          targetDay: parsed.date.toString(),
          maxCount: calendar.reservationMaxCount,
          maxCountOfDay: calendar.reservationMaxCountOfDay,
          dayCheckOnly: range.dayCheckOnly,
          partitionKey: target.partitionKey,
        },
      },
      { timeoutMs: CHECK_TIMEOUT_MS, retry: { maxAttempts: 1, networkRetries: 0 } },
    );
    if (answer.result === 'OK') return null;
    return { itemKey, text: reservationCheckText(answer.errorMessage, answer.checkDetail) };
  } catch (e) {
    if (isApiClientError(e) && e.code === RESERVATION_LIMIT_CODE) return { itemKey, text: reservationCheckText(e.errorMessage, e.checkDetail) };
    // Not an answer about the reservation (see the header): the server checks again on putItem.
    console.warn('reservation check failed; the answer is checked again when sent', e);
    return null;
  }
};

/**
 * Checks the reservation rows among `rows` (those whose itemKey is in `reservationKeys`); null
 * when the confirmation may open.
 */
export const checkReservationRows = async (
  queryClient: QueryClient,
  target: ReservationCheckTarget,
  rows: readonly { itemKey: string; value: string }[],
  reservationKeys: ReadonlySet<string>,
  deps: ReservationCheckDeps = {},
): Promise<ReservationRefusal | null> => {
  const chosen = rows.filter((r) => reservationKeys.has(r.itemKey) && r.value !== '');
  if (chosen.length === 0 || !(deps.isOnline ?? onlineNow)()) return null;
  const today = (deps.today ?? todayInTokyo)();
  for (const row of chosen) {
    const refusal = await checkOne(queryClient, target, row.itemKey, row.value, today);
    if (refusal) return refusal;
  }
  return null;
};
