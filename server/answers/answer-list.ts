/**
 * A form's answers in keyset order (newest or oldest first), filtered: one page for the console,
 * or every match in batches for an export (iterateAnswers). SQL reads heads past the cursor
 * (store/answer-heads.ts) and the rows of those answers; searchable items are matched in SQL by
 * their stored keys, the free text here. A page whose free text matches rarely stops after
 * SCAN_CAP answers examined and answers a cursor there, so one request stays bounded whatever the
 * form's size.
 */
import type { Kysely, Transaction } from 'kysely';
import { checkStatusSchema, type CheckStatus } from '@core/contract/result-rows';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { answerStatusOf } from '@core/rules/status';
import { refuse } from '@core/refusals';
import type { Database } from '../store/schema';
import { readHeads, rowsInOrder, rowsOfAnswers, type AnswerHead, type AnswerOrder, type AnswerRowOfList } from '../store/answer-heads';
import { foldedMatcher, headFilterOf, type AnswerFilter } from './answer-filter';
import { displayValueOf, type PlaceReader } from './answer-display';

type Db = Kysely<Database> | Transaction<Database>;

export interface ListedAnswer {
  partitionKey: string;
  userId: string;
  answerCode: string | null;
  status: CheckStatus;
  registrantName: string;
  createdAt: string;
  updatedAt: string;
  rows: AnswerRowOfList[];
}

/** Answers examined at most for one page when free text is set. */
const SCAN_CAP = 5000;
const SCAN_BATCH = 500;

const toListed = (head: AnswerHead, rows: AnswerRowOfList[]): ListedAnswer => ({
  partitionKey: head.partitionKey,
  userId: rows[0]?.userId ?? '',
  answerCode: rows.find((r) => r.answerCode)?.answerCode ?? null,
  status: answerStatusOf(rows.map((r) => checkStatusSchema.safeParse(r.check).data ?? '未対応')),
  registrantName: rows[0]?.registrantName ?? '',
  createdAt: head.createdAt,
  updatedAt: rows.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), head.createdAt),
  rows,
});

/** The answers of these heads, in the heads' order (a head whose rows went meanwhile is left out). */
const answersOf = async (db: Db, surveyId: string, heads: readonly AnswerHead[]): Promise<ListedAnswer[]> => {
  const rows = await rowsOfAnswers(db, surveyId, heads.map((h) => h.partitionKey));
  const byKey = new Map<string, AnswerRowOfList[]>();
  for (const r of rows) byKey.set(r.partitionKey, [...(byKey.get(r.partitionKey) ?? []), r]);
  return heads.flatMap((h) => {
    const own = byKey.get(h.partitionKey);
    return own ? [toListed(h, own)] : [];
  });
};

/** One answer of the form by its partition key; null when it has no rows there. */
export const findAnswer = async (db: Db, surveyId: string, partitionKey: string): Promise<ListedAnswer | null> => {
  const rows = await rowsOfAnswers(db, surveyId, [partitionKey]);
  const first = rows[0];
  return first ? toListed({ partitionKey, createdAt: first.createdAt }, rows) : null;
};

/** The cursor: the sort columns of the last answer given, with the order they belong to. */
export const encodeCursor = (order: AnswerOrder, h: AnswerHead): string => Buffer.from(JSON.stringify([order, h.createdAt, h.partitionKey])).toString('base64url');

export const decodeCursor = (order: AnswerOrder, cursor: string | undefined): AnswerHead | null => {
  if (cursor === undefined || cursor === '') return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 3 && v[0] === order && typeof v[1] === 'string' && typeof v[2] === 'string') return { createdAt: v[1], partitionKey: v[2] };
  } catch {
    // answered below
  }
  throw refuse('bad_request', { path: 'query.cursor', message: 'cursor が読めません' });
};

export interface AnswerPageOf {
  answers: ListedAnswer[];
  /** Where the next page starts; null at the end. */
  next: AnswerHead | null;
}

