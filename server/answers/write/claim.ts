/**
 * The write's first step after its key: a claim on a counter row of this resident (appending) or
 * of the answer (single answer). On PostgreSQL its row lock, held to commit, serialises the
 * resident's own writes that could collide, so every read after it sees what an earlier one
 * committed (an answer already marked 取り消し, a partition key taken, the reservations the
 * per-user limits count); SQLite's write lock already does this. Locks are always taken in one
 * order — the idempotency key, this counter, a form's number counter, then slots in slot order —
 * so no two writes wait on each other in a cycle.
 *
 * The resident's counter also hands out the new answer's partition key, `surveyId#userId#millis`:
 * the clock's millisecond, or one past the resident's last key when the clock has not moved past
 * it. A key the client made moves the counter past its millisecond, so the server never makes that
 * key later. The claim reads the config's stamp too: rows checked against an older config are
 * checked again against the stored one.
 */
import type { Transaction } from 'kysely';
import type { AnswerRowInput } from '@core/contract/survey';
import { isAppending, type ServedSurveyConfig } from '@core/form/survey-config';
import { RESIDENT_COUNTER, REVISION_COUNTER, claimCounterWith } from '../../store/results';
import type { Database } from '../../store/schema';
import type { AnswerExtras } from '../extras';
import { clientTimestampOf, singleAnswerKeyOf } from '../partition-key';
import { configOutdated } from '../rules';
import type { Submission } from './submission';
import type { Wanted } from './wanted';

/** The submission as the write goes on with it, once its counter is held. */
export interface Claimed {
  config: ServedSurveyConfig;
  rows: AnswerRowInput[];
  sentExtras: AnswerExtras;
  appending: boolean;
  /** The counter's new value: for an appending answer, the millisecond of its new partition key. */
  counter: number;
  /** Still valid for `config` (undefined: read them in the transaction). */
  wanted: readonly Wanted[] | undefined;
}

export const claimCounter = async (trx: Transaction<Database>, s: Submission): Promise<Claimed> => {
  let { config } = s.checked;
  let { rows, extras: sentExtras } = s;
  let wanted = s.wanted;
  const appending = isAppending(config);
  const { surveyId } = config;
  const claim = appending
    ? await claimCounterWith(trx, `${surveyId}#${s.user.userId}`, RESIDENT_COUNTER, {
        atLeast: Math.max(Date.now(), clientTimestampOf(s.keys, surveyId) ?? 0),
        configStampOf: surveyId,
      })
    : await claimCounterWith(trx, singleAnswerKeyOf(s.keys, surveyId, s.user.userId), REVISION_COUNTER, { configStampOf: surveyId });
  if (claim.configStamp !== s.checked.stamp) {
    // The form was imported again since the rows were checked (or since this process read it).
    // Had it switched between appending and single answers, the wrong counter would be held: the
    // resident reloads the form instead.
    ({ config, rows, extras: sentExtras } = await s.recheck(trx));
    wanted = undefined;
    if (isAppending(config) !== appending) throw configOutdated();
  }
  return { config, rows, sentExtras, appending, counter: claim.value, wanted };
};
