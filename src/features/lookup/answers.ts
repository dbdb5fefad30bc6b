/**
 * Result rows (one per item value) gathered into answers as the confirm list, details and cancel
 * screens show them: the non-admin items with their titles and values, the status, the answer code.
 */
import type { CheckStatus, ResultRow } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { type AnswerField, VALUE_SEPARATOR, formFieldsOf } from '@core/form/answer-fields';
import { answerStatusOf } from '@core/rules/status';
import { hasReservationItem, reservationDateOf } from '@core/rules/reservation-value';
import type { Temporal } from 'temporal-polyfill';

export type { AnswerField } from '@core/form/answer-fields';

export interface LookupAnswer {
  surveyId: string;
  partitionKey: string;
  userId: string;
  answerCode: string | null;
  check: CheckStatus;
  createdAt: string;
  fields: AnswerField[];
  reservationDate: Temporal.PlainDate | null;
  rows: ResultRow[];
}

/** The answers in the rows, newest first; fields in the form's order, admin items left out. */
export const answersOf = (config: ServedSurveyConfig, rows: readonly ResultRow[]): LookupAnswer[] => {
  const byPartition = new Map<string, ResultRow[]>();
  for (const row of rows) {
    if (row.surveyId !== config.surveyId) continue;
    const list = byPartition.get(row.partitionKey);
    if (list) list.push(row);
    else byPartition.set(row.partitionKey, [row]);
  }
  const answers: LookupAnswer[] = [];
  for (const [partitionKey, list] of byPartition) {
    const fields = formFieldsOf(config, list);
    // Items the form no longer has: shown under the title stored with the answer. Every item the
    // form has was dealt with above (a reservation by its date and time lines), admin ones too.
    const shown = new Set(config.surveySchema.map((i) => i.itemKey));
    for (const row of list) {
      if (shown.has(row.itemKey) || row.value === '') continue;
      const sameKey = list.filter((r) => r.itemKey === row.itemKey).map((r) => r.value);
      shown.add(row.itemKey);
      fields.push({ itemKey: row.itemKey, title: row.title || row.itemKey, value: sameKey.join(VALUE_SEPARATOR), formValue: sameKey });
    }
    const first = list[0] as ResultRow;
    answers.push({
      surveyId: first.surveyId,
      partitionKey,
      userId: first.userId,
      answerCode: list.find((r) => r.answerCode)?.answerCode ?? null,
      check: answerStatusOf(list.map((r) => r.check)),
      createdAt: list.reduce((min, r) => (r.createdAt < min ? r.createdAt : min), first.createdAt),
      fields,
      reservationDate: reservationDateOf(config, list),
      rows: list,
    });
  }
  return answers.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
};

export interface AnswerGroup {
  key: string;
  date: Temporal.PlainDate | null;
  answers: LookupAnswer[];
}

/** Grouped by reservation date (earliest first, undated last); a form without reservations is one group. */
export const groupByReservationDate = (answers: readonly LookupAnswer[]): AnswerGroup[] => {
  const groups = new Map<string, AnswerGroup>();
  for (const a of answers) {
    const key = a.reservationDate?.toString() ?? '';
    const g = groups.get(key);
    if (g) g.answers.push(a);
    else groups.set(key, { key, date: a.reservationDate, answers: [a] });
  }
  return [...groups.values()].sort((x, y) => (x.key === '' ? 1 : y.key === '' ? -1 : x.key < y.key ? -1 : 1));
};

export const formHasReservation = (config: ServedSurveyConfig): boolean => hasReservationItem(config);

/** Which user ids the stored rows belong to that are chat (U…) accounts other than this one. */
export const foreignChatUser = (rows: readonly Pick<ResultRow, 'userId'>[], currentUserId: string): boolean =>
  rows.some((r) => r.userId.startsWith('U') && r.userId !== currentUserId);
