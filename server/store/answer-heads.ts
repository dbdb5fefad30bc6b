/**
 * The console's reads of a form's answers, all residents' (unlike results.ts). An answer is many
 * rows sharing one partition key and one created_at (the write sets both for every row); its
 * "head" is that pair, read grouped from the index (survey_id, created_at, partition_key, …) of
 * migration 0027 in keyset order, so a page reads about as many index entries as its answers hold
 * rows, however many answers the form has. The cursor compares in SQL with the ORDER BY's own
 * collation, so each engine pages consistently.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SurveyResultTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface AnswerHead {
  partitionKey: string;
  createdAt: string;
}

/**
 * What SQL narrows. The free text narrows to the answers that may hold it: a row whose key holds
 * the folded text, a row of an item whose key is not its value folded (`loose`: phone, search),
 * or with no key (too long to keep); the caller's fold of every value then decides.
 */
export interface HeadFilter {
  statuses: readonly string[];
  /** Instants (ISO UTC): created_at ≥ since and < until. */
  since: string | null;
  until: string | null;
  reservationDay: string | null;
  /** Searchable items' folded conditions (store/search-key.ts): a row of the item with that key. */
  keys: readonly { itemKey: string; key: string | null }[];
  text: { like: string; loose: readonly string[] } | null;
}

