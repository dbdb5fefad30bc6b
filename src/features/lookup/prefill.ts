/**
 * What the search form offers filled in for a signed-in resident (issue 54): their own LINE
 * display name in a searchable name item, so they need not retype what the app knows. Reading
 * chosen: a name item is a text item titled with 氏名 or 名前, not a kana one (フリガナ, カナ…),
 * whose reading the display name does not give. Only the resident's own session is read; a kiosk
 * (a shared device) is offered nothing. The phone is not offered: no store of the resident's own
 * latest answer is read here.
 */
import type { SchemaItem } from '@core/form/survey-config';

const NAME_WORDS = /氏名|名前/;
const KANA_WORDS = /カナ|かな|フリガナ|ふりがな|ヨミ|よみ/;

export const isNameItem = (item: SchemaItem): boolean =>
  item.type === 'text' && NAME_WORDS.test(item.title ?? '') && !KANA_WORDS.test(item.title ?? '');

/** The conditions the form opens with when none were typed before. */
export const offeredConditions = (items: readonly SchemaItem[], displayName: string | undefined): Record<string, string> => {
  const name = displayName?.trim() ?? '';
  if (name === '') return {};
  return Object.fromEntries(items.filter(isNameItem).map((i) => [i.itemKey, name]));
};
