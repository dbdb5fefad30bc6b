/**
 * Files an answer names (spec 02 §3, §5): a secure file value must be an entry of the resident's
 * own, made for that item; an image key may not be someone else's upload. A photo that has not
 * arrived yet is allowed (the outbox may deliver the answer before the photo). A deleted answer
 * takes the files it named with it, unless another answer of the resident still names them; so
 * does a single answer written again, for the files the new one no longer names. (A changed
 * appending answer is kept, marked 取り消し, and keeps its files with it.)
 */
import type { Transaction } from 'kysely';
import type { AnswerRowInput } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { parseSecureFileValue } from '@core/items/secure-files';
import type { FormIssues } from '@core/form/validate';
import type { Database } from '../store/schema';
import type { ResultRow } from '@core/contract/result-rows';
import { deleteUserFiles, findFile, findUserFiles, itemValuesInSurvey } from '../store/files';
import type { FileStorage } from '../files/storage';
import type { Logger } from '../log';
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

/** The file a file item's stored value names: a photo's key, or a secure file entry's id. */
const fileIdOf = (type: string | undefined, value: string): string | null =>
  type === 'image' ? value : type === 'secureFiles' ? (parseSecureFileValue(value)?.id ?? null) : null;

type FormItems = Pick<ServedSurveyConfig, 'surveyId' | 'surveySchema'>;
const fileItemsOf = (config: FormItems) =>
  new Map(config.surveySchema.filter((i) => i.type === 'image' || i.type === 'secureFiles').map((i) => [i.itemKey, i.type]));

/** The rows of a replaced answer naming files its replacement does not name. */
export const filesDropped = (
  config: FormItems,
  replaced: readonly Pick<ResultRow, 'itemKey' | 'value'>[],
  next: readonly Pick<ResultRow, 'itemKey' | 'value'>[],
): Pick<ResultRow, 'itemKey' | 'value'>[] => {
  const fileItems = fileItemsOf(config);
  if (fileItems.size === 0) return [];
  const kept = new Set(next.flatMap((r) => fileIdOf(fileItems.get(r.itemKey), r.value) ?? []));
  return replaced.filter((r) => {
    const id = fileIdOf(fileItems.get(r.itemKey), r.value);
    return id !== null && !kept.has(id);
  });
};

/**
 * In the transaction that deleted an answer's rows: deletes the resident's files they named that
 * no other answer of theirs to the survey names (`table`: a member form's records). Answers the
 * blobs, to remove once it commits.
 * Without the form's config the items' types are unknown: the files stay.
 */
export const releaseFiles = async (
  trx: Transaction<Database>,
  config: FormItems | null,
  userId: string,
  deleted: readonly Pick<ResultRow, 'itemKey' | 'value'>[],
  table: 'survey_results' | 'member_results' = 'survey_results',
): Promise<string[]> => {
  if (!config) return [];
  const fileItems = fileItemsOf(config);
  const named = new Set(deleted.flatMap((r) => fileIdOf(fileItems.get(r.itemKey), r.value) ?? []));
  if (named.size === 0) return [];
  for (const r of await itemValuesInSurvey(trx, table, config.surveyId, userId, [...fileItems.keys()])) named.delete(fileIdOf(fileItems.get(r.itemKey), r.value) ?? '');
  return deleteUserFiles(trx, userId, [...named]);
};

/**
 * Removes released blobs from both areas (a file may have been in either). Best effort: a blob
 * left behind has no row and goes with the hourly orphan sweep (a recurring job).
 */
export const removeBlobs = async (storage: FileStorage, refs: readonly string[], log: Logger): Promise<void> => {
  for (const ref of refs) {
    for (const area of ['quarantine', 'store'] as const) {
      await storage.remove(area, ref).catch((e: unknown) => log('warn', { msg: 'file blob not removed', ref, area, error: String(e) }));
    }
  }
};
