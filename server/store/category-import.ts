/**
 * The import's category tree written in place (server/forms/import.ts): every category and item
 * of the bundle upserted (a hidden flag staff set stays), and the ones the bundle no longer lists
 * deleted, unless a live booking names them (or a category under them): those stay, hidden, so
 * bookings keep their labels. Never the whole tree deleted and made again.
 */
import type { Transaction } from 'kysely';
import type { CategoryRow, Database, ItemRow } from './schema';
import { usedByBookings } from './category-edits';

type Trx = Transaction<Database>;

export const mergeCategories = async (trx: Trx, categories: readonly CategoryRow[], items: readonly ItemRow[]): Promise<{ keptHidden: string[] }> => {
  const used = await usedByBookings(trx);
  const before = await trx.selectFrom('categories').select(['category_id', 'parent_id']).execute();
  const beforeItems = await trx.selectFrom('reservation_items').select(['category_id', 'item_id']).execute();
  const listed = new Set(categories.map((c) => c.category_id));
  const listedItems = new Set(items.map((i) => `${i.category_id}|${i.item_id}`));
  const parentOf = new Map(before.map((r) => [r.category_id, r.parent_id]));
  // A category left out but used is kept, and so is each category above it.
  const kept = new Set<string>();
  for (const r of before) {
    if (listed.has(r.category_id) || !used.categories.has(r.category_id)) continue;
    for (let id: string | null | undefined = r.category_id; id && !listed.has(id); id = parentOf.get(id)) kept.add(id);
  }
  for (const c of categories) {
    const { parent_id, name, level, sort_order, calendar_id, tag1, tag2, tag3 } = c;
    await trx
      .insertInto('categories')
      .values(c)
      .onConflict((oc) => oc.column('category_id').doUpdateSet({ parent_id, name, level, sort_order, calendar_id, tag1, tag2, tag3 }))
      .execute();
  }
  for (const i of items) {
    await trx
      .insertInto('reservation_items')
      .values(i)
      .onConflict((oc) => oc.columns(['category_id', 'item_id']).doUpdateSet({ item_name: i.item_name, cost: i.cost, sort_order: i.sort_order }))
      .execute();
  }
  const gone = before.map((r) => r.category_id).filter((id) => !listed.has(id) && !kept.has(id));
  if (gone.length > 0) {
    await trx.deleteFrom('reservation_items').where('category_id', 'in', gone).execute();
    await trx.deleteFrom('categories').where('category_id', 'in', gone).execute();
  }
  if (kept.size > 0) await trx.updateTable('categories').set({ hidden: 1 }).where('category_id', 'in', [...kept]).execute();
  const goneSet = new Set(gone);
  for (const it of beforeItems) {
    const key = `${it.category_id}|${it.item_id}`;
    if (listedItems.has(key) || goneSet.has(it.category_id)) continue;
    if (used.items.has(key)) await trx.updateTable('reservation_items').set({ hidden: 1 }).where('category_id', '=', it.category_id).where('item_id', '=', it.item_id).execute();
    else await trx.deleteFrom('reservation_items').where('category_id', '=', it.category_id).where('item_id', '=', it.item_id).execute();
  }
  return { keptHidden: [...kept] };
};
