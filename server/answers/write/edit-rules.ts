/**
 * A submission that changes a stored answer: the form's edit rules (rules.ts enforceRules), no
 * locked item changed, and the extras it keeps (extras.ts keptExtrasOf: a paid order stays).
 */
import type { Transaction } from 'kysely';
import type { AnswerRowInput, ResultRow } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { refuse } from '@core/refusals';
import { readExtras } from '../../store/extras';
import type { Database } from '../../store/schema';
import { NO_EXTRAS, isRefusal as isExtrasRefusal, keptExtrasOf, type AnswerExtras, type OrderPath } from '../extras';
import { enforceRules, lockedItemsChanged } from '../rules';

export const checkEdit = async (
  trx: Transaction<Database>,
  a: { config: ServedSurveyConfig; userId: string; rows: readonly AnswerRowInput[]; sentExtras: AnswerExtras; orderPath: OrderPath },
  edited: readonly ResultRow[] | null,
): Promise<AnswerExtras> => {
  if (edited) {
    const fields = await enforceRules(trx, a.config, edited, 'edit');
    const changed = lockedItemsChanged(a.config, fields, edited, a.rows);
    if (changed.length > 0) {
      const issues = changed.map((itemKey) => ({ path: itemKey, message: 'notEditable' }));
      throw refuse(fields === 'reservationOnly' ? 'reservation_only' : 'locked_item_changed', undefined, { issues });
    }
  }
  const amended = edited ? ((await readExtras(trx, a.config.surveyId, a.userId, (edited[0] as ResultRow).partitionKey)) ?? NO_EXTRAS) : null;
  const extras = keptExtrasOf(a.sentExtras, amended, a.orderPath);
  if (isExtrasRefusal(extras)) throw extras;
  return extras;
};
