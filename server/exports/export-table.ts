/**
 * What an export holds: a header of 受付番号, 状態, 受付日時 and the chosen items' titles, then one
 * row per answer with the values as the console shows them (server/answers/answer-display.ts:
 * checkbox rows joined with 、, a reservation as its date, time and category names).
 */
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { jaExport } from '@core/ja/export';
import type { ListItem } from '../answers/answer-columns';
import type { AnswerWithValues } from '../answers/answer-list';
import { columnReader, type PlaceReader } from '../answers/answer-display';

export const exportHeader = (items: readonly ListItem[], columns: readonly string[]): string[] => {
  const titles = new Map(items.map((i) => [i.itemKey, i.title]));
  return [jaExport.answerCode, jaExport.status, jaExport.receivedAt, ...columns.map((k) => titles.get(k) ?? k)];
};

/** Asia/Tokyo is UTC+9 all year (no summer time since 1951). */
const TOKYO_MS = 9 * 60 * 60 * 1000;

/**
 * An instant as Asia/Tokyo wall time, `YYYY-MM-DD HH:mm:ss`: what Excel reads as a date and time.
 * By the fixed offset, not Temporal: the polyfill's zoned conversion cost an export of 200,000
 * answers about a second (--cpu-prof), and gives the same text for any instant since 1951.
 */
export const tokyoDateTime = (iso: string): string => {
  const t = new Date(Date.parse(iso) + TOKYO_MS).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19)}`;
};

/** The export's row maker: items looked up once, then each answer's cells. */
export const exportRows = (
  cfg: Pick<ServedSurveyConfig, 'surveySchema'>,
  columns: readonly string[],
  places: PlaceReader,
): ((answer: AnswerWithValues) => Promise<string[]>) => {
  const read = columnReader(cfg, columns, places);
  return async (answer) => {
    const cells = await read(answer);
    cells.unshift(answer.answerCode ?? '', answer.status, tokyoDateTime(answer.createdAt));
    return cells;
  };
};
