/**
 * A bed stay's request read and judged with no I/O: which rows are the stay's dates and which the
 * form's fields, whether the stay is a length and a time the ward takes, and which nights a write
 * claims and gives back, in the order their rows are locked.
 *
 * Readings chosen:
 * - The dates come as the extra rows startDate and endDate ("YYYY-MM-DD 午後"); a date sent with no
 *   session gets the default (午後 for admission, 午前 for discharge).
 * - A change of dates or fields puts the stay back to 未対応: what the ward confirmed was the old stay.
 * - Only a stay that is still live may be changed or cancelled: 未対応, 対応中, 対応済, 保留, 変更あり.
 * - A form holds one select bed item at most: a stay takes one bed (the ward's count is per stay).
 */
import { Temporal } from 'temporal-polyfill';
import type { AnswerRowInput, ResultRow } from '@core/contract/survey';
import type { BedReservation } from '@core/contract/bed';
import type { CheckStatus } from '@core/contract/result-rows';
import {
  DEFAULT_END_SESSION,
  DEFAULT_START_SESSION,
  END_DATE_KEY,
  START_DATE_KEY,
  isBedDeadlinePassed,
  isFarEnoughAhead,
  isStayLength,
  nightsBetween,
  parseDateWithSession,
  stayNights,
  type BedRule,
  type DaySession,
} from '@core/rules/bed-stay';
import { refuse } from '@core/refusals';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import type { StayRow, Ward } from '../store/beds';
import { DEFAULT_REGISTRANT_NAME } from '../answers/write/rows';

/** Spec 02 §8. */

export const LIVE_CHECKS: readonly CheckStatus[] = ['未対応', '対応中', '対応済', '保留', '変更あり'];
export const NEW_CHECK: CheckStatus = '未対応';
export const CANCELLED_CHECK: CheckStatus = 'キャンセル';

export interface Stay {
  start: Temporal.PlainDate;
  end: Temporal.PlainDate;
  startSession: DaySession;
  endSession: DaySession;
  nights: number;
}

const bad = (path: string, message: string) => refuse('bad_request', { path, message }, { issues: [{ path, message }] });

/** The stay's dates out of the rows, and the rest (the form's fields). */
export const splitStayRows = (surveyId: string, rows: readonly AnswerRowInput[]): { stay: Stay; fields: AnswerRowInput[]; partitionKey: string | null } => {
  const at = (key: string) => rows.findIndex((r) => r.itemKey === key);
  const read = (key: string, fallback: DaySession) => {
    const i = at(key);
    if (i < 0) throw bad(`data`, `${key} の行がありません`);
    if (rows.filter((r) => r.itemKey === key).length > 1) throw bad(`data.${i}`, `${key} の行が重複しています`);
    const v = parseDateWithSession((rows[i] as AnswerRowInput).value);
    if (!v) throw bad(`data.${i}.value`, 'YYYY-MM-DD 午前 または YYYY-MM-DD 午後 で指定してください');
    return { date: v.date, session: v.session ?? fallback };
  };
  rows.forEach((r, i) => {
    if (r.surveyId !== surveyId) throw bad(`data.${i}.surveyId`, `すべての行は同じ surveyId (${surveyId}) でなければなりません`);
  });
  const keys = new Set(rows.flatMap((r) => (r.partitionKey ? [r.partitionKey] : [])));
  if (keys.size > 1) throw bad('data', 'partitionKey が行ごとに異なります');
  const start = read(START_DATE_KEY, DEFAULT_START_SESSION);
  const end = read(END_DATE_KEY, DEFAULT_END_SESSION);
  const nights = nightsBetween(start.date, end.date);
  if (!isStayLength(nights)) throw bad(`data.${at(END_DATE_KEY)}.value`, '入院日から1〜14泊の退院日を指定してください');
  return {
    stay: { start: start.date, end: end.date, startSession: start.session, endSession: end.session, nights },
    fields: rows.filter((r) => r.itemKey !== START_DATE_KEY && r.itemKey !== END_DATE_KEY),
    partitionKey: keys.size === 1 ? ([...keys][0] as string) : null,
  };
};

/** A new stay starts no earlier than the rule allows; a changed one at least not in the past. */
export const refuseStart = (stay: Stay, rule: BedRule, today: Temporal.PlainDate, editing: boolean): void => {
  const past = Temporal.PlainDate.compare(stay.start, today) < 0;
  if (past || (!editing && !isFarEnoughAhead(stay.start, rule, today))) {
    throw refuse('invalid_answer', undefined, { issues: [{ path: START_DATE_KEY, message: 'この日は予約できません' }] });
  }
};

