/**
 * Dates as residents read them (spec 01 §9, issue 54): M月D日（曜）, with the year where a stored
 * answer's date may lie in any year (YYYY年M月D日（曜）). Stored values and the inputs' own text
 * (the date box shows YYYY-MM-DD by spec) stay as they are; only what is read again is formatted.
 */
import { Temporal } from 'temporal-polyfill';
import { formatFullDate, formatMonthDayWeekday } from '@core/ja/dates';

export { formatFullDate, formatMonthDayWeekday };

const readIso = (text: string): Temporal.PlainDate | null => {
  try {
    return Temporal.PlainDate.from(text, { overflow: 'reject' });
  } catch {
    return null;
  }
};

/**
 * A stored date text read again: "YYYY-MM-DD" and "YYYY-MM-DD 午前" (date with session) as
 * YYYY年M月D日（曜） [午前], "MM-DD" (a date dropdown without its year) as M月D日; anything else as is.
 */
export const readDateText = (text: string, opts: { weekday?: boolean } = {}): string => {
  const full = /^(\d{4}-\d{2}-\d{2})(?: (.+))?$/.exec(text);
  if (full) {
    const d = readIso(full[1] as string);
    return d ? `${formatFullDate(d, opts)}${full[2] ? ` ${full[2]}` : ''}` : text;
  }
  const monthDay = /^(\d{2})-(\d{2})$/.exec(text);
  return monthDay ? `${Number(monthDay[1])}月${Number(monthDay[2])}日` : text;
};
