/**
 * What an export holds: a header of 受付番号, 状態, 受付日時 and the chosen items' titles, then one
 * row per answer with the values as the console shows them (server/answers/answer-display.ts:
 * checkbox rows joined with 、, a reservation as its date, time and category names).
 */
import { Temporal } from 'temporal-polyfill';
import { TOKYO } from '@core/rules/cancel-deadline';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { jaExport } from '@core/ja/export';
import type { ListItem } from '../answers/answer-columns';
import { columnValues, type ListedAnswer } from '../answers/answer-list';
import type { PlaceReader } from '../answers/answer-display';

export const exportHeader = (items: readonly ListItem[], columns: readonly string[]): string[] => {
  const titles = new Map(items.map((i) => [i.itemKey, i.title]));
  return [jaExport.answerCode, jaExport.status, jaExport.receivedAt, ...columns.map((k) => titles.get(k) ?? k)];
};

/** An instant as Asia/Tokyo wall time, `YYYY-MM-DD HH:mm:ss`: what Excel reads as a date and time. */
export const tokyoDateTime = (iso: string): string =>
  Temporal.Instant.from(iso).toZonedDateTimeISO(TOKYO).toPlainDateTime().toString({ smallestUnit: 'second' }).replace('T', ' ');

export const exportRow = async (
  cfg: Pick<ServedSurveyConfig, 'surveySchema'>,
  answer: ListedAnswer,
  columns: readonly string[],
  places: PlaceReader,
): Promise<string[]> => {
  const values = await columnValues(cfg, answer, columns, places);
  return [answer.answerCode ?? '', answer.status, tokyoDateTime(answer.createdAt), ...columns.map((k) => values[k] ?? '')];
};
