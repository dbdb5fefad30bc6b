/**
 * Result rows (one per item value) gathered into answers as the confirm list, details and cancel
 * screens show them: the non-admin items with their titles and values, the status, the answer code.
 */
import type { CheckStatus, ResultRow } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { type AnswerField, VALUE_SEPARATOR, formFieldsOf } from '@core/form/answer-fields';
import { AMENDED_STATUS, answerStatusOf } from '@core/rules/status';
import { hasReservationItem, reservationDateOf } from '@core/rules/reservation-value';
import { Temporal } from 'temporal-polyfill';

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

/** Two stamps of one write: the old record's 取り消し and its successor's creation (server/answers/write.ts). */
const SAME_WRITE_MS = 5_000;
const msOf = (iso: string): number => {
  try {
    return Temporal.Instant.from(iso).epochMilliseconds;
  } catch {
    return Number.NaN;
  }
};
const updatedAtOf = (a: LookupAnswer): string => a.rows.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), a.createdAt);

/**
 * The answer each 取り消し record was changed into. The rows carry no link, so reading chosen: the
 * same resident's answer created first at or after the moment the old record was marked (both are
 * written in one transaction), within SAME_WRITE_MS; a chain of changes leads to the newest one.
 */
export const replacementsOf = (answers: readonly LookupAnswer[]): Map<string, LookupAnswer> => {
  const next = new Map<string, LookupAnswer>();
  for (const old of answers) {
    if (old.check !== AMENDED_STATUS) continue;
    const marked = msOf(updatedAtOf(old));
    let best: LookupAnswer | undefined;
    for (const a of answers) {
      const created = msOf(a.createdAt);
      if (a === old || a.userId !== old.userId || a.createdAt <= old.createdAt) continue;
      if (created < marked - SAME_WRITE_MS || created > marked + SAME_WRITE_MS) continue;
      if (!best || Math.abs(created - marked) < Math.abs(msOf(best.createdAt) - marked)) best = a;
    }
    if (best) next.set(old.partitionKey, best);
  }
  const newest = new Map<string, LookupAnswer>();
  for (const [key, first] of next) {
    let cur = first;
    for (let i = 0; i < answers.length && next.has(cur.partitionKey); i += 1) cur = next.get(cur.partitionKey) as LookupAnswer;
    newest.set(key, cur);
  }
  return newest;
};

/**
 * Grouped by reservation date (earliest first, undated last); a form without reservations is one
 * group. A changed answer's old record follows the answer it became, under that one's date.
 */
export const groupByReservationDate = (answers: readonly LookupAnswer[]): AnswerGroup[] => {
  const replaced = replacementsOf(answers);
  const groups = new Map<string, AnswerGroup>();
  for (const a of answers) {
    if (replaced.has(a.partitionKey)) continue;
    const key = a.reservationDate?.toString() ?? '';
    let g = groups.get(key);
    if (!g) {
      g = { key, date: a.reservationDate, answers: [] };
      groups.set(key, g);
    }
    // Its old records, newest first, right after it.
    g.answers.push(a, ...answers.filter((o) => replaced.get(o.partitionKey) === a));
  }
  return [...groups.values()].sort((x, y) => (x.key === '' ? 1 : y.key === '' ? -1 : x.key < y.key ? -1 : 1));
};

export const formHasReservation = (config: ServedSurveyConfig): boolean => hasReservationItem(config);

/** Which user ids the stored rows belong to that are chat (U…) accounts other than this one. */
export const foreignChatUser = (rows: readonly Pick<ResultRow, 'userId'>[], currentUserId: string): boolean =>
  rows.some((r) => r.userId.startsWith('U') && r.userId !== currentUserId);