/** A LIKE pattern (escape '\\') for a key holding `folded` anywhere, with its own %, _ and backslashes as they are. */
export const containsPattern = (folded: string): string => `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type AnswerOrder = 'newest' | 'oldest';

export const readHeads = async (
  db: Db,
  surveyId: string,
  f: HeadFilter,
  a: { order: AnswerOrder; after: AnswerHead | null; limit: number },
): Promise<AnswerHead[]> => {
  const dir = a.order === 'newest' ? 'desc' : 'asc';
  let q = db.selectFrom('survey_results as h').select(['h.partition_key', 'h.created_at']).where('h.survey_id', '=', surveyId);
  // The first item condition picks the rows the heads are read from (index survey_results_search_key,
  // in keyset order); any other is a row of the same answer.
  const [first, ...others] = f.keys;
  if (first) q = q.where('h.item_key', '=', first.itemKey).where('h.search_key', '=', first.key);
  for (const k of others) {
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('survey_results as s').select('s.sort_key').whereRef('s.partition_key', '=', 'h.partition_key').where('s.item_key', '=', k.itemKey).where('s.search_key', '=', k.key)),
    );
  }
  const text = f.text;
  if (text) {
    q = q.where((eb) =>
      eb.or([
        eb(sql`h.answer_code`, 'like', sql`${text.like} escape '\\'`),
        eb.exists(
          eb
            .selectFrom('survey_results as t')
            .select('t.sort_key')
            .whereRef('t.partition_key', '=', 'h.partition_key')
            .where((tb) =>
              tb.or([
                tb(sql`t.search_key`, 'like', sql`${text.like} escape '\\'`),
                tb('t.search_key', 'is', null),
                ...(text.loose.length > 0 ? [tb('t.item_key', 'in', [...text.loose])] : []),
              ]),
            ),
        ),
      ]),
    );
  }
  if (f.statuses.length > 0) q = q.where('h.check_status', 'in', [...f.statuses]);
  if (f.since !== null) q = q.where('h.created_at', '>=', f.since);
  if (f.until !== null) q = q.where('h.created_at', '<', f.until);
  if (f.reservationDay !== null) {
    const day = f.reservationDay;
    q = q.where('h.partition_key', 'in', (eb) =>
      eb.selectFrom('reservations').select('reservations.partition_key').where('reservations.survey_id', '=', surveyId).where('reservations.day', '=', day),
    );
  }
  const after = a.after;
  if (after) {
    q = q.where((eb) => eb(eb.refTuple('h.created_at', 'h.partition_key'), a.order === 'newest' ? '<' : '>', eb.tuple(after.createdAt, after.partitionKey)));
  }
  const rows = await q.groupBy(['h.created_at', 'h.partition_key']).orderBy('h.created_at', dir).orderBy('h.partition_key', dir).limit(a.limit).execute();
  return rows.map((r) => ({ partitionKey: r.partition_key, createdAt: r.created_at }));
};

export interface AnswerRowOfList {
  partitionKey: string;
  sortKey: string;
  userId: string;
  itemKey: string;
  value: string;
  title: string;
  check: string;
  answerCode: string | null;
  registrantName: string;
  createdAt: string;
  updatedAt: string;
}

type ListColumns = Pick<SurveyResultTable, 'partition_key' | 'sort_key' | 'user_id' | 'item_key' | 'value' | 'title' | 'check_status' | 'answer_code' | 'registrant_name' | 'created_at' | 'updated_at'>;

const rowOfList = (r: ListColumns): AnswerRowOfList => ({
  partitionKey: r.partition_key,
  sortKey: r.sort_key,
  userId: r.user_id,
  itemKey: r.item_key,
  value: r.value,
  title: r.title,
  check: r.check_status,
  answerCode: r.answer_code,
  registrantName: r.registrant_name,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The rows of these answers of the form, by partition key then sort key (sorted here: the engines' collations differ). */
export const rowsOfAnswers = async (db: Db, surveyId: string, partitionKeys: readonly string[]): Promise<AnswerRowOfList[]> => {
  if (partitionKeys.length === 0) return [];
  const rows = await db
    .selectFrom('survey_results')
    .select(['partition_key', 'sort_key', 'user_id', 'item_key', 'value', 'title', 'check_status', 'answer_code', 'registrant_name', 'created_at', 'updated_at'])
    .select('survey_id')
    .where('partition_key', 'in', [...partitionKeys])
    .execute();
  // The form is matched here, not in SQL: with survey_id in the WHERE, SQLite's planner walks the
  // form's index (every row of the form) instead of the primary key's lookups of these keys.
  const own = rows.filter((r) => r.survey_id === surveyId);
  own.sort((x, y) => byCodeUnits(x.partition_key, y.partition_key) || byCodeUnits(x.sort_key, y.sort_key));
  return own.map(rowOfList);
};

export interface FormCounts {
  byStatus: Record<string, number>;
  total: number;
  lastSevenDays: number;
}

/** Answers (and bed stays) per status and those received since `since`, for these forms, in grouped queries. */
export const answerCounts = async (db: Db, surveyIds: readonly string[], since: string): Promise<Map<string, FormCounts>> => {
  const out = new Map<string, FormCounts>();
  if (surveyIds.length === 0) return out;
  const rows = await db
    .selectFrom('survey_results')
    .select([
      'survey_id',
      'check_status',
      (eb) => eb.fn.count<number | string>('partition_key').distinct().as('n'),
      sql<number | string>`count(distinct case when created_at >= ${since} then partition_key end)`.as('recent'),
    ])
    .where('survey_id', 'in', [...surveyIds])
    .groupBy(['survey_id', 'check_status'])
    .execute();
  // A bed form's answers are its stays, one row each in their own table.
  const stays = await db
    .selectFrom('bed_stays')
    .select(['survey_id', 'check_status', (eb) => eb.fn.countAll<number | string>().as('n'), sql<number | string>`count(case when created_at >= ${since} then 1 end)`.as('recent')])
    .where('survey_id', 'in', [...surveyIds])
    .groupBy(['survey_id', 'check_status'])
    .execute();
  for (const r of [...rows, ...stays]) {
    const c = out.get(r.survey_id) ?? { byStatus: {}, total: 0, lastSevenDays: 0 };
    c.byStatus[r.check_status] = (c.byStatus[r.check_status] ?? 0) + Number(r.n);
    c.total += Number(r.n);
    c.lastSevenDays += Number(r.recent);
    out.set(r.survey_id, c);
  }
  return out;
};

/**
 * The 取り消し records this answer replaced: an amend marks the old answer 取り消し at the instant
 * the successor is created (answers/write/supersede.ts), so the old one's updated_at is the new
 * one's created_at. Ended records change no more, so the link holds.
 */
export const supersededBy = async (db: Db, surveyId: string, userId: string, createdAt: string): Promise<AnswerHead[]> => {
  const rows = await db
    .selectFrom('survey_results')
    .select(['partition_key', 'created_at'])
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .where('check_status', '=', '取り消し')
    .where('updated_at', '=', createdAt)
    .groupBy(['partition_key', 'created_at'])
    .execute();
  return rows.map((r) => ({ partitionKey: r.partition_key, createdAt: r.created_at }));
};
