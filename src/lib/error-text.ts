/**
 * The error catalogue of spec 01 §8: which text a failure shows. Every row of the table maps here
 * (tests/client/error-text.test.ts has one test per row); screens call these helpers instead of
 * choosing texts themselves.
 *
 * Readings chosen where the table is ambiguous:
 * - Row 1 ("config missing ("no survey config.") or request 404" → the two timeout lines) and row 3
 *   ("404 / NotFound" → 本帳票が無効になっています…) overlap on 404. The original's config-missing
 *   answer carries the text "no survey config."; that answer (whatever its status) and a timed-out
 *   request show the timeout lines; any other 404 or not_found shows the not-found line.
 * - 403 invalid_request "IdToken expired." → the "token-expired message" (ja.login.expired), not
 *   the timeout lines of the spec's other reading: the resident can do something about it (sign
 *   in again; LoadError adds the button, and api.ts has marked the session refused). A 401 (a
 *   token the server does not accept) reads the same. Any other 403 on a load is "thrown": the
 *   error card with the server's text.
 * - Write refusals whose code has a catalogue text (temporary_locked, quota_exceeded,
 *   invalid_answer, cancel_deadline_passed) show that text alone; cancel_forbidden and the
 *   other refusals of the survey-results routes show the server's own text, which is already the
 *   resident-facing Japanese (現在キャンセルを受け付けておりません。 …).
 * - Cancel: an ERROR result (an error envelope, or a refusal with a catalogue or server text)
 *   shows its errorMessage (default エラ－が発生しました。); anything thrown that is not such an
 *   answer (network failure aside, which has its own text) appends 。エラー発生しました。… to its
 *   message; thrown with no message it reads the spec's unpunctuated variant
 *   エラー発生しました管理者にお問い合わせください alone. On the cancel page 画面を閉じてやり直してください。
 *   follows either.
 * - A reservation refused for the resident's own limits (reservation_limit, from the pre-submit
 *   check or from the answer's write) shows spec 02 §8's "reservation check failure": the server's
 *   message followed by its detail in brackets, "{errorMessage}（{checkDetail}）" (the message alone
 *   when no detail came).
 */
import { Temporal } from 'temporal-polyfill';
import { ID_TOKEN_EXPIRED_CODE, ID_TOKEN_EXPIRED_TEXT } from '@core/contract/auth';
import { PAYMENT_REFUSAL_CODES } from '@core/rules/payment-cancel';
import { RESERVATION_LIMIT_CODE } from '@core/rules/reservation-limits';
import { MALFORMED_REQUEST_CODES, refusalText } from '@core/refusals';
import { ja } from '../messages/ja';
import { isApiClientError, isLoginRefused } from './api-error';
import { formatMonthDayWeekday } from './ja-dates';

/** The original server's answer for a form that does not exist (or is not open). */
export const NO_SURVEY_CONFIG_TEXT = refusalText('survey_not_found');

/** Codes with a fixed catalogue text when a write is refused. */
const WRITE_TEXTS: Readonly<Record<string, string>> = {
  temporary_locked: ja.errors.temporaryLocked,
  quota_exceeded: ja.errors.quotaExceeded,
  invalid_answer: ja.errors.formInvalid,
  // Refused for its dose: a form invalid all the same, whose items say why.
  first_dose_missing: ja.errors.formInvalid,
  cancel_deadline_passed: ja.errors.cancelDeadlinePassed,
  [PAYMENT_REFUSAL_CODES.paymentCancelled]: ja.errors.paymentCancelled,
  [PAYMENT_REFUSAL_CODES.paymentTooOld]: ja.errors.paymentTooOld,
};

/** The catalogue text of a refusal code (quota_exceeded…), or null when it has none. */
export const catalogueTextOf = (code: string | undefined): string | null => (code ? (WRITE_TEXTS[code] ?? null) : null);

/** Spec 02 §8 "reservation check failure": the error message followed by the detail in brackets. */
export const reservationCheckText = (errorMessage: string, checkDetail?: string | null): string =>
  checkDetail ? `${errorMessage}（${checkDetail}）` : errorMessage;

/**
 * What a stored refusal (an outbox entry's last error) says on its own, or null when it has no
 * text of its own: the catalogue text of its code, or a reservation_limit refusal's message with
 * its detail.
 */
export const storedRefusalTextOf = (refusal: { code?: string | undefined; message?: string | undefined; checkDetail?: string | undefined } | undefined): string | null => {
  if (!refusal) return null;
  if (refusal.code === RESERVATION_LIMIT_CODE && refusal.message) return reservationCheckText(refusal.message, refusal.checkDetail);
  return catalogueTextOf(refusal.code);
};

/** Any kana or kanji: the server's text is then resident-facing Japanese (its refusals are), not a technical note. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/**
 * A refusal's own text, or null when it has none for a resident: the catalogue text of its code,
 * else the server's words when they are Japanese; a malformed request (bad_request and its kin,
 * the client's fault) has none, whatever its technical note says.
 */
export const ownRefusalTextOf = (refusal: { code?: string | undefined; message?: string | undefined }): string | null => {
  const own = storedRefusalTextOf(refusal);
  if (own) return own;
  if ((refusal.code !== undefined && MALFORMED_REQUEST_CODES.has(refusal.code)) || !refusal.message) return null;
  return JAPANESE.test(refusal.message) ? refusal.message : null;
};

/**
 * The Japanese a resident reads for a stored failure (an outbox entry's last error): a catalogue
 * text when the spec has one, the server's own words when they are Japanese, else a plain
 * Japanese text for the kind of failure. Never the raw English of fetch, HTTP or the contract
 * check ("Failed to fetch", "Bad Gateway", "answer does not match the contract"), which stays in
 * the entry (and the list's data-detail) for support.
 */
