/**
 * A reservation value as residents read it (spec 01 §2 Confirm list, Details): the category lines
 * (the level labels with the category's names), the reservation item's name, the date M月D日（曜）
 * and the time HH:mm〜HH:mm from the calendar's comaList. Built from the calendar reads (offline
 * cache first), never from memory of the picker, so a reloaded page, a restored draft, an edited
 * answer, the queue and the completion show the same lines as the confirmation.
 */
import './reservation-lines.css';
import { useQuery } from '@tanstack/react-query';
import { parseReservationValue } from '@core/rules/reservation-value';
import { ja } from '../messages/ja';
import { levelLabels, type ReservationItemConfig } from './categories';
import { formatMonthDayWeekday, formatTimeRange } from './dates';
import { calendarInfoQuery, categoryQuery, displaySettingsQuery, itemInfoQuery, tagLabelsQuery } from './queries';

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

/** `raw`: the stored value ('' for none); `item`: the reservation item's config, for its level labels. */
export const useReservationValueLines = (item: ReservationItemConfig | undefined, raw: string): ReservationLines => {
  const value = raw ? parseReservationValue(raw) : null;
  const id = value?.categoryId ?? '';
  const enabled = id !== '';
  const info = useQuery({ ...calendarInfoQuery(id), enabled });
  const category = useQuery({ ...categoryQuery(id), enabled, retry: false });
  const items = useQuery({ ...itemInfoQuery(id), enabled });
  const tags = useQuery(tagLabelsQuery());
  // The operator's labels (display_settings) replace the defaults of spec 02 §9 where set.
  const settings = useQuery(displaySettingsQuery()).data?.data;
  const noReservation = settings?.noReservationLabel ?? ja.display.noReservation;

  const labels = levelLabels(item ?? {}, tags.data?.data);
  const cat = category.data?.data;
  const names = cat ? [cat.tag1, cat.tag2, cat.tag3] : [];
  const categories = names.flatMap((name, i) => (name ? [{ label: labels[i] as string, name }] : []));
  return {
    date: value ? formatMonthDayWeekday(value.date) : raw ? ja.display.noReservationDate : noReservation,
    time: value ? formatTimeRange(info.data?.data.comaList[value.slot]) : noReservation,
    categories,
    itemLabel: ja.calendar.itemLabel,
    itemName: value ? (items.data?.data.find((i) => i.itemId === value.itemId)?.itemName ?? null) : null,
    timeLabel: settings?.reservationTimeLabel ?? ja.lookup.reservationTime,
    cancelledLabel: settings?.cancelledLabel ?? ja.lookup.cancelledLabel,
  };
};

export interface ReservationLinesListProps {
  item?: ReservationItemConfig | undefined;
  value: string;
}

/** The lines as a list of label and value: categories, item, date, time. */
export function ReservationLinesList({ item, value }: ReservationLinesListProps) {
  const lines = useReservationValueLines(item, value);
  return (
    <dl className="reservation-lines" data-testid="reservation-lines" data-value={value}>
      {lines.categories.map((c, i) => (
        <div key={i} data-testid="reservation-category">
          <dt>{c.label}</dt>
          <dd>{c.name}</dd>
        </div>
      ))}
      {lines.itemName ? (
        <div data-testid="reservation-item">
          <dt>{lines.itemLabel}</dt>
          <dd>{lines.itemName}</dd>
        </div>
      ) : null}
      <div>
        <dt>{ja.lookup.reservationDate}</dt>
        <dd data-testid="reservation-date">{lines.date}</dd>
      </div>
      <div>
        <dt>{lines.timeLabel}</dt>
        <dd data-testid="reservation-time">{lines.time}</dd>
      </div>
    </dl>
  );
}
