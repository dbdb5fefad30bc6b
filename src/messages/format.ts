import type { ValidationIssue } from '@core/items/define';
import { ja } from './ja';

/**
 * The Japanese text of a validator's issue, its `{name}` placeholders filled from the issue's
 * params. A placeholder with no param is left as written, so a missing param shows in review
 * instead of silently reading as an empty string.
 */
export const formatMessage = (issue: ValidationIssue): string =>
  ja.validation[issue.key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = issue.params?.[name];
    return v === undefined ? whole : String(v);
  });
