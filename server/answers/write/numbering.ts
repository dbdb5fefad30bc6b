/**
 * The survey's automatic numbering items (spec 01 §3 isAutomaticNumbering), as rows: a changed
 * answer keeps the number it had, a new one claims the next (members/numbers.ts). Claimed after
 * the resident's and the answer's counters and before any slot, in that lock order.
 */
import type { Transaction } from 'kysely';
import type { AnswerRowInput, ResultRow } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { claimAutomaticNumber, surveyNumberScope } from '../../members/numbers';
import type { Database } from '../../store/schema';

export const numbersOf = async (trx: Transaction<Database>, config: ServedSurveyConfig, edited: readonly ResultRow[] | null): Promise<AnswerRowInput[]> => {
  const out: AnswerRowInput[] = [];
  for (const item of config.surveySchema) {
    if (item.type !== 'numbering' || item.isAutomaticNumbering !== true) continue;
    const kept = edited?.find((r) => r.itemKey === item.itemKey)?.value;
    const value =
      kept ??
      (await claimAutomaticNumber(trx, { scope: surveyNumberScope(config.surveyId), prefix: config.surveySubId, lastResultNumber: config.lastResultNumber }));
    out.push({ surveyId: config.surveyId, itemKey: item.itemKey, value });
  }
  return out;
};
