/**
 * An export's read of a form's answers (issue 57): one result row per answer, its rows' sort keys,
 * item keys and values aggregated by the engine as three JSON lists of strings (json_group_array,
 * json_agg). Read row by row, a 20-item answer cost the driver 20 rows of 11 columns: about 6 s per
 * million rows on either engine, most of an export's time (bench export); aggregated, three
 * strings per answer, flat lists being cheaper to build and parse than a list of triples.
 *
 * A batch is bounded in rows, not answers: its end is found first by walking the (survey_id,
 * created_at, partition_key) index `rows` entries ahead (ORDER BY … OFFSET, answered from the
 * index on both engines), then the GROUP BY reads only up to that answer, whole. So no plan can
 * aggregate the rest of the form for one batch (PostgreSQL without statistics hashed everything
 * past the cursor for each batch of a GROUP BY … LIMIT).
 */
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { AnswerHead, AnswerOrder, HeadFilter } from './answer-heads';
import { engineOf } from './engine';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface AnswerValues {
  partitionKey: string;
  createdAt: string;
  answerCode: string | null;
  /** The distinct statuses of its rows (one, but for an answer whose rows disagree). */
  checks: string[];
  /** Each row's sort key (null: its item key), item key and value, at one index per row, in no order. */
  sortKeys: (string | null)[];
  itemKeys: string[];
  values: string[];
}

type Range = Omit<HeadFilter, 'statuses' | 'keys' | 'text'>;
type Eb = ExpressionBuilder<Database & { h: Database['survey_results'] }, 'h'>;

// The sort key only where it is not the item key (a checkbox's rows): the lists hold values and
// little else. The status is the answer's (min = max nearly always).
const lists = (db: Db) =>
  engineOf(db) === 'sqlite'
    ? ([sql<string>`json_group_array(nullif(h.sort_key, h.item_key))`, sql<string>`json_group_array(h.item_key)`, sql<string>`json_group_array(h.value)`] as const)
    : ([sql<string>`json_agg(nullif(h.sort_key, h.item_key))::text`, sql<string>`json_agg(h.item_key)::text`, sql<string>`json_agg(h.value)::text`] as const);

/** The form's rows in the range, past `after` and up to `upTo` (both in keyset order). */
const within = (surveyId: string, f: Range, order: AnswerOrder, after: AnswerHead | null, upTo: AnswerHead | null) => (eb: Eb) => {
  const past = order === 'newest' ? '<' : '>';
  const notPast = order === 'newest' ? '>=' : '<=';
  const head = eb.refTuple('h.created_at', 'h.partition_key');
  const day = f.reservationDay;
  return eb.and([
    eb('h.survey_id', '=', surveyId),
    ...(f.since === null ? [] : [eb('h.created_at', '>=', f.since)]),
    ...(f.until === null ? [] : [eb('h.created_at', '<', f.until)]),
    ...(day === null
      ? []
      : [eb('h.partition_key', 'in', eb.selectFrom('reservations').select('reservations.partition_key').where('reservations.survey_id', '=', surveyId).where('reservations.day', '=', day))]),
    ...(after ? [eb(head, past, eb.tuple(after.createdAt, after.partitionKey))] : []),
    ...(upTo ? [eb(head, notPast, eb.tuple(upTo.createdAt, upTo.partitionKey))] : []),
  ]);
};

interface Aggregated {
  partition_key: string;
  created_at: string;
  answer_code: string | null;
  lo: string;
  hi: string;
  sort_keys: string;
  item_keys: string;
  row_values: string;
}

/** The answers as read; those whose rows' statuses disagree get them all, in one more query. */
const valuesOf = async (db: Db, read: readonly Aggregated[]): Promise<AnswerValues[]> => {
  const mixed = read.filter((r) => r.lo !== r.hi).map((r) => r.partition_key);
  const checks = new Map<string, Set<string>>();
  if (mixed.length > 0) {
    for (const r of await db.selectFrom('survey_results').select(['partition_key', 'check_status']).where('partition_key', 'in', mixed).execute()) {
      checks.set(r.partition_key, (checks.get(r.partition_key) ?? new Set()).add(r.check_status));
    }
  }
  return read.map((r) => ({
    partitionKey: r.partition_key,
    createdAt: r.created_at,
    answerCode: r.answer_code,
    checks: r.lo === r.hi ? [r.lo] : [...(checks.get(r.partition_key) ?? [r.lo, r.hi])],
    // One order for the three lists: each aggregate reads the group's rows in the same order.
    sortKeys: JSON.parse(r.sort_keys) as AnswerValues['sortKeys'],
    itemKeys: JSON.parse(r.item_keys) as string[],
    values: JSON.parse(r.row_values) as string[],
  }));
};

const aggregates = (db: Db) => {
  const [sortKeys, itemKeys, values] = lists(db);
  return [
    sql<string | null>`max(h.answer_code)`.as('answer_code'),
    sql<string>`min(h.check_status)`.as('lo'),
    sql<string>`max(h.check_status)`.as('hi'),
    sortKeys.as('sort_keys'),
    itemKeys.as('item_keys'),
    values.as('row_values'),
  ] as const;
};

/**
 * The answers past `after` in keyset order, about `rows` rows of them (the last answer whole);
 * fewer answers than a full batch only at the end, where `end` is true.
 */
export const answerValuesInOrder = async (
  db: Db,
  surveyId: string,
  f: Range,
  a: { order: AnswerOrder; after: AnswerHead | null; rows: number },
): Promise<{ answers: AnswerValues[]; end: boolean }> => {
  const dir = a.order === 'newest' ? 'desc' : 'asc';
  const bound = await db
    .selectFrom('survey_results as h')
    .select(['h.created_at', 'h.partition_key'])
    .where(within(surveyId, f, a.order, a.after, null))
    .orderBy('h.created_at', dir)
    .orderBy('h.partition_key', dir)
    .limit(1)
    .offset(a.rows - 1)
    .executeTakeFirst();
  const upTo = bound ? { createdAt: bound.created_at, partitionKey: bound.partition_key } : null;
  const rows = await db
    .selectFrom('survey_results as h')
    .select(['h.partition_key', 'h.created_at', ...aggregates(db)])
    .where(within(surveyId, f, a.order, a.after, upTo))
    .groupBy(['h.created_at', 'h.partition_key'])
    .orderBy('h.created_at', dir)
    .orderBy('h.partition_key', dir)
    .execute();
  return { answers: await valuesOf(db, rows), end: upTo === null };
};

/** These answers of the form by partition key, in no order (an answer with no rows left is absent). */
export const answerValuesOf = async (db: Db, surveyId: string, partitionKeys: readonly string[]): Promise<AnswerValues[]> => {
  if (partitionKeys.length === 0) return [];
  const rows = await db
    .selectFrom('survey_results as h')
    .select(['h.partition_key', 'h.created_at', 'h.survey_id', ...aggregates(db)])
    .where('h.partition_key', 'in', [...partitionKeys])
    .groupBy(['h.partition_key', 'h.created_at', 'h.survey_id'])
    .execute();
  // The form matched here, as store/answer-heads.ts rowsOfAnswers does: by primary key lookups.
  return valuesOf(db, rows.filter((r) => r.survey_id === surveyId));
};
