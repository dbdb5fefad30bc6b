/**
 * The calendar reservation check before submit (spec 02 §4 reservation flow, §5 "Calendar
 * reservation checks before submit", §7 POST /survey-results/checkReservation): before the
 * confirmation dialog opens, each chosen reservation is checked against the resident's own limits
 * of its calendar (reservationMaxCount over the control range, reservationMaxCountOfDay on the day).
 *
 * Readings chosen where the spec is open:
 * - A refusal (an ERROR answer, 200 result ERROR, or a call refused with code reservation_limit)
 *   goes back to the slot choice with spec 02 §8's "{errorMessage}（{checkDetail}）".
 * - A check that fails is never passed over in silence (spec 02 §8): a server error, an answer
 *   the contract does not know, calendar info that cannot be read, or a timeout stops before the
 *   dialog with "{checkFailed}（{detail}）" at the form, the detail being the server's text or,
 *   on a timeout, "Request timeout"; pressing the button again checks again.
 * - A call that reaches no server (no network) is read as offline: the confirmation opens and the
 *   answer goes to the outbox, visibly queued; the server applies the same limits when it is
 *   written (putItem refuses with 409 reservation_limit, shown with the same text).
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
import { ja } from '../messages/ja';
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
  /** The check could not be made (not a refusal of the slot): shown at the form, the slot kept. */
  failed?: true;
}

/** spec 02 §8: the failure's text with its detail in brackets ("Request timeout" on a timeout). */
export const checkFailureText = (e: unknown): string => {
  const detail = isApiClientError(e) ? e.errorMessage || e.code || String(e.status) : e instanceof Error ? e.message : String(e);
  return `${ja.calendar.checkFailed}（${detail}）`;
};

/** No server was reached (the network is down): as offline, the answer may go to the outbox. */
const unreachable = (e: unknown): boolean => isApiClientError(e) && e.code === 'network';

const failure = (itemKey: string, e: unknown): ReservationRefusal | null => {
  if (unreachable(e)) {
    console.warn('reservation check not made (no network); the answer is checked again when sent', e);
    return null;
  }
  return { itemKey, text: checkFailureText(e), failed: true };
};

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
    return failure(itemKey, e);
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
    return failure(itemKey, e);
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
