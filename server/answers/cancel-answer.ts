/**
 * A resident's cancel and delete of a stored answer (spec 01 §4, §7), in the caller's write
 * transaction: the answer's revision counter first (which serialises them with an amend of the
 * same answer, write/held.ts), the form's rules (rules.ts), then its places given back in slot
 * order. The staff console's キャンセル writes through the same function (by 'staff'): the
 * resident's settings, deadline and payment rules do not bind the office, the status rules do
 * (its caller, staff-status.ts, refuses an ended answer first).
 */
import type { Transaction } from 'kysely';
import type { CheckStatus } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { deleteExtras } from '../store/extras';
import { releasePartition } from '../store/reservations';
import { REVISION_COUNTER, claimCounter, deletePartition, listUserPartition, setPartitionCheck } from '../store/results';
import type { Database } from '../store/schema';
import { releaseFiles } from './files';
import { cancelledCheck, enforceRules, noResult } from './rules';

interface AnswerRef {
  /** null: the form is gone; its answers stay the resident's to cancel. */
  config: ServedSurveyConfig | null;
  surveyId: string;
  userId: string;
  partitionKey: string;
}

/** Answers the status the answer was given (キャンセル, or NG for a plain answer). */
export const cancelAnswer = async (trx: Transaction<Database>, a: AnswerRef, by: 'resident' | 'staff' = 'resident'): Promise<CheckStatus> => {
  await claimCounter(trx, a.partitionKey, REVISION_COUNTER);
  const rows = await listUserPartition(trx, a.surveyId, a.userId, a.partitionKey);
  if (rows.length === 0) throw noResult();
  if (by === 'resident') await enforceRules(trx, a.config, rows, 'cancel');
  const check = cancelledCheck(a.config, rows);
  await releasePartition(trx, a.partitionKey);
  // Spec 01 §4: a plain answer cancelled also stops being a live appending answer.
  await setPartitionCheck(trx, a.surveyId, a.userId, a.partitionKey, check, new Date().toISOString(), check === 'NG' ? { isAppending: false } : {});
  return check;
};

/** Answers how many rows went, and the blobs of its files, to remove once the deletion commits. */
export const deleteAnswer = async (trx: Transaction<Database>, a: AnswerRef): Promise<{ deleted: number; released: string[] }> => {
  await claimCounter(trx, a.partitionKey, REVISION_COUNTER);
  const rows = await listUserPartition(trx, a.surveyId, a.userId, a.partitionKey);
  if (rows.length === 0) throw noResult();
  await enforceRules(trx, a.config, rows, 'delete');
  await releasePartition(trx, a.partitionKey);
  await deleteExtras(trx, a.partitionKey);
  const deleted = await deletePartition(trx, a.surveyId, a.userId, a.partitionKey);
  return { deleted, released: await releaseFiles(trx, a.config, a.userId, rows) };
};
