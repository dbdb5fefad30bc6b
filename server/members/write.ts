/**
 * A member registration's transaction script (POST /member-results/putItem): one record per
 * resident and member form, partition key `memberSurveyId#userId`. In the caller's write
 * transaction, locks in this order — the idempotency key, the record's revision counter, the
 * form's number counter — so two writes never wait on each other in a cycle.
 *
 * Member numbers: an automatic one is claimed (numbers.ts) when the record is new or was
 * cancelled, and kept when a live record is changed; a typed one is claimed by the primary key of
 * member_numbers, so a number someone else holds refuses the whole write. A member who changes
 * their typed number gives the old one back; a cancelled record keeps its number held for good.
 * Each number's row keeps it as original_value, which an update's existence check excludes.
 * A changed record lets go of the photos and files only the old one named (answers/files.ts).
 */
import type { Selectable, Transaction } from 'kysely';
import type { AnswerRowInput } from '@core/contract/survey';
import type { MemberConfig, MemberResultRow } from '@core/contract/member';
import type { SchemaItem } from '@core/form/survey-config';
import { NEW_ANSWER_STATUS, answerStatusOf, isEnded } from '@core/rules/status';
import type { AuthUser } from '../auth/verify';
import { refuse } from '@core/refusals';
import { filesDropped, releaseFiles } from '../answers/files';
import { sortKeyOf } from '../answers/rules';
import { DEFAULT_REGISTRANT_NAME } from '../answers/write/rows';
import { memberPrefixOf } from '../forms/member-bundle';
import { claimMemberNumber, deleteMemberPartition, insertMemberRows, listMemberRows, releaseMemberNumber, toMemberRow } from '../store/members';
import { REVISION_COUNTER, claimCounter } from '../store/results';
import type { Database, MemberResultTable } from '../store/schema';
import { claimAutomaticNumber, memberNumberScope } from './numbers';

export const memberPartitionKey = (surveyId: string, userId: string) => `${surveyId}#${userId}`;

/** Not in the spec's catalogue: the text of a refused registration whose typed number is taken. */

const numberTaken = (itemKey: string) =>
  refuse('saiban_exists', undefined, {
    itemIssues: { [itemKey]: [{ key: 'memberNumberTaken' }] },
    issues: [{ path: itemKey, message: 'memberNumberTaken' }],
  });

export interface MemberWrite {
  config: MemberConfig;
  user: AuthUser;
  /** Rows checked against the config (server/answers/check.ts): shown items, blanks dropped. */
  rows: readonly AnswerRowInput[];
}

/** The stored record, and the blobs of files it no longer names: to remove once the write commits. */
export const writeMemberRecord = async (
  trx: Transaction<Database>,
  { config, user, rows }: MemberWrite,
): Promise<{ stored: MemberResultRow[]; released: string[] }> => {
  const { surveyId } = config;
  const partitionKey = memberPartitionKey(surveyId, user.userId);
  const now = new Date().toISOString();
  // Serialises the resident's own writes of this record (a change racing a cancel).
  await claimCounter(trx, partitionKey, REVISION_COUNTER);
  const previous = await listMemberRows(trx, surveyId, user.userId, partitionKey);
  const live = previous.length > 0 && !isEnded(answerStatusOf(previous.map((r) => r.check)));

  const numbers = new Map<string, string>();
  for (const item of config.surveySchema) {
    if (item.type !== 'memberNumber') continue;
    const before = live ? previous.find((r) => r.itemKey === item.itemKey)?.value : undefined;
    if (item.isAutomaticNumbering === true) {
      const number =
        before ??
        (await claimAutomaticNumber(trx, { scope: memberNumberScope(surveyId), prefix: memberPrefixOf(config), lastResultNumber: config.lastResultNumber }));
      if (before === undefined && (await claimMemberNumber(trx, { surveyId, saiban: number, partitionKey, now })) === 'taken') throw numberTaken(item.itemKey);
      numbers.set(item.itemKey, number);
      continue;
    }
    const typed = rows.find((r) => r.itemKey === item.itemKey)?.value;
    if (typed !== before) {
      if (typed !== undefined && (await claimMemberNumber(trx, { surveyId, saiban: typed, partitionKey, now })) === 'taken') throw numberTaken(item.itemKey);
      if (before !== undefined) await releaseMemberNumber(trx, { surveyId, saiban: before, partitionKey });
    }
    if (typed !== undefined) numbers.set(item.itemKey, typed);
  }

  await deleteMemberPartition(trx, surveyId, user.userId, partitionKey);
  const dropped = filesDropped(config, previous, rows);
  const released = dropped.length > 0 ? await releaseFiles(trx, config, user.userId, dropped, 'member_results') : [];
  const items = new Map(config.surveySchema.map((i) => [i.itemKey, i]));
  const sent: AnswerRowInput[] = [
    ...rows.filter((r) => !numbers.has(r.itemKey)),
    ...[...numbers].map(([itemKey, value]) => ({ surveyId, itemKey, value })),
  ];
  const check = live ? answerStatusOf(previous.map((r) => r.check)) : NEW_ANSWER_STATUS;
  const createdAt = live ? previous.reduce((min, r) => (r.createdAt < min ? r.createdAt : min), now) : now;
  const registrantName = rows.find((r) => r.registrantName)?.registrantName ?? DEFAULT_REGISTRANT_NAME;
  const stored: Selectable<MemberResultTable>[] = sent.map((r) => {
    const item = items.get(r.itemKey) as SchemaItem;
    return {
      partition_key: partitionKey,
      sort_key: sortKeyOf(item, r),
      survey_id: surveyId,
      user_id: user.userId,
      item_key: r.itemKey,
      value: r.value,
      title: item.title || r.title || '',
      type: 'liff',
      check_status: check,
      user_search_key: null,
      is_liff_mode: 1,
      registrant_name: registrantName,
      user_name: user.name ?? null,
      clinic_attributes: r.clinicAttributes ?? null,
      answer_code: null,
      is_appending: 0,
      status: null,
      original_value: numbers.get(r.itemKey) ?? null,
      created_at: createdAt,
      updated_at: now,
    };
  });
  await insertMemberRows(trx, stored);
  return { stored: stored.map(toMemberRow), released };
};
