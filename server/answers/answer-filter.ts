/**
 * The console's filter of a form's answers, from its query: what SQL narrows (statuses, received
 * days, reservation day, searchable items by value) and what is matched here (free text over the
 * answers' values), folded as the resident lookup folds (core/ja/fold.ts,
 * core/rules/search-match.ts). SQLite and PostgreSQL share no NFKC, so the fold is made in Node:
 * a searchable item's condition is folded here and compared with the key each row was stored
 * with (store/search-key.ts); free text is narrowed in SQL by the same keys (a row's key holding
 * the folded text) and then matched here by folding every value of the answers read.
 */
import { Temporal } from 'temporal-polyfill';
import type { CheckStatus } from '@core/contract/result-rows';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { foldForMatch } from '@core/ja/fold';
import { TOKYO_OFFSET } from '@core/ja/date-input';
import { refuse } from '@core/refusals';
import { containsPattern, type HeadFilter } from '../store/answer-heads';
import { searchKeyColumn } from '../store/search-key';

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

/**
 * The items whose stored key may lack text their folded value holds (core/rules/search-match.ts
 * searchKeyOf): a phone's key has +81 made 0, so a phone is read whole for digits naming 81. A
 * search item's key is its chosen data: free text finds what the answer shows, not its JSON.
 */
const looseItems = (config: Pick<ServedSurveyConfig, 'surveySchema'>, folded: string): string[] =>
  /^\+?\d+$/.test(folded) && folded.includes('81') ? config.surveySchema.filter((i) => i.type === 'phone').map((i) => i.itemKey) : [];

export const headFilterOf = (config: Pick<ServedSurveyConfig, 'surveySchema'>, f: AnswerFilter): HeadFilter => {
  const types = new Map(config.surveySchema.map((i) => [i.itemKey, i.type] as const));
  return {
    statuses: f.statuses,
    since: f.from === null ? null : tokyoDayStart(Temporal.PlainDate.from(f.from)),
    until: f.to === null ? null : tokyoDayStart(Temporal.PlainDate.from(f.to).add({ days: 1 })),
    reservationDay: f.reservationDay,
    // A condition folding longer than any stored key (null) finds nothing, as no key equals it.
    keys: f.items.map((i) => ({ itemKey: i.itemKey, key: searchKeyColumn(i.value, types.get(i.itemKey)) })),
    text: f.text === null ? null : { like: containsPattern(foldForMatch(f.text)), loose: looseItems(config, foldForMatch(f.text)) },
  };
};

/** The free text as one test of an answer's rows; null when there is none. */
export const foldedMatcher = (f: AnswerFilter): ((a: { answerCode: string | null; rows: readonly { value: string }[] }) => boolean) | null => {
  if (f.text === null) return null;
  const needle = foldForMatch(f.text);
  return (a) => foldForMatch(a.answerCode ?? '').includes(needle) || a.rows.some((r) => foldForMatch(r.value).includes(needle));
};

/** The filter as the audit row's detail records it. */
export const filterDetail = (f: AnswerFilter): Record<string, unknown> => ({ ...f });
