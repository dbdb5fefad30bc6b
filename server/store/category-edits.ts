/**
 * Reads and writes of the category tree edited in place by staff (server/categories/edit.ts), and
 * what bookings use: the live reservations' categories and items (a cancel deletes its rows, so a
 * cancelled booking no longer keeps an item from being deleted). Each write runs in the edit's
 * transaction.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

export const allCategoryRows = (db: Db) =>
  db.selectFrom('categories').select(['category_id', 'parent_id', 'name', 'level', 'sort_order', 'calendar_id', 'hidden']).orderBy('level').orderBy('sort_order').execute();

export const allItemRows = (db: Db) => db.selectFrom('reservation_items').select(['category_id', 'item_id', 'item_name', 'cost', 'sort_order', 'hidden']).orderBy('sort_order').execute();

/** What bookings use: category ids, and items as `categoryId|itemId`. */
export const usedByBookings = async (db: Db): Promise<{ categories: Set<string>; items: Set<string> }> => {
  const rows = await db.selectFrom('reservations').select(['category_id', 'item_id']).distinct().execute();
  return { categories: new Set(rows.map((r) => r.category_id)), items: new Set(rows.map((r) => `${r.category_id}|${r.item_id}`)) };
};

export const insertCategory = async (
  trx: Trx,
  row: { category_id: string; parent_id: string | null; name: string; level: number; sort_order: number; calendar_id: string | null; tag1: string; tag2: string | null; tag3: string | null },
): Promise<void> => {
  await trx.insertInto('categories').values(row).execute();
};

const TAG_COLUMNS = ['tag1', 'tag2', 'tag3'] as const;

/** Renames a category at `level`; the path names of it and every category under it follow. */
export const renameCategory = async (trx: Trx, ids: readonly string[], categoryId: string, level: number, name: string): Promise<void> => {
  const column = TAG_COLUMNS[level - 1];
  if (!column) return;
  await trx.updateTable('categories').set({ name }).where('category_id', '=', categoryId).execute();
  await trx.updateTable('categories').set({ [column]: name }).where('category_id', 'in', [...ids]).execute();
};

export const orderCategories = async (trx: Trx, ids: readonly string[]): Promise<void> => {
  for (const [i, id] of ids.entries()) await trx.updateTable('categories').set({ sort_order: i }).where('category_id', '=', id).execute();
};

export const hideCategories = async (trx: Trx, ids: readonly string[], hidden: boolean): Promise<void> => {
  if (ids.length > 0) await trx.updateTable('categories').set({ hidden: hidden ? 1 : 0 }).where('category_id', 'in', [...ids]).execute();
};

export const deleteCategories = async (trx: Trx, ids: readonly string[]): Promise<void> => {
  if (ids.length === 0) return;
  await trx.deleteFrom('reservation_items').where('category_id', 'in', [...ids]).execute();
  await trx.deleteFrom('categories').where('category_id', 'in', [...ids]).execute();
};

export const insertItem = async (trx: Trx, row: { category_id: string; item_id: string; item_name: string; cost: number; sort_order: number }): Promise<void> => {
  await trx.insertInto('reservation_items').values(row).execute();
};

/** Sets an item's columns; false when there is no such item. */
export const updateItem = async (trx: Trx, categoryId: string, itemId: string, set: { item_name?: string; hidden?: number; sort_order?: number }): Promise<boolean> => {
  const r = await trx.updateTable('reservation_items').set(set).where('category_id', '=', categoryId).where('item_id', '=', itemId).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** Deletes an item no live reservation names (checked in the statement); false when one does or there is none. */
export const deleteUnusedItem = async (trx: Trx, categoryId: string, itemId: string): Promise<boolean> => {
  const r = await trx
    .deleteFrom('reservation_items')
    .where('category_id', '=', categoryId)
    .where('item_id', '=', itemId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('reservations').select('reservations.item_id').where('reservations.category_id', '=', categoryId).where('reservations.item_id', '=', itemId))))
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
};
