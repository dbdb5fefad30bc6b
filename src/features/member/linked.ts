/**
 * The member-linked list's decisions (spec 02 §2), apart from the screen: the answers of the
 * chosen linked form, grouped by reservation date ascending, each group ordered by the
 * reservation value's third pipe part (the slot); answers without a date form their own group,
 * last. Records replaced by a change (取り消し) are left out: their successor is listed.
 */
import type { Temporal } from 'temporal-polyfill';
import type { CheckStatus, ResultRow } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { type AnswerField, formFieldsOf } from '@core/form/answer-fields';
import { isReservationItem, parseReservationValue } from '@core/rules/reservation-value';
import { AMENDED_STATUS, answerStatusOf } from '@core/rules/status';

export type Field = AnswerField;

export interface LinkedAnswer {
  partitionKey: string;
  answerCode: string | null;
  check: CheckStatus;
  fields: Field[];
  date: Temporal.PlainDate | null;
  slot: string | null;
}

export interface LinkedGroup {
  key: string;
  date: Temporal.PlainDate | null;
  answers: LinkedAnswer[];
}

export const linkedAnswersOf = (config: ServedSurveyConfig, rows: readonly ResultRow[]): LinkedAnswer[] => {
  const byPartition = new Map<string, ResultRow[]>();
  for (const r of rows) byPartition.set(r.partitionKey, [...(byPartition.get(r.partitionKey) ?? []), r]);
  const reservationKeys = new Set(config.surveySchema.filter(isReservationItem).map((i) => i.itemKey));
  const out: LinkedAnswer[] = [];
  for (const [partitionKey, list] of byPartition) {
    const check = answerStatusOf(list.map((r) => r.check));
    if (check === AMENDED_STATUS) continue;
    const reservation = list.map((r) => (reservationKeys.has(r.itemKey) ? parseReservationValue(r.value) : null)).find((v) => v !== null) ?? null;
    out.push({
      partitionKey,
      answerCode: list.find((r) => r.answerCode)?.answerCode ?? null,
      check,
      fields: formFieldsOf(config, list),
      date: reservation?.date ?? null,
      slot: reservation?.slot ?? null,
    });
  }
  return out;
};

/** Slots are numbers as a rule ("1", "2", … "10"): compared as numbers when both are. */
const bySlot = (a: string | null, b: string | null): number => {
  const x = a ?? '';
  const y = b ?? '';
  if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y);
  return x < y ? -1 : x > y ? 1 : 0;
};

export const groupLinked = (answers: readonly LinkedAnswer[]): LinkedGroup[] => {
  const groups = new Map<string, LinkedGroup>();
  for (const a of answers) {
    const key = a.date?.toString() ?? '';
    const group = groups.get(key) ?? { key, date: a.date, answers: [] };
    group.answers.push(a);
    groups.set(key, group);
  }
  for (const g of groups.values()) g.answers.sort((a, b) => bySlot(a.slot, b.slot) || (a.partitionKey < b.partitionKey ? -1 : 1));
  // ISO dates order as text; the group without a date goes last.
  return [...groups.values()].sort((a, b) => (a.key === '' ? 1 : b.key === '' ? -1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
};
