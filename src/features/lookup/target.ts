import type { ServedSurveyConfig } from '@core/form/survey-config';
import { answersOf, type LookupAnswer } from './answers';
import { loadTarget, type StoredSearch } from './store';

/** The answer picked on the list (details, cancel), or null when the tab no longer holds it. */
export const storedAnswer = (config: ServedSurveyConfig, stored: StoredSearch | null): LookupAnswer | null => {
  const target = loadTarget();
  if (!stored || !target || target.surveyId !== config.surveyId) return null;
  return answersOf(config, stored.rows).find((a) => a.partitionKey === target.partitionKey) ?? null;
};
