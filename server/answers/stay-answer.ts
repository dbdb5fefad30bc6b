/**
 * A bed stay read as the console's answer page reads an answer (issue 57): a stay lives in its own
 * table, not among survey_results, so the page of a bed form's answer is the stay's — its fields,
 * then its dates as the extra rows startDate and endDate (spec 02 §3), titled 入院日 and 退院日.
 */
import type { RouteStore } from '../route-context';
import { findWardStay } from '../store/bed-ward';
import { stayResultRows } from '../beds/stay';
import type { ListedAnswer } from './answer-list';

export const findStayAnswer = async (db: RouteStore['db'], surveyId: string, partitionKey: string): Promise<ListedAnswer | null> => {
  const row = await findWardStay(db, surveyId, partitionKey);
  if (!row) return null;
  const result = stayResultRows(row);
  const rows = result.map((r) => ({
    partitionKey: r.partitionKey,
    sortKey: r.sortKey,
    userId: r.userId,
    itemKey: r.itemKey,
    value: r.value,
    title: r.title,
    check: r.check,
    answerCode: r.answerCode,
    registrantName: r.registrantName,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));
  // Every row of a stay carries its status and registrant; the date rows are always there.
  const first = result[0] as (typeof result)[number];
  return {
    partitionKey: row.partition_key,
    userId: row.user_id,
    answerCode: null,
    status: first.check,
    registrantName: first.registrantName,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    rows,
  };
};
