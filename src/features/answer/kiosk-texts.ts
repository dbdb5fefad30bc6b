/**
 * What a kiosk visitor reads (issue 54). A kiosk stores each visit under a fresh id and cannot read
 * answers back, so an operator's sentence pointing to 申込内容の照会 (or 会員情報の照会) or saying that
 * sending again overwrites is untrue there: the form's description drops it on a kiosk. A booking
 * of a later day is changed at the counter, so its completion says how.
 */
import { Temporal } from 'temporal-polyfill';
import { parseReservationValue } from '@core/rules/reservation-value';

/** Sentences that send the visitor somewhere a kiosk cannot go, or promise an overwrite. */
const NOT_ON_A_KIOSK = /照会|上書き/;

/** The description as a kiosk shows it: the sentences (ending in 。 or a line break) that do not fit left out. */
export const kioskDescription = (text: string): string =>
  text
    .split(/(?<=[。\n])/)
    .filter((sentence) => !NOT_ON_A_KIOSK.test(sentence))
    .join('')
    .trim();

/** Whether any of the booked values is for a day after `today`. */
export const booksLaterDay = (values: readonly string[], today: Temporal.PlainDate): boolean =>
  values.some((v) => {
    const parsed = parseReservationValue(v);
    return parsed !== null && Temporal.PlainDate.compare(parsed.date, today) > 0;
  });