export const storedErrorText = (error: { status?: number | undefined; code?: string | undefined; message: string; checkDetail?: string | undefined }): string => {
  const own = storedRefusalTextOf(error);
  if (own) return own;
  const { status, code, message } = error;
  if (code === 'no_session' || status === 401 || (status === 403 && code === ID_TOKEN_EXPIRED_CODE && message === ID_TOKEN_EXPIRED_TEXT)) {
    return ja.login.expired;
  }
  if (code === 'timeout') return ja.errors.timeout[0]?.replace(/^●/, '') ?? ja.errors.unknown;
  if (code === 'network' || status === 0) return ja.offline.networkFailed;
  if (JAPANESE.test(message)) return message;
  if ((status !== undefined && (status >= 500 || status === 408 || status === 429)) || code === 'invalid_response') return ja.errors.server;
  return ja.errors.unknown;
};

/**
 * The lines a failed load shows (a config, a list), or null when the catalogue has none and the
 * error card shows the failure raw (row "other load errors").
 */
export const loadErrorLines = (error: unknown): readonly string[] | null => {
  if (!isApiClientError(error)) return null;
  if (isLoginRefused(error)) return [ja.login.expired];
  // Spec 01 §8 names 404 in two rows (timeout text, and 本帳票が無効). Reading: our server answers
  // 404 "no survey config." only for a form that is unknown or closed, which is 本帳票が無効; the
  // timeout text stays for a timed-out request and for "no survey config." without a 404.
  if (error.code === 'timeout' || (error.errorMessage === NO_SURVEY_CONFIG_TEXT && error.status !== 404)) return ja.errors.timeout;
  if (error.status === 404 || error.code === 'not_found' || error.code === 'NotFound') return [ja.errors.notFound];
  if (error.code === 'network') return [ja.errors.network];
  return null;
};

/** The catalogue text of a refused write, or null when the row is "the server's text". */
export const writeErrorText = (error: unknown): string | null => {
  if (!isApiClientError(error)) return null;
  if (isLoginRefused(error)) return ja.login.expired;
  if (error.code === 'network') return ja.errors.network;
  if (error.code === 'timeout') return ja.errors.timeout.join('\n');
  if (error.code === RESERVATION_LIMIT_CODE) return reservationCheckText(error.errorMessage, error.checkDetail);
  return WRITE_TEXTS[error.code] ?? null;
};

/** Row "submit error": エラーが発生しました。 plus the server's text; unknown failures 不明なエラーです。 */
export const submitErrorText = (error: unknown): string => {
  const fixed = writeErrorText(error);
  if (fixed) return fixed;
  if (isApiClientError(error)) return `${ja.form.submitError}${error.errorMessage}`;
  return ja.errors.unknown;
};

const withoutFinalStop = (text: string): string => text.replace(/。+$/, '');

/** Row "cancel failure" (see the header for the reading). onCancelPage adds 画面を閉じてやり直してください。 */
export const cancelErrorText = (error: unknown, { onCancelPage = false }: { onCancelPage?: boolean } = {}): string => {
  const fixed = writeErrorText(error);
  if (fixed) return fixed;
  if (isApiClientError(error) && error.code !== 'invalid_response' && error.status !== 0 && error.status < 500) {
    // An ERROR result: its own text.
    return error.errorMessage.trim() || ja.errors.cancelDefault;
  }
  const message = (error instanceof Error ? (isApiClientError(error) ? error.errorMessage : error.message) : '').trim();
  const thrown = message ? `${withoutFinalStop(message)}${ja.errors.cancelThrownSuffix}` : ja.errors.cancelThrownBare;
  return onCancelPage ? `${thrown}${ja.errors.cancelPageSuffix}` : thrown;
};

/** Row "search": a failed search (the filter call) and a failed load of the search form. */
export const searchErrorText = (error: unknown, stage: 'search' | 'load'): string => {
  if (isLoginRefused(error)) return ja.login.expired;
  if (isApiClientError(error) && error.code === 'network') return ja.errors.network;
  return stage === 'search' ? ja.errors.searchFailure : ja.errors.searchLoadFailure;
};

/** Row "results display failure": the server's errorMessage, or the default; an exception's message with its suffix. */
export const resultsErrorText = (error: unknown): string => {
  if (isLoginRefused(error)) return ja.login.expired;
  if (isApiClientError(error)) return error.errorMessage.trim() || ja.errors.resultsDisplayFailure;
  if (error instanceof Error && error.message) return `${error.message}${ja.errors.resultsExceptionSuffix}`;
  return ja.errors.resultsDisplayFailure;
};

/* ---- display values (row "display values") ---- */

/** An answer's value as shown: blank or absent is 不明. */
export const displayValue = (value: string | null | undefined): string =>
  value === null || value === undefined || value.trim() === '' ? ja.display.unknownValue : value;

const parseDate = (text: string): Temporal.PlainDate | null => {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(text.trim());
  if (!m) return null;
  try {
    return Temporal.PlainDate.from({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, { overflow: 'reject' });
  } catch {
    return null;
  }
};

/** A date line: missing → 予約なし, unparseable → 不明日付形, else month月day日（weekday）. */
export const displayDate = (text: string | null | undefined): string => {
  if (text === null || text === undefined || text.trim() === '') return ja.display.noReservation;
  const date = parseDate(text);
  return date ? formatMonthDayWeekday(date) : ja.display.badDate;
};

/** A group heading of the confirm list: a reservation date, or 予約日付不明 when the answer has none. */
export const reservationDateHeading = (date: Temporal.PlainDate | null): string =>
  date ? formatMonthDayWeekday(date) : ja.display.noReservationDate;
