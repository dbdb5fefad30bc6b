/**
 * Files an answer names (spec 02 §3, §5): a secure file value must be an entry of the resident's
 * own, made for that item; an image key may not be someone else's upload. A photo that has not
 * arrived yet is allowed (the outbox may deliver the answer before the photo).
 */
import type { Transaction } from 'kysely';
import type { AnswerRowInput } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { parseSecureFileValue } from '@core/items/secure-files';
import type { FormIssues } from '@core/form/validate';
import type { Database } from '../store/schema';
import { findFile, findUserFiles } from '../store/files';
import { invalidAnswer } from './check';

export const checkFileValues = async (
  trx: Transaction<Database>,
  config: ServedSurveyConfig,
  userId: string,
  rows: readonly AnswerRowInput[],
): Promise<void> => {
  const issues: FormIssues = {};
  for (const item of config.surveySchema) {
    if (item.type !== 'secureFiles' && item.type !== 'image') continue;
    const values = rows.filter((r) => r.itemKey === item.itemKey).map((r) => r.value);
    if (values.length === 0) continue;
    if (item.type === 'secureFiles') {
      const ids = values.map((v) => parseSecureFileValue(v)?.id ?? '');
      const own = await findUserFiles(trx, userId, ids);
      const ok = ids.every((id) => own.some((f) => f.file_id === id && f.kind === 'secure' && f.item_key === item.itemKey));
      if (!ok) issues[item.itemKey] = [{ key: 'invalidValue' }];
    } else {
      for (const key of values) {
        const f = await findFile(trx, key);
        if (f && (f.user_id !== userId || f.kind !== 'image')) issues[item.itemKey] = [{ key: 'invalidValue' }];
      }
    }
  }
  if (Object.keys(issues).length > 0) throw invalidAnswer(issues);
};