export const answerPage = async (
  db: Db,
  config: Pick<ServedSurveyConfig, 'surveyId' | 'surveySchema'>,
  filter: AnswerFilter,
  a: { order: AnswerOrder; after: AnswerHead | null; limit: number },
): Promise<AnswerPageOf> => {
  const heads = headFilterOf(config, filter);
  const matches = foldedMatcher(filter);
  const found: ListedAnswer[] = [];
  let after = a.after;
  let scanned = 0;
  for (;;) {
    const want = matches ? SCAN_BATCH : a.limit + 1 - found.length;
    const batch = await readHeads(db, config.surveyId, heads, { order: a.order, after, limit: want });
    // One more than the page says whether a next page exists; its rows are not read.
    const page = matches ? batch : batch.slice(0, a.limit - found.length);
    for (const answer of await answersOf(db, config.surveyId, page)) {
      if (matches && !matches(answer)) continue;
      found.push(answer);
      if (found.length > a.limit) break;
    }
    if (!matches) return { answers: found, next: batch.length > page.length ? (page.at(-1) ?? null) : null };
    if (found.length > a.limit) {
      const last = found[a.limit - 1] as ListedAnswer;
      return { answers: found.slice(0, a.limit), next: { createdAt: last.createdAt, partitionKey: last.partitionKey } };
    }
    scanned += batch.length;
    const end = batch.at(-1);
    if (batch.length < want || !end) return { answers: found, next: null };
    if (scanned >= SCAN_CAP) return { answers: found, next: end };
    after = end;
  }
};

/** Rows read per round of an unnarrowed export: about a thousand answers of a 20-item form. */
const EXPORT_ROWS = 20_000;

/** Contiguous rows of one answer each (rowsInOrder's order), each answer's rows by sort key. */
const groupRows = (rows: readonly AnswerRowOfList[]): ListedAnswer[] => {
  const out: ListedAnswer[] = [];
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i < rows.length && (rows[i] as AnswerRowOfList).partitionKey === (rows[start] as AnswerRowOfList).partitionKey) continue;
    const own = rows.slice(start, i).sort((x, y) => (x.sortKey < y.sortKey ? -1 : x.sortKey > y.sortKey ? 1 : 0));
    const first = own[0] as AnswerRowOfList;
    out.push(toListed({ partitionKey: first.partitionKey, createdAt: first.createdAt }, own));
    start = i;
  }
  return out;
};

/**
 * Every answer the filter matches, in keyset order, in batches: what an export feeds its writer
 * from, one batch at a time so memory stays flat. With no status or item narrowing it is one range
 * scan of rows (rowsInOrder; `batch`: rows per round); with them, heads then their rows, as a page
 * reads them (`batch`: answers per round).
 */
export async function* iterateAnswers(
  db: Db,
  config: Pick<ServedSurveyConfig, 'surveyId' | 'surveySchema'>,
  filter: AnswerFilter,
  a: { order?: AnswerOrder; batch?: number } = {},
): AsyncGenerator<ListedAnswer[]> {
  const order = a.order ?? 'oldest';
  const size = a.batch ?? SCAN_BATCH;
  const heads = headFilterOf(config, filter);
  const matches = foldedMatcher(filter);
  const keep = (answers: ListedAnswer[]) => answers.filter((x) => !matches || matches(x));
  let after: AnswerHead | null = null;
  if (heads.statuses.length === 0 && heads.keys.length === 0) {
    const limit = a.batch ?? EXPORT_ROWS;
    for (;;) {
      const rows = await rowsInOrder(db, config.surveyId, heads, { order, after, limit });
      const full = rows.length === limit;
      let answers = groupRows(rows);
      // A full round may have cut its last answer short: read that one on the next round, or, when
      // it is the only one, whole by its key.
      if (full && answers.length > 1) answers = answers.slice(0, -1);
      else if (full) answers = await answersOf(db, config.surveyId, answers.map((x) => ({ partitionKey: x.partitionKey, createdAt: x.createdAt })));
      const found = keep(answers);
      if (found.length > 0) yield found;
      const end = answers.at(-1);
      if (!full || !end) return;
      after = { partitionKey: end.partitionKey, createdAt: end.createdAt };
    }
  }
  for (;;) {
    const batch = await readHeads(db, config.surveyId, heads, { order, after, limit: size });
    const found = keep(await answersOf(db, config.surveyId, batch));
    if (found.length > 0) yield found;
    const end = batch.at(-1);
    if (batch.length < size || !end) return;
    after = end;
  }
}

/** The display values of these items of an answer, by itemKey (an item without a value is left out). */
export const columnValues = async (
  config: Pick<ServedSurveyConfig, 'surveySchema'>,
  answer: Pick<ListedAnswer, 'rows'>,
  columns: readonly string[],
  places: PlaceReader,
): Promise<Record<string, string>> => {
  const out: Record<string, string> = {};
  for (const itemKey of columns) {
    const values = answer.rows.filter((r) => r.itemKey === itemKey).map((r) => r.value);
    if (values.length === 0) continue;
    const shown = await displayValueOf(config.surveySchema.find((i) => i.itemKey === itemKey), values, places);
    if (shown !== '') out[itemKey] = shown;
  }
  return out;
};
