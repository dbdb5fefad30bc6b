/**
 * The transaction scripts of a bed stay, each run inside the request's one commit(): the stay's
 * row first (a change or cancel), then its nights in date order, so every night is claimed or none
 * is — a night that has no bed left throws, and the whole transaction, the nights already claimed
 * included, rolls back.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Temporal } from 'temporal-polyfill';
import { refuse } from '@core/refusals';
import { claimBedNights, insertStay, lockStay, moveNight, releaseBedNights, updateStay, type StayRow, type Ward } from '../store/beds';
import type { Database } from '../store/schema';
import {
  CANCELLED_CHECK,
  NEW_CHECK,
  nightMoves,
  nightsOf,
  nightsOfRow,
  refuseChange,
  stayColumns,
  type Stay,
  type StoredField,
} from './stay';

const full = () => refuse('quota_exceeded');
const noStay = () => refuse('bed_stay_not_found');

const applyMoves = async (trx: Transaction<Database>, surveyId: string, moves: readonly { night: string; delta: 1 | -1 }[]) => {
  for (const m of moves) {
    if (!(await moveNight(trx, surveyId, m.night, m.delta))) {
      // Giving back a night the counter does not hold would mean the books are already wrong.
      if (m.delta < 0) throw new Error(`bed night ${surveyId} ${m.night}: nothing to give back`);
      throw full();
    }
  }
};

/** The chosen bed held on each night of the stay, after the ward's counters (the lock order). */
const claimBed = async (trx: Transaction<Database>, s: NewStay, partitionKey: string) => {
  if (s.bedId !== null && !(await claimBedNights(trx, s.ward.surveyId, s.bedId, nightsOf(s.stay), partitionKey))) throw full();
};

export interface NewStay {
  ward: Ward;
  userId: string;
  stay: Stay;
  fields: StoredField[];
  /** The select bed item's bed, or null when the form has none (or it was left blank). */
  bedId: string | null;
}

/** Partition key as an appending answer's (spec 02 §9), with a random tail so two in one ms differ. */
const newPartitionKey = (surveyId: string, userId: string) => `${surveyId}#${userId}#${Date.now()}${randomUUID().slice(0, 8)}`;

export const createStay = async (trx: Transaction<Database>, s: NewStay): Promise<StayRow> => {
  await applyMoves(trx, s.ward.surveyId, nightMoves([], nightsOf(s.stay)));
  const partitionKey = newPartitionKey(s.ward.surveyId, s.userId);
  await claimBed(trx, s, partitionKey);
  const now = new Date().toISOString();
  const row: StayRow = {
    partition_key: partitionKey,
    survey_id: s.ward.surveyId,
    user_id: s.userId,
    ...stayColumns(s.stay),
    check_status: NEW_CHECK,
    fields_json: JSON.stringify(s.fields),
    created_at: now,
    updated_at: now,
  };
  await insertStay(trx, row);
  return row;
};

export const changeStay = async (trx: Transaction<Database>, s: NewStay & { partitionKey: string; today: Temporal.PlainDate }): Promise<StayRow> => {
  const old = await lockStay(trx, s.ward.surveyId, s.userId, s.partitionKey);
  if (!old) throw noStay();
  refuseChange(old, s.ward, s.today);
  await applyMoves(trx, s.ward.surveyId, nightMoves(nightsOfRow(old), nightsOf(s.stay)));
  // The stay's own bed nights first go back, so it may keep its bed over nights it already held.
  await releaseBedNights(trx, old.partition_key);
  await claimBed(trx, s, old.partition_key);
  const set = { ...stayColumns(s.stay), check_status: NEW_CHECK, fields_json: JSON.stringify(s.fields), updated_at: new Date().toISOString() };
  await updateStay(trx, old.partition_key, set);
  return { ...old, ...set };
};

/** by 'staff': the office's キャンセル (server/answers/staff-status.ts), not bound by the resident's deadline. */
export const cancelStay = async (
  trx: Transaction<Database>,
  s: { ward: Ward; userId: string; partitionKey: string; today: Temporal.PlainDate },
  by: 'resident' | 'staff' = 'resident',
): Promise<StayRow> => {
  const old = await lockStay(trx, s.ward.surveyId, s.userId, s.partitionKey);
  if (!old) throw noStay();
  if (by === 'resident') refuseChange(old, s.ward, s.today);
  await applyMoves(trx, s.ward.surveyId, nightMoves(nightsOfRow(old), []));
  await releaseBedNights(trx, old.partition_key);
  const set = { check_status: CANCELLED_CHECK, updated_at: new Date().toISOString() };
  await updateStay(trx, old.partition_key, set);
  return { ...old, ...set };
};
