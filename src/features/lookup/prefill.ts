/**
 * What the search form offers filled in for a signed-in resident (issue 54): their own LINE
 * display name in a searchable name item, so they need not retype what the app knows. Reading
 * chosen: a name item is a text item titled with 氏名 or 名前, not a kana one (フリガナ, カナ…),
 * whose reading the display name does not give. Only the resident's own session is read; a kiosk
 * (a shared device) is offered nothing. A searchable phone item is offered the phone of the
 * resident's newest answer to this form that the device still holds (the outbox keeps their sent
 * answers a week, and only ever lists the signed-in resident's own).
 */
import type { AnswerRowInput } from '@core/contract/survey';
import type { SchemaItem } from '@core/form/survey-config';
import type { OutboxEntry } from '../../offline/outbox-snapshot';
import { sentRowsOf } from '../../offline/sent-entry';

const NAME_WORDS = /氏名|名前/;
const KANA_WORDS = /カナ|かな|フリガナ|ふりがな|ヨミ|よみ/;

export const isNameItem = (item: SchemaItem): boolean =>
  item.type === 'text' && NAME_WORDS.test(item.title ?? '') && !KANA_WORDS.test(item.title ?? '');

/** The rows of the newest answer to this form among the entries (newest first), refused ones left out. */
export const latestRowsOf = (entries: readonly OutboxEntry[], surveyId: string): AnswerRowInput[] => {
  const latest = entries.find((e) => e.endpoint === 'surveyResultsPutItem' && e.meta.surveyId === surveyId && e.status !== 'rejected');
  return latest ? sentRowsOf(latest) : [];
};

/** The conditions the form opens with when none were typed before. */
export const offeredConditions = (
  items: readonly SchemaItem[],
  displayName: string | undefined,
  recent: readonly Pick<AnswerRowInput, 'itemKey' | 'value'>[] = [],
): Record<string, string> => {
  const out: Record<string, string> = {};
  const name = displayName?.trim() ?? '';
  for (const item of items) {
    if (name !== '' && isNameItem(item)) out[item.itemKey] = name;
    const phone = item.type === 'phone' ? recent.find((r) => r.itemKey === item.itemKey)?.value : undefined;
    if (phone) out[item.itemKey] = phone;
  }
  return out;
};
