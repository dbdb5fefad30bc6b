/**
 * How a lookup or member search condition is compared with a stored answer (spec 01 §5). Both sides
 * are reduced to one key: width, case, spaces and dashes folded (core/ja/fold.ts); a phone item
 * also reads a leading +81 or 81 as 0 (core/ja/phone.ts), so a member registered with 09012345678
 * is found by +81 90-1234-5678. A search item is found by the entry chosen, not the condition
 * stored with it (core/items/search.ts); a condition typed as text reads as an entry alone.
 */
import type { ItemType } from '../form/item-types';
import { foldForMatch } from '../ja/fold';
import { normalizePhone } from '../ja/phone';
import { parseSearchValue } from '../items/search';

export const searchKeyOf = (value: string, type: ItemType | undefined): string =>
  type === 'phone'
    ? normalizePhone(value.trim())
    : type === 'search'
      ? foldForMatch(parseSearchValue(value)?.data ?? value)
      : foldForMatch(value);

/** The search key function of a form: each item's key by its type. */
export const searchKeysOf = (schema: readonly { itemKey: string; type: ItemType }[]) => {
  const types = new Map(schema.map((i) => [i.itemKey, i.type] as const));
  return (itemKey: string, value: string): string => searchKeyOf(value, types.get(itemKey));
};
