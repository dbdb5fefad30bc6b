/**
 * What the lookup screens show of an answer's reservation (spec 01 §2 Confirm list, Details): the
 * date M月D日（曜）, the time HH:mm〜HH:mm from the calendar's comaList (/calendars/info), the
 * category lines (the survey's level labels with the category's names) and the reservation item's
 * name. The calendar reads go through the offline cache (src/calendar/queries.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { isReservationItem, parseReservationValue, type ReservationValue } from '@core/rules/reservation-value';
import { levelLabels, type ReservationItemConfig } from '../../calendar/categories';
import { formatMonthDayWeekday, formatTimeRange } from '../../calendar/dates';
import { calendarInfoQuery, categoryQuery, displaySettingsQuery, itemInfoQuery, tagLabelsQuery } from '../../calendar/queries';
import { ja } from '../../messages/ja';
import type { LookupAnswer } from './answers';

export interface ReservationLines {
  /** The time line's title: 予約時間, or the operator's reservationTimeLabel. */
  timeLabel: string;
  /** キャンセル済, or the operator's cancelledLabel. */
  cancelledLabel: string;
  /** M月D日（曜）, 予約日付不明 (a reservation without a readable date) or 予約なし. */
  date: string;
  /** HH:mm〜HH:mm, or 予約なし / '' while the calendar is read. */
  time: string;
  categories: { label: string; name: string }[];
  itemLabel: string;
  itemName: string | null;
}

export interface AnswerReservation {
  item: ReservationItemConfig & { itemKey: string };
  /** The stored value; '' when the answer has none. */
  raw: string;
  value: ReservationValue | null;
}

/** The answer's first reservation item and its value. */
export const reservationOf = (config: ServedSurveyConfig, answer: LookupAnswer): AnswerReservation | null => {
  const items = config.surveySchema.filter(isReservationItem);
  for (const item of items) {
    const row = answer.rows.find((r) => r.itemKey === item.itemKey && r.value !== '');
    if (row) return { item: item as AnswerReservation['item'], raw: row.value, value: parseReservationValue(row.value) };
  }
  const first = items[0];
  return first ? { item: first as AnswerReservation['item'], raw: '', value: null } : null;
};

export const useReservationLines = (config: ServedSurveyConfig, answer: LookupAnswer): ReservationLines => {
  const reservation = reservationOf(config, answer);
  const id = reservation?.value?.categoryId ?? '';
  const enabled = id !== '';
  const info = useQuery({ ...calendarInfoQuery(id), enabled });
  const category = useQuery({ ...categoryQuery(id), enabled, retry: false });
  const items = useQuery({ ...itemInfoQuery(id), enabled });
  const tags = useQuery(tagLabelsQuery());
  // The operator's labels (display_settings) replace the defaults of spec 02 §9 where set.
  const settings = useQuery(displaySettingsQuery()).data?.data;
  const noReservation = settings?.noReservationLabel ?? ja.display.noReservation;

  const value = reservation?.value ?? null;
  const labels = levelLabels(reservation?.item ?? {}, tags.data?.data);
  const cat = category.data?.data;
  const names = cat ? [cat.tag1, cat.tag2, cat.tag3] : [];
  const categories = names.flatMap((name, i) => (name ? [{ label: labels[i] as string, name }] : []));
  const date = value ? formatMonthDayWeekday(value.date) : reservation?.raw ? ja.display.noReservationDate : noReservation;
  const time = value ? formatTimeRange(info.data?.data.comaList[value.slot]) : noReservation;
  const itemName = value ? (items.data?.data.find((i) => i.itemId === value.itemId)?.itemName ?? null) : null;
  return {
    date,
    time,
    categories,
    itemLabel: ja.calendar.itemLabel,
    itemName,
    timeLabel: settings?.reservationTimeLabel ?? ja.lookup.reservationTime,
    cancelledLabel: settings?.cancelledLabel ?? ja.lookup.cancelledLabel,
  };
};