/**
 * The bed the stay's checked fields choose, or null when the form has no select bed item or it
 * was left blank; a bed that is not the ward's is refused as the item's invalidValue.
 */
export const chosenBedOf = (config: Pick<ServedSurveyConfig, 'surveySchema'>, fields: readonly Pick<StoredField, 'itemKey' | 'value'>[], ward: Ward): string | null => {
  const keys = config.surveySchema.filter((i) => i.type === 'selectBed').map((i) => i.itemKey);
  if (keys.length > 1) throw bad('data', 'ベッドを選ぶ項目は1つの帳票に1つまでです');
  const chosen = fields.find((f) => f.itemKey === keys[0]);
  if (!chosen) return null;
  if (!ward.beds.some((b) => b.bedId === chosen.value)) {
    throw refuse('invalid_answer', undefined, {
      itemIssues: { [chosen.itemKey]: [{ key: 'invalidValue' }] },
      issues: [{ path: chosen.itemKey, message: 'invalidValue' }],
    });
  }
  return chosen.value;
};

/** The stored stay may still be changed or cancelled today (spec 02 §4). */
export const refuseChange = (row: StayRow, rule: BedRule, today: Temporal.PlainDate): void => {
  if (!LIVE_CHECKS.includes(row.check_status as CheckStatus)) {
    throw refuse('bed_already_cancelled');
  }
  if (isBedDeadlinePassed(Temporal.PlainDate.from(row.start_date), rule, today)) throw refuse('deadline_passed');
};

/**
 * The nights a write moves, sorted by date: +1 for a night the new stay takes that the old did not,
 * −1 for the reverse; nights both hold are not touched.
 */
export const nightMoves = (from: readonly string[], to: readonly string[]): { night: string; delta: 1 | -1 }[] => {
  const was = new Set(from);
  const will = new Set(to);
  return [...new Set([...from, ...to])]
    .filter((n) => was.has(n) !== will.has(n))
    .sort()
    .map((night) => ({ night, delta: will.has(night) ? 1 : -1 }));
};

export const nightsOf = (stay: Pick<Stay, 'start' | 'nights'>): string[] => stayNights(stay.start, stay.nights);

export const nightsOfRow = (row: Pick<StayRow, 'start_date' | 'end_date'>): string[] => {
  const start = Temporal.PlainDate.from(row.start_date);
  return stayNights(start, nightsBetween(start, Temporal.PlainDate.from(row.end_date)));
};

export interface StoredField {
  itemKey: string;
  value: string;
  title: string;
}

export const fieldsOf = (row: StayRow): StoredField[] => JSON.parse(row.fields_json) as StoredField[];

/** The stay as result rows: its fields, then startDate and endDate (spec 02 §3 "extra rows"). */
export const stayResultRows = (row: StayRow): ResultRow[] => {
  const base = {
    surveyId: row.survey_id,
    userId: row.user_id,
    partitionKey: row.partition_key,
    check: row.check_status as CheckStatus,
    userSearchKey: null,
    isLiffMode: true,
    registrantName: DEFAULT_REGISTRANT_NAME,
    userName: null,
    clinicAttributes: null,
    answerCode: null,
    isAppending: true,
    status: null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  const f = fieldsOf(row).map((x) => ({ ...base, sortKey: x.itemKey, itemKey: x.itemKey, value: x.value, title: x.title, type: 'field' }));
  return [
    ...f,
    { ...base, sortKey: START_DATE_KEY, itemKey: START_DATE_KEY, value: `${row.start_date} ${row.start_session}`, title: '入院日', type: 'date' },
    { ...base, sortKey: END_DATE_KEY, itemKey: END_DATE_KEY, value: `${row.end_date} ${row.end_session}`, title: '退院日', type: 'date' },
  ];
};

export const historyEntry = (row: StayRow): BedReservation => ({
  partitionKey: row.partition_key,
  startDate: `${row.start_date} ${row.start_session}`,
  endDate: `${row.end_date} ${row.end_session}`,
  fields: fieldsOf(row).map((f) => ({ itemKey: f.itemKey, value: f.value })),
  check: row.check_status as CheckStatus,
  updatedAt: row.updated_at,
});

export const stayColumns = (stay: Stay) => ({
  start_date: stay.start.toString(),
  end_date: stay.end.toString(),
  start_session: stay.startSession,
  end_session: stay.endSession,
});
