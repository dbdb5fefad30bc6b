/**
 * Which item of a form holds the person's name. Reading chosen (issue 54): a name item is a text
 * item titled with 氏名 or 名前, not a kana one (フリガナ, カナ…). The resident's search form fills
 * it with their display name; the staff day sheet shows a booking under it.
 */
const NAME_WORDS = /氏名|名前/;
const KANA_WORDS = /カナ|かな|フリガナ|ふりがな|ヨミ|よみ/;

export const isNameItem = (item: { type: string; title?: string | undefined }): boolean =>
  item.type === 'text' && NAME_WORDS.test(item.title ?? '') && !KANA_WORDS.test(item.title ?? '');

/** The form's first name item's key; null when it has none (the booking then shows its registrant). */
export const nameItemKeyOf = (schema: readonly { itemKey: string; type: string; title?: string | undefined }[]): string | null =>
  schema.find(isNameItem)?.itemKey ?? null;
