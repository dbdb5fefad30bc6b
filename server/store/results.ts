/**
 * Data access for survey result rows (spec 01 §3). Every read takes the user id: there is no query
 * here that could hand one resident another's rows. Writes take the caller's transaction so a
 * route can make one submission one transaction.
 */
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { checkStatusSchema, type CheckStatus, type ResultRow } from '@core/contract/survey';
import { foldForMatch } from '@core/ja/fold';
import { engineOf } from './engine';
import { configStampSql } from './configs';
import { compiled } from './compiled';
import type { Database, ResultRowColumns, SurveyResultTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;
export type NewResultRow = Insertable<SurveyResultTable>;

export const toResultRow = (r: Selectable<ResultRowColumns>): ResultRow => ({
  surveyId: r.survey_id,
  userId: r.user_id,
  partitionKey: r.partition_key,
  sortKey: r.sort_key,
  itemKey: r.item_key,
  value: r.value,
  title: r.title,
  type: r.type,
  check: checkStatusSchema.parse(r.check_status),
  userSearchKey: r.user_search_key,
  isLiffMode: Number(r.is_liff_mode) === 1,
  registrantName: r.registrant_name,
  userName: r.user_name,
  clinicAttributes: r.clinic_attributes,
  answerCode: r.answer_code,
  isAppending: Number(r.is_appending) === 1,
  status: r.status,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const userRows = (db: Db, surveyId: string, userId: string) =>
  db.selectFrom('survey_results').select(RESULT_COLUMNS).where('survey_id', '=', surveyId).where('user_id', '=', userId);

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Oldest answer first, then by key. Sorted here rather than in SQL: PostgreSQL orders text by the
 * database's collation and SQLite by bytes, and both engines must answer the same list.
 */
const ordered = async (q: ReturnType<typeof userRows>): Promise<ResultRow[]> =>
  (await q.execute())
    .map(toResultRow)
    .sort((a, b) => byCodeUnits(a.createdAt, b.createdAt) || byCodeUnits(a.partitionKey, b.partitionKey) || byCodeUnits(a.sortKey, b.sortKey));

export const listUserRows = async (db: Db, surveyId: string, userId: string): Promise<ResultRow[]> =>
  ordered(userRows(db, surveyId, userId));

/** The partition's rows if it is this user's in this survey; empty otherwise (the caller answers 404). */
export const listUserPartition = async (
  db: Db,
  surveyId: string,
  userId: string,
  partitionKey: string,
): Promise<ResultRow[]> =>
  ordered(userRows(db, surveyId, userId).where('partition_key', '=', partitionKey));

/** Whose answer of this form the partition key is; null when the form has no such answer. */
export const ownerOfPartition = async (db: Db, surveyId: string, partitionKey: string): Promise<string | null> =>
  (await db.selectFrom('survey_results').select('user_id').where('survey_id', '=', surveyId).where('partition_key', '=', partitionKey).limit(1).executeTakeFirst())
    ?.user_id ?? null;

/** Whether any row, anyone's, uses this partition key (new keys must not collide). */
export const partitionKeyTaken = async (db: Db, partitionKey: string): Promise<boolean> =>
  (await db.selectFrom('survey_results').select('sort_key').where('partition_key', '=', partitionKey).limit(1).executeTakeFirst()) !==
  undefined;

/**
 * The user's partitions in which every condition (itemKey → value) has a row whose value is the
 * same once folded (core/ja/fold.ts: width, case, spaces, dashes), answered as all their rows.
 * Matched here rather than in SQL: the rows are one resident's in one survey, and folding in Node
 * behaves the same whichever engine stored them (SQLite and PostgreSQL share no NFKC).
 */
export const filterUserRows = async (
  db: Db,
  surveyId: string,
  userId: string,
  conditions: Readonly<Record<string, string>>,
  keyOf: SearchKeyOf = defaultKeyOf,
): Promise<ResultRow[]> => rowsMatching(await listUserRows(db, surveyId, userId), conditions, keyOf);

/** A condition's or a stored value's search key (core/rules/search-match.ts searchKeysOf). */
export type SearchKeyOf = (itemKey: string, value: string) => string;
const defaultKeyOf: SearchKeyOf = (_itemKey, value) => foldForMatch(value);

/** The rows of the partitions in which every condition (itemKey → its search key) has a row. */
export const rowsMatching = <R extends Pick<ResultRow, 'partitionKey' | 'itemKey' | 'value'>>(
  rows: readonly R[],
  conditions: Readonly<Record<string, string>>,
  keyOf: SearchKeyOf = defaultKeyOf,
): R[] => {
  const wanted = Object.entries(conditions).map(([itemKey, value]) => [itemKey, keyOf(itemKey, value)] as const);
  const met = new Map<string, Set<string>>();
  for (const r of rows) {
    for (const [itemKey, folded] of wanted) {
      if (r.itemKey !== itemKey || keyOf(itemKey, r.value) !== folded) continue;
      const keys = met.get(r.partitionKey) ?? new Set<string>();
      keys.add(itemKey);
      met.set(r.partitionKey, keys);
    }
  }
  return rows.filter((r) => (met.get(r.partitionKey)?.size ?? 0) === wanted.length);
};

/** Scope: ANSWER_CODES_SCOPE, SQLite only (nextAnswerCode). The last answer code given. */
export const ANSWER_CODE_COUNTER = 'answer_code';
/** Scope: a single-answer partition key. How many times it was written. */
export const REVISION_COUNTER = 'revision';
/**
 * Scope: `surveyId#userId`. A per-resident lock for appending answers, whose value is the
 * millisecond of the resident's last appending partition key (claimCounter's `atLeast`).
 */
export const RESIDENT_COUNTER = 'resident';

export interface CounterClaim {
  value: number;
  /** The stamp of the survey's stored config (store/configs.ts configStampSql); null when there is none. */
  configStamp: string | null;
}

/** The claim's statement, by shape: with atLeast, with the config stamp. */
const counterClaimShape = (withAtLeast: boolean, withStamp: boolean) =>
  compiled((db: Kysely<Database>, a: { scope: string; name: string; atLeast: number; surveyId: string }) =>
    db
      .insertInto('counters')
      .values({ scope: a.scope, name: a.name, value: withAtLeast ? a.atLeast : 1 })
      .onConflict((oc) =>
        oc.columns(['scope', 'name']).doUpdateSet({
          value: withAtLeast
            ? sql<number>`case when counters.value + 1 > ${a.atLeast} then counters.value + 1 else ${a.atLeast} end`
            : sql<number>`counters.value + 1`,
        }),
      )
      .returning(['value', (withStamp ? configStampSql(a.surveyId) : sql<string | null>`null`).as('config_stamp')]),
  );
const counterClaims = new Map<string, ReturnType<typeof counterClaimShape>>();
const counterClaimOf = (withAtLeast: boolean, withStamp: boolean) => {
  const shape = `${withAtLeast}|${withStamp}`;
  let claim = counterClaims.get(shape);
  if (!claim) counterClaims.set(shape, (claim = counterClaimShape(withAtLeast, withStamp)));
  return claim;
};

/**
 * Claims the next value of a counter in one conditional statement: concurrent claims serialise
 * on the counter row (PostgreSQL row lock, SQLite's write lock), so no two claims get the same
 * value. On PostgreSQL the lock is held to commit, which also serialises what the caller does next
 * in the same transaction for this scope.
 * - `atLeast`: the value is the greater of the next one and this (a clock reading: values stay
 *   unique and increasing, and follow the clock while it moves on).
 * - `configStampOf`: the statement also reads that survey's config stamp, which a write checked
 *   against a cached config confirms with the statement it makes first anyway (no round trip).
 */
export interface CounterClaimOptions {
  atLeast?: number;
  configStampOf?: string;
}

export const claimCounterWith = async (trx: Transaction<Database>, scope: string, name: string, opts: CounterClaimOptions = {}): Promise<CounterClaim> => {
  const { atLeast, configStampOf } = opts;
  const claim = counterClaimOf(atLeast !== undefined, configStampOf !== undefined);
  const [row] = (await claim.run(trx, { scope, name, atLeast: atLeast ?? 1, surveyId: configStampOf ?? '' })) as {
    value: unknown;
    config_stamp: string | null;
  }[];
  if (!row) throw new Error(`claimCounter ${scope} ${name}: no row`);
  return { value: Number(row.value), configStamp: row.config_stamp };
};

export const claimCounter = async (trx: Transaction<Database>, scope: string, name: string): Promise<number> =>
  (await claimCounterWith(trx, scope, name)).value;

/** An answer's row before its code and times are set. */
export type CodelessRow = Omit<Selectable<SurveyResultTable>, 'answer_code' | 'created_at' | 'updated_at'>;

/** Every column of an answer's row but its code and times; a CodelessRow has exactly these. */
export const CODELESS_COLUMNS = [
  'partition_key',
  'sort_key',
  'survey_id',
  'user_id',
  'item_key',
  'value',
  'title',
  'type',
  'check_status',
  'user_search_key',
  'is_liff_mode',
  'registrant_name',
  'user_name',
  'clinic_attributes',
  'is_appending',
  'status',
  'search_key',
] as const satisfies readonly (keyof CodelessRow)[];
// A column missing above fails to compile here, naming it.
type MissingColumn = Exclude<keyof CodelessRow, (typeof CODELESS_COLUMNS)[number]>;
const everyColumnListed: [MissingColumn] extends [never] ? true : MissingColumn = true;
void everyColumnListed;

/** Every column of an answer's row, as reads list them. */
const RESULT_COLUMNS = [...CODELESS_COLUMNS, 'answer_code', 'created_at', 'updated_at'] as const;

/**
 * The next answer code (spec 01: each appending answer gets its own 受付番号). Codes are unique
 * and increasing across every survey of the database, not numbered per survey, and may have gaps.
 * PostgreSQL takes them from the sequence answer_codes (migration 0008): nextval locks nothing and
 * is not rolled back, so a write that is refused after drawing its code leaves a gap. SQLite has
 * no sequences: one counter row, which the database-wide write lock serialises anyway.
 */
export const nextAnswerCode = async (trx: Transaction<Database>): Promise<string> =>
  engineOf(trx) === 'postgres'
    ? ((await answerCodeFromSequence.run(trx, { sequence: ANSWER_CODE_SEQUENCE }))[0] as { code: string }).code
    : String(await claimCounter(trx, ANSWER_CODES_SCOPE, ANSWER_CODE_COUNTER));

/** The scope of the one answer-code counter row on SQLite. */
export const ANSWER_CODES_SCOPE = '';

const answerCodeFromSequence = compiled((db: Kysely<Database>, a: { sequence: string }) =>
  sql<{ code: string }>`select nextval(${a.sequence}::regclass)::text as code`.compile(db),
);
export const ANSWER_CODE_SEQUENCE = 'answer_codes';

export const insertRows = async (trx: Transaction<Database>, rows: readonly NewResultRow[]): Promise<void> => {
  // Chunked: SQLite caps bound parameters per statement (19 columns × 2000 rows would exceed it).
  for (let i = 0; i < rows.length; i += 200) {
    await trx.insertInto('survey_results').values(rows.slice(i, i + 200)).execute();
  }
};

export const deletePartition = async (trx: Transaction<Database>, surveyId: string, userId: string, partitionKey: string): Promise<number> => {
  const r = await trx
    .deleteFrom('survey_results')
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .where('partition_key', '=', partitionKey)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
};

export const setPartitionCheck = async (
  trx: Transaction<Database>,
  surveyId: string,
  userId: string,
  partitionKey: string,
  check: CheckStatus,
  now: string,
  extra: { isAppending?: boolean } = {},
): Promise<number> => {
  const r = await trx
    .updateTable('survey_results')
    .set({
      check_status: check,
      updated_at: now,
      ...(extra.isAppending === undefined ? {} : { is_appending: extra.isAppending ? 1 : 0 }),
    })
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .where('partition_key', '=', partitionKey)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
};

/**
 * Gives one row of a form's answers (or of a member form's records) to the user when it is unowned
 * ('') or already theirs. Answers false when the row is missing or someone else's, so the caller
 * can refuse the whole request.
 */
export const claimRowForUser = async (
  trx: Transaction<Database>,
  table: 'survey_results' | 'member_results',
  key: { partitionKey: string; sortKey: string },
  userId: string,
  now: string,
): Promise<boolean> => {
  const r = await trx
    .updateTable(table)
    .set({ user_id: userId, updated_at: now })
    .where('partition_key', '=', key.partitionKey)
    .where('sort_key', '=', key.sortKey)
    .where((eb) => eb.or([eb('user_id', '=', ''), eb('user_id', '=', userId)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** Sets the answer's `status` column (a temporary save's 'temporary', null once saved). */
export const setPartitionStatus = async (
  trx: Transaction<Database>,
  q: { surveyId: string; userId: string; partitionKey: string },
  status: string | null,
  now: string,
): Promise<void> => {
  await trx
    .updateTable('survey_results')
    .set({ status, updated_at: now })
    .where('survey_id', '=', q.surveyId)
    .where('user_id', '=', q.userId)
    .where('partition_key', '=', q.partitionKey)
    .execute();
};
