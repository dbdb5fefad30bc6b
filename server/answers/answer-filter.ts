/**
 * The console's filter of a form's answers, from its query: what SQL narrows (statuses, received
 * days, reservation day) and what is matched here, folded as the resident lookup folds
 * (core/ja/fold.ts, core/rules/search-match.ts): searchable items by value, and free text over the
 * answers' values. Folding stays in Node because SQLite and PostgreSQL share no NFKC.
 */
import { Temporal } from 'temporal-polyfill';
import type { CheckStatus } from '@core/contract/result-rows';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { foldForMatch } from '@core/ja/fold';
import { TOKYO_OFFSET } from '@core/ja/date-input';
import { searchKeysOf } from '@core/rules/search-match';
import { refuse } from '@core/refusals';
import type { HeadFilter } from '../store/answer-heads';

export interface AnswerFilter {
  statuses: CheckStatus[];
  /** Asia/Tokyo days, both ends included. */
  from: string | null;
  to: string | null;
  reservationDay: string | null;
  items: { itemKey: string; value: string }[];
  text: string | null;
}

const listOf = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The filter a list query asks for; an item that is not searchable (or not the form's) is a 400. */
export const filterOfQuery = (
  config: Pick<ServedSurveyConfig, 'surveySchema'>,
  q: { status?: CheckStatus | CheckStatus[] | undefined; from?: string | undefined; to?: string | undefined; reservationDay?: string | undefined; item?: string | string[] | undefined; text?: string | undefined },
): AnswerFilter => {
  const searchable = new Set(config.surveySchema.filter((i) => i.isSearchable?.value === true).map((i) => i.itemKey));
  const items = listOf(q.item).map((raw) => {
    const cut = raw.indexOf('|');
    const itemKey = cut > 0 ? raw.slice(0, cut) : '';
    if (!searchable.has(itemKey)) throw refuse('bad_request', { path: 'query.item', message: `${itemKey || raw} は検索できる項目ではありません` });
    return { itemKey, value: raw.slice(cut + 1) };
  });
  const text = q.text?.trim() ?? '';
  return {
    statuses: [...new Set(listOf(q.status))],
    from: q.from ?? null,
    to: q.to ?? null,
    reservationDay: q.reservationDay ?? null,
    items,
    text: foldForMatch(text) === '' ? null : text,
  };
};

/** The instant an Asia/Tokyo day starts, as created_at is written (toISOString). */
export const tokyoDayStart = (day: Temporal.PlainDate): string =>
  new Date(day.toZonedDateTime({ timeZone: TOKYO_OFFSET }).epochMilliseconds).toISOString();

export const headFilterOf = (f: AnswerFilter): HeadFilter => ({
  statuses: f.statuses,
  since: f.from === null ? null : tokyoDayStart(Temporal.PlainDate.from(f.from)),
  until: f.to === null ? null : tokyoDayStart(Temporal.PlainDate.from(f.to).add({ days: 1 })),
  reservationDay: f.reservationDay,
});

/** The folded part of the filter as one test of an answer's rows; null when there is none. */
export const foldedMatcher = (
  config: Pick<ServedSurveyConfig, 'surveySchema'>,
  f: AnswerFilter,
): ((a: { answerCode: string | null; rows: readonly { itemKey: string; value: string }[] }) => boolean) | null => {
  if (f.items.length === 0 && f.text === null) return null;
  const keyOf = searchKeysOf(config.surveySchema);
  const wanted = f.items.map((i) => ({ itemKey: i.itemKey, key: keyOf(i.itemKey, i.value) }));
  const needle = f.text === null ? null : foldForMatch(f.text);
  return (a) =>
    wanted.every((w) => a.rows.some((r) => r.itemKey === w.itemKey && keyOf(r.itemKey, r.value) === w.key)) &&
    (needle === null || foldForMatch(a.answerCode ?? '').includes(needle) || a.rows.some((r) => foldForMatch(r.value).includes(needle)));
};

/** The filter as the audit row's detail records it. */
export const filterDetail = (f: AnswerFilter): Record<string, unknown> => ({ ...f });
