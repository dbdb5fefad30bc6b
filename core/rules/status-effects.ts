/**
 * What each check status does (spec 01 §4, spec 02 §4; issue 57 "statuses, declared once"): who
 * sets it, whether the resident may still edit or cancel the answer, and what entering it does to
 * the answer's reservations, bed nights and payment. status.ts, permissions.ts and the staff
 * console's status change read this table; none of them restates a row of it.
 *
 * Readings chosen where the spec is silent:
 * - Staff may set the six working statuses and キャンセル. 変更あり is the system's (a resident
 *   changed the answer), 取り消し comes only from supersession (an amend), NG only from a resident
 *   cancelling a plain answer; staff setting キャンセル on a plain answer stores NG, as the
 *   resident's own cancel does (one cancel path, server/answers/cancel-answer.ts).
 * - 完了 stops editing but not cancelling (the server always let a resident withdraw it).
 * - An ended answer (キャンセル, NG, 取り消し) is not reopened by staff either: its places are given
 *   back and may be someone else's already.
 */
import type { CheckStatus } from '../contract/result-rows';

/** Why a status refuses a resident's edit or cancel, as message keys (the PWA's ja.ts holds the texts). */
export type StatusRefusal = 'completed' | 'cancelled' | 'ended';

/** Who puts an answer in this status. */
export type StatusSetter = 'new' | 'staff' | 'system' | 'supersession' | 'residentCancel';

export interface StatusEffects {
  setBy: readonly StatusSetter[];
  /** Whether a staff member may choose it in the console. */
  staffMaySet: boolean;
  /** null: the resident may still edit the answer; else why not. */
  residentEdit: StatusRefusal | null;
  /** null: the resident may still cancel the answer; else why not. Non-null also means ended. */
  residentCancel: StatusRefusal | null;
  /** Entering it gives the reservation slots and bed nights back. */
  givesBack: boolean;
  /** Entering it refunds a paid card order (payment status 2). */
  refunds: boolean;
}

const working: StatusEffects = { setBy: ['staff'], staffMaySet: true, residentEdit: null, residentCancel: null, givesBack: false, refunds: false };
const ended = (setBy: readonly StatusSetter[], why: StatusRefusal, cancels: boolean, staffMaySet = false): StatusEffects => ({
  setBy,
  staffMaySet,
  residentEdit: why,
  residentCancel: why,
  givesBack: cancels,
  refunds: cancels,
});

export const STATUS_EFFECTS: Readonly<Record<CheckStatus, StatusEffects>> = {
  未対応: { ...working, setBy: ['new', 'staff'] },
  対応中: working,
  対応済: working,
  完了: { ...working, residentEdit: 'completed' },
  保留: working,
  キャンセル: ended(['staff', 'residentCancel'], 'cancelled', true, true),
  変更あり: { ...working, setBy: ['system'], staffMaySet: false },
  取り消し: ended(['supersession'], 'ended', false),
  NG: ended(['residentCancel'], 'ended', true),
};

export const effectsOf = (status: CheckStatus): StatusEffects => STATUS_EFFECTS[status];

/** The statuses a staff member may choose, in the spec's order. */
export const STAFF_SETTABLE_STATUSES: readonly CheckStatus[] = (Object.keys(STATUS_EFFECTS) as CheckStatus[]).filter((s) => STATUS_EFFECTS[s].staffMaySet);
