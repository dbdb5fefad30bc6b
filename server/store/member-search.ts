/**
 * The console's reads of a member form's records (all residents', unlike members.ts): the rows
 * the member search compares, one record's rows, and a resident's answers on the linked forms.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface MemberSearchRow {
  partitionKey: string;
  userId: string;
  itemKey: string;
  value: string;
  status: string;
  createdAt: string;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every row of the member form, by partition key then sort key (sorted here: the engines' collations differ). */
export const memberFormRows = async (db: Db, surveyId: string): Promise<MemberSearchRow[]> => {
  const rows = await db
    .selectFrom('member_results')
    .select(['partition_key', 'sort_key', 'user_id', 'item_key', 'value', 'check_status', 'created_at'])
    .where('survey_id', '=', surveyId)
    .execute();
  rows.sort((a, b) => byCodeUnits(a.partition_key, b.partition_key) || byCodeUnits(a.sort_key, b.sort_key));
  return rows.map((r) => ({ partitionKey: r.partition_key, userId: r.user_id, itemKey: r.item_key, value: r.value, status: r.check_status, createdAt: r.created_at }));
};

/** How many records each member form holds. */
export const memberCounts = async (db: Db): Promise<Map<string, number>> => {
  const rows = await db
    .selectFrom('member_results')
    .select(['survey_id', (eb) => eb.fn.count<number | string>('partition_key').distinct().as('n')])
    .groupBy('survey_id')
    .execute();
  return new Map(rows.map((r) => [r.survey_id, Number(r.n)]));
};

/**
 * A resident's answers on these forms, newest first: one line per answer (its first row), with the
 * stored value of its reservation item where `reservationItems` names one for its form.
 */
export const answersOfResident = async (db: Db, userId: string, surveyIds: readonly string[], reservationItems: ReadonlyMap<string, string>) => {
  if (surveyIds.length === 0) return [];
  const rows = await db
    .selectFrom('survey_results')
    .select(['survey_id', 'partition_key', 'answer_code', 'check_status', 'created_at', 'item_key', 'value'])
    .where('user_id', '=', userId)
    .where('survey_id', 'in', [...surveyIds])
    .execute();
  const seen = new Map<string, (typeof rows)[number]>();
  const reserved = new Map<string, string>();
  for (const r of rows) {
    if (!seen.has(r.partition_key)) seen.set(r.partition_key, r);
    if (r.value !== '' && reservationItems.get(r.survey_id) === r.item_key) reserved.set(r.partition_key, r.value);
  }
  return [...seen.values()]
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
    .map((r) => ({ surveyId: r.survey_id, partitionKey: r.partition_key, answerCode: r.answer_code, status: r.check_status, createdAt: r.created_at, reservationValue: reserved.get(r.partition_key) ?? null }));
};
