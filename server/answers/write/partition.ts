/**
 * Which partition key the answer's rows are written under, and the single answer's old rows gone
 * from it. Rows under a key the client made may exist already as someone else's (linked by
 * putUserId): refused.
 */
import type { Transaction } from 'kysely';
import { refuse } from '@core/refusals';
import { deletePartition, partitionKeyTaken } from '../../store/results';
import type { Database } from '../../store/schema';
import { singleAnswerKeyOf, type KeyPlan, type NamedKeys } from '../partition-key';

const takenByAnother = () => refuse('conflict');

export const partitionKeyFor = async (
  trx: Transaction<Database>,
  c: { appending: boolean; counter: number; surveyId: string; userId: string; keys: NamedKeys; plan: KeyPlan },
): Promise<string> => {
  if (c.appending) {
    const { plan } = c;
    const clientKey = plan.kind === 'new' ? plan.key : plan.kind === 'amend' ? plan.successor : null;
    if (clientKey && (await partitionKeyTaken(trx, clientKey))) throw takenByAnother();
    return clientKey ?? `${c.surveyId}#${c.userId}#${c.counter}`;
  }
  const key = singleAnswerKeyOf(c.keys, c.surveyId, c.userId);
  await deletePartition(trx, c.surveyId, c.userId, key);
  if (await partitionKeyTaken(trx, key)) throw takenByAnother();
  return key;
};
