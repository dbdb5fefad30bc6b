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
import { readHeads, rowsOfAnswers, type AnswerHead, type AnswerOrder, type AnswerRowOfList } from '../store/answer-heads';
import { answerValuesInOrder, answerValuesOf, type AnswerValues } from '../store/answer-values';
import { foldedMatcher, headFilterOf, type AnswerFilter } from './answer-filter';
import { columnReader, type PlaceReader } from './answer-display';

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

/** The answer's status from its rows' (each distinct one read once: the rows nearly always agree). */
const statusOfChecks = (checks: Iterable<string>): CheckStatus =>
  answerStatusOf([...new Set(checks)].map((c) => checkStatusSchema.safeParse(c).data ?? '未対応'));

const toListed = (head: AnswerHead, rows: AnswerRowOfList[]): ListedAnswer => ({
  partitionKey: head.partitionKey,
  userId: rows[0]?.userId ?? '',
  answerCode: rows.find((r) => r.answerCode)?.answerCode ?? null,
  status: statusOfChecks(rows.map((r) => r.check)),
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

/** An answer as an export writes it: its code, status, received instant and item values. */
export interface AnswerWithValues {
  partitionKey: string;
  answerCode: string | null;
  status: CheckStatus;
  createdAt: string;
  /** By sort key (code units), as a page lists them. */
  rows: { sortKey: string; itemKey: string; value: string }[];
}

const byCodeUnits = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

const withValues = (v: AnswerValues): AnswerWithValues => {
  // One pass: the rows, and whether they came sorted already.
  const rows: AnswerWithValues['rows'] = new Array(v.values.length);
  let sorted = true;
  for (let i = 0; i < v.values.length; i++) {
    const itemKey = v.itemKeys[i] as string;
    rows[i] = { sortKey: v.sortKeys[i] ?? itemKey, itemKey, value: v.values[i] as string };
    if (i > 0 && (rows[i] as { sortKey: string }).sortKey < (rows[i - 1] as { sortKey: string }).sortKey) sorted = false;
  }
  if (!sorted) rows.sort((x, y) => byCodeUnits(x.sortKey, y.sortKey));
  return { partitionKey: v.partitionKey, answerCode: v.answerCode, status: statusOfChecks(v.checks), createdAt: v.createdAt, rows };
};

/**
 * Every answer the filter matches, in keyset order, in batches: what an export feeds its writer
 * from, one batch at a time so memory stays flat. With no status or item narrowing it is a range
 * of the form's rows, each answer aggregated by the engine (store/answer-values.ts; `rows` per
 * round, 20,000 by default: about a thousand answers of a 20-item form); with them, heads then
 * those answers (`answers` per round).
 */
export async function* iterateAnswers(
  db: Db,
  config: Pick<ServedSurveyConfig, 'surveyId' | 'surveySchema'>,
  filter: AnswerFilter,
  a: { order?: AnswerOrder; answers?: number; rows?: number } = {},
): AsyncGenerator<AnswerWithValues[]> {
  const order = a.order ?? 'oldest';
  const heads = headFilterOf(config, filter);
  const matches = foldedMatcher(filter);
  const keep = (answers: AnswerWithValues[]) => (matches ? answers.filter(matches) : answers);
  let after: AnswerHead | null = null;
  if (heads.statuses.length === 0 && heads.keys.length === 0) {
    const read = (from: AnswerHead | null) => {
      const p = answerValuesInOrder(db, config.surveyId, heads, { order, after: from, rows: a.rows ?? 20_000 });
      // Awaited below; a read still running when the export stops must not fail unhandled.
      p.catch(() => undefined);
      return p;
    };
    // One round ahead: PostgreSQL reads the next batch while this one is written out.
    for (let next = read(null); ; ) {
      const round = await next;
      const end = round.answers.at(-1);
      const more = !round.end && end !== undefined;
      if (more) next = read({ partitionKey: end.partitionKey, createdAt: end.createdAt });
      const found = keep(round.answers.map(withValues));
      if (found.length > 0) yield found;
      if (!more) return;
    }
  }
  const size = a.answers ?? SCAN_BATCH;
  for (;;) {
    const batch = await readHeads(db, config.surveyId, heads, { order, after, limit: size });
    const values = new Map((await answerValuesOf(db, config.surveyId, batch.map((h) => h.partitionKey))).map((v) => [v.partitionKey, v] as const));
    const found = keep(batch.flatMap((h) => {
      const v = values.get(h.partitionKey);
      return v ? [withValues(v)] : [];
    }));
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
  const shown = await columnReader(config, columns, places)(answer);
  const out: Record<string, string> = {};
  columns.forEach((k, i) => {
    if (shown[i] !== '') out[k] = shown[i] as string;
  });
  return out;
};
