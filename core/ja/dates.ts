/**
 * Dates as a Japanese reader reads them: M月D日（曜）, and YYYY年M月D日（曜） where the year may be
 * any. In core so the PWA (src/lib/ja-dates.ts) and the LINE messages (core/messages/) share it.
 */
import type { Temporal } from 'temporal-polyfill';

/** Monday first, as Temporal's dayOfWeek (1 = Monday … 7 = Sunday). */
const WEEKDAYS_JA = ['月', '火', '水', '木', '金', '土', '日'] as const;

const weekdayOf = (d: Temporal.PlainDate): string => WEEKDAYS_JA[d.dayOfWeek - 1] ?? '';

/** M月D日（曜） */
export const formatMonthDayWeekday = (d: Temporal.PlainDate): string => `${d.month}月${d.day}日（${weekdayOf(d)}）`;

/** YYYY年M月D日（曜）; without the weekday for a birthday, where it means nothing. */
export const formatFullDate = (d: Temporal.PlainDate, { weekday = true }: { weekday?: boolean } = {}): string =>
  `${d.year}年${d.month}月${d.day}日${weekday ? `（${weekdayOf(d)}）` : ''}`;
