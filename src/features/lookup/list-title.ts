/**
 * The confirm list's title (spec 01 §2: 予約一覧, or 検索結果一覧 when payment is used; another
 * variant titled 現在の予約). Reading chosen for the variant: a reservation form's list whose every
 * answer is a reservation still in force (not キャンセル, NG or 取り消し) on today or a later day
 * is titled 現在の予約 — it then holds exactly the resident's current reservations; a list that
 * also holds past, cancelled or replaced ones (or none) is the 予約一覧. Payment wins, as the spec says.
 */
import { Temporal } from 'temporal-polyfill';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { usesPayment } from '@core/rules/permissions';
import { hasReservationItem } from '@core/rules/reservation-value';
import { isEnded } from '@core/rules/status';
import type { CheckStatus } from '@core/contract/survey';
import { ja } from '../../messages/ja';

export const listTitleOf = (
  config: ServedSurveyConfig,
  answers: readonly { check: CheckStatus; reservationDate: Temporal.PlainDate | null }[],
  today: Temporal.PlainDate,
): string => {
  if (usesPayment(config)) return ja.lookup.listTitlePayment;
  const allCurrent =
    answers.length > 0 &&
    answers.every((a) => !isEnded(a.check) && a.reservationDate !== null && Temporal.PlainDate.compare(a.reservationDate, today) >= 0);
  return hasReservationItem(config) && allCurrent ? ja.lookup.listTitleCurrent : ja.lookup.listTitle;
};
