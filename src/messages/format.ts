import type { ValidationIssue } from '@core/items/define';
import { readDateText } from '../lib/ja-dates';
import { ja } from './ja';

/**
 * The Japanese text of a validator's issue, its `{name}` placeholders filled from the issue's
 * params. A placeholder with no param is left as written, so a missing param shows in review
 * instead of silently reading as an empty string. A date param (YYYY-MM-DD, as validators give
 * it) reads in Japanese, YYYY年M月D日（曜）.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const formatMessage = (issue: ValidationIssue): string =>
  ja.validation[issue.key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = issue.params?.[name];
    if (v === undefined) return whole;
    return typeof v === 'string' && ISO_DATE.test(v) ? readDateText(v) : String(v);
  });
