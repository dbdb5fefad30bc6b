/**
 * What the submission's named keys hold, and the plan for them (partition-key.ts planForKeys):
 * a new answer, or an amend of a stored one. Appending: each named key's own revision counter is
 * claimed first, which serialises an amend with a cancel or delete of that answer (they claim the
 * same row) and tells a deleted answer's key (its counter moved, no rows) from one never used.
 * A single answer claimed its revision with the write's counter (claim.ts).
 */
import type { Transaction } from 'kysely';
import type { ResultRow } from '@core/contract/survey';
import { answerStatusOf, isEnded } from '@core/rules/status';
import { REVISION_COUNTER, claimCounter, listUserPartition } from '../../store/results';
import type { Database } from '../../store/schema';
import { badRequest } from '../check';
import { planForKeys, singleAnswerKeyOf, type KeyPlan, type NamedKeys } from '../partition-key';
import { noResult } from '../rules';

export interface Held {
  plan: KeyPlan;
  /** The appending answer this one replaces (an amend), else null. */
  target: string | null;
  /** The rows of the answer replaced: the amend's target, or the single answer's partition. */
  previous: ResultRow[];
  /** The stored answer this submission changes, if any: the edit rules apply to it. */
  edited: ResultRow[] | null;
}

export const readHeld = async (
  trx: Transaction<Database>,
  a: { surveyId: string; userId: string; appending: boolean; keys: NamedKeys },
): Promise<Held> => {
  const named = [...new Set([a.keys.revokeKey, a.keys.rowsKey].filter((k): k is string => k !== null))].sort();
  const revisions = new Map<string, number>();
  if (a.appending) for (const key of named) revisions.set(key, await claimCounter(trx, key, REVISION_COUNTER));
  const held = new Map<string, ResultRow[]>();
  for (const key of named) held.set(key, await listUserPartition(trx, a.surveyId, a.userId, key));
  const plan = planForKeys({
    rowsKey: a.keys.rowsKey,
    revokeKey: a.keys.revokeKey,
    surveyId: a.surveyId,
    userId: a.userId,
    appending: a.appending,
    stateOf: (key) => {
      const isHeld = (held.get(key)?.length ?? 0) > 0;
      return { held: isHeld, deleted: !isHeld && (revisions.get(key) ?? 0) > 1 };
    },
  });
  if ('status' in plan) throw plan.status === 404 ? noResult() : badRequest([plan.issue]);

  const target = plan.kind === 'amend' ? plan.target : null;
  if (target) {
    const previous = held.get(target) ?? [];
    return { plan, target, previous, edited: previous };
  }
  if (!a.appending) {
    const key = singleAnswerKeyOf(a.keys, a.surveyId, a.userId);
    const previous = held.get(key) ?? (await listUserPartition(trx, a.surveyId, a.userId, key));
    // Answering a single-answer form again over a live answer replaces that answer, so it is an
    // edit of it (or the settings could be sidestepped by leaving the partition key out). After a
    // cancel (NG, キャンセル) it is a new answer.
    const live = previous.length > 0 && !isEnded(answerStatusOf(previous.map((r) => r.check)));
    return { plan, target: null, previous, edited: live ? previous : null };
  }
  return { plan, target: null, previous: [], edited: null };
};
