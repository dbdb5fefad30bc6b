/**
 * The console's answers as it reads them: a page of a form's answers for a filter and cursor, one
 * answer's page, and a file's download URL. Memory only, like every staff query.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffAnswerFile, staffFormAnswer, staffFormAnswers } from '@core/contract/staff-answers';
import type { CheckStatus } from '@core/contract/result-rows';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;

export interface AnswersFilter {
  status: CheckStatus[];
  from: string;
  to: string;
  reservationDay: string;
  /** itemKey and value of one searchable item ('' : none). */
  itemKey: string;
  itemValue: string;
  text: string;
}

export const EMPTY_FILTER: AnswersFilter = { status: [], from: '', to: '', reservationDay: '', itemKey: '', itemValue: '', text: '' };

/** The list's query for this filter, columns and cursor: also what an export of the same answers sends. */
export const answersQueryOf = (f: AnswersFilter, columns: string[] | null, cursor: string | null) => ({
  ...(f.status.length > 0 ? { status: f.status } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
  ...(f.reservationDay ? { reservationDay: f.reservationDay } : {}),
  ...(f.itemKey && f.itemValue.trim() ? { item: `${f.itemKey}|${f.itemValue}` } : {}),
  ...(f.text.trim() ? { text: f.text } : {}),
  ...(columns && columns.length > 0 ? { col: columns } : {}),
  ...(cursor ? { cursor } : {}),
});

export const useFormAnswers = (surveyId: string, filter: AnswersFilter, columns: string[] | null, cursor: string | null) =>
  useQuery({
    queryKey: ['staff', 'answers', surveyId, filter, columns, cursor],
    queryFn: async () => unwrap(await call(staffFormAnswers, { params: { surveyId }, query: answersQueryOf(filter, columns, cursor) }, once)),
    placeholderData: keepPreviousData,
  });

export const useAnswerPage = (surveyId: string, partitionKey: string) =>
  useQuery({
    queryKey: ['staff', 'answer', surveyId, partitionKey],
    queryFn: async () => unwrap(await call(staffFormAnswer, { params: { surveyId, partitionKey } }, once)),
  });

export const fileUrlOf = async (surveyId: string, partitionKey: string, fileId: string): Promise<string> =>
  unwrap(await call(staffAnswerFile, { params: { surveyId, partitionKey, fileId } }, once)).url;
