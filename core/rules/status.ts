/**
 * Check statuses of a result (spec 01 §4, spec 02 §4): the values, how the admin listing colours
 * them, how a cancelled reservation is displayed, and which statuses still allow a resident to
 * edit or cancel. The server and the PWA both read these, so a status rule is written once.
 *
 * What each status allows and does is one table, status-effects.ts: the rules below read it.
 */
import type { CheckStatus } from '../contract/result-rows';
import { STATUS_EFFECTS, effectsOf, type StatusRefusal } from './status-effects';

export type { CheckStatus };

/** Spec 01 §9: "default new status 未対応". */
export const NEW_ANSWER_STATUS: CheckStatus = '未対応';
/** Issue 57: what the system sets when a resident changes a stored answer (status-effects.ts: setBy system). */
export const CHANGED_ANSWER_STATUS: CheckStatus = '変更あり';
/** Spec 01 §4: set on the old record when an edited appending answer is resubmitted. */
export const AMENDED_STATUS: CheckStatus = '取り消し';
/** A cancelled reservation. */
export const CANCELLED_RESERVATION_STATUS: CheckStatus = 'キャンセル';
/** A cancelled plain answer (no reservation in it). */
export const CANCELLED_ANSWER_STATUS: CheckStatus = 'NG';

/**
 * Spec 01 §4: "lime, blue, green, orange, purple, red, brown, grey for the eight values in that
 * order". NG is not among the eight; it has no colour of its own (see adminStatusColour).
 */
export const ADMIN_STATUS_COLOURS = [
  ['未対応', 'lime'],
  ['対応中', 'blue'],
  ['対応済', 'green'],
  ['完了', 'orange'],
  ['保留', 'purple'],
  ['キャンセル', 'red'],
  ['変更あり', 'brown'],
  ['取り消し', 'grey'],
] as const satisfies readonly (readonly [CheckStatus, string])[];

export type AdminStatusColour = (typeof ADMIN_STATUS_COLOURS)[number][1];

const colourByStatus: ReadonlyMap<CheckStatus, AdminStatusColour> = new Map(ADMIN_STATUS_COLOURS);

/** The admin listing's colour; null for NG, which the spec leaves uncoloured (the listing shows it plain). */
export const adminStatusColour = (status: CheckStatus): AdminStatusColour | null => colourByStatus.get(status) ?? null;

/** Spec 01 §4 / 02 §9: the time label of a cancelled reservation. */
export const CANCELLED_TIME_LABEL = 'キャンセル済';

export interface TimeDisplay {
  /** The reservation time as given (HH:mm or a slot label). */
  time: string;
  /** Spec 01 §2: the time is struck through when cancelled. */
  struckThrough: boolean;
  /** キャンセル済 beside the struck time when cancelled, else null. */
  label: string | null;
}

/** How a result card shows its reservation time for this status. */
export const reservationTimeDisplay = (status: CheckStatus, time: string): TimeDisplay =>
  status === 'キャンセル' ? { time, struckThrough: true, label: CANCELLED_TIME_LABEL } : { time, struckThrough: false, label: null };

/** Over: neither edited nor cancelled again (the table's statuses that refuse a cancel). */
export const ENDED_STATUSES: ReadonlySet<CheckStatus> = new Set<CheckStatus>(
  (Object.keys(STATUS_EFFECTS) as CheckStatus[]).filter((s) => STATUS_EFFECTS[s].residentCancel !== null),
);

export const isEnded = (status: CheckStatus): boolean => ENDED_STATUSES.has(status);

export type AnswerAction = 'edit' | 'cancel';

/** The server's refusal code (409) for cancelling an answer whose status is already over. */
export const ALREADY_CANCELLED_CODE = 'already_cancelled';

/** null when the status allows the action; else why not. */
export const statusRefusal = (status: CheckStatus, action: AnswerAction): StatusRefusal | null =>
  action === 'edit' ? effectsOf(status).residentEdit : effectsOf(status).residentCancel;

export const canEditStatus = (status: CheckStatus): boolean => statusRefusal(status, 'edit') === null;
export const canCancelStatus = (status: CheckStatus): boolean => statusRefusal(status, 'cancel') === null;

/** Spec 01 §4: a reservation cancelled is キャンセル; a plain answer cancelled is NG. */
export const cancelledStatus = (hasReservation: boolean): CheckStatus =>
  hasReservation ? CANCELLED_RESERVATION_STATUS : CANCELLED_ANSWER_STATUS;

/**
 * The status of an answer stored as several rows. They are written together and normally agree;
 * if an office tool ever set them apart, the most restrictive one counts, so a row left 未対応
 * cannot reopen an answer that another row says is over.
 */
export const answerStatusOf = (statuses: readonly CheckStatus[]): CheckStatus => {
  const order: Record<StatusRefusal | 'none', number> = { cancelled: 0, ended: 1, completed: 2, none: 3 };
  const rank = (s: CheckStatus) => order[effectsOf(s).residentEdit ?? 'none'];
  let best: CheckStatus = statuses[0] ?? NEW_ANSWER_STATUS;
  for (const s of statuses) if (rank(s) < rank(best)) best = s;
  return best;
};

/**
 * The statuses a resident's own card shows (lookup list). Reading chosen: only those that say what
 * became of the answer or why it can no longer be changed — キャンセル and NG (shown キャンセル済),
 * 取り消し, 完了; the office's working statuses (未対応, 対応中, 対応済, 保留, 変更あり) are for staff.
 */
export const RESIDENT_SHOWN_STATUSES: ReadonlySet<CheckStatus> = new Set<CheckStatus>([...ENDED_STATUSES, '完了']);
