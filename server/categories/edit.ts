/**
 * One staff edit of the category tree, in its transaction (issue 58): the tree read inside it,
 * the edit checked against it (core/rules/category-edits.ts: levels, names, a reorder of exactly
 * the siblings there are, reach), then written in place. A category or item bookings use is not
 * deleted (category_in_use): staff hide it, residents no longer see it, bookings keep its name.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { CategoryEdit } from '@core/contract/staff-categories';
import { CATEGORY_LEVELS, CATEGORY_NAME_MAX, categoryNameOf, sameMembers } from '@core/rules/category-edits';
import { inTeam } from '@core/rules/staff';
import { refuse } from '@core/refusals';
import type { Database } from '../store/schema';
import { findCalendar } from '../store/calendars';
import {
  allCategoryRows,
  allItemRows,
  deleteCategories,
  deleteUnusedItem,
  hideCategories,
  insertCategory,
  insertItem,
  orderCategories,
  renameCategory,
  updateItem,
  usedByBookings,
} from '../store/category-edits';
import { ancestorIds, buildTree, idsUnder, inReach, type Reach, type Tree, type TreeNode } from './tree';

type Trx = Transaction<Database>;

const newId = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

const nameOf = (raw: string): string => {
  const name = categoryNameOf(raw);
  if (name === null) throw refuse('category_name_invalid', { max: CATEGORY_NAME_MAX });
  return name;
};

/** The node, when it exists and is within reach. */
const reachNode = (tree: Tree, reach: Reach, categoryId: string): TreeNode => {
  const node = tree.byId.get(categoryId);
  if (!node) throw refuse('category_edit_missing');
  if (!inReach(reach, node)) throw refuse('staff_team_forbidden');
  return node;
};

/** What the edit touched, for its audit row: the new id of an add. */
export interface EditResult {
  id: string | null;
  targets: string[];
}

export const applyCategoryEdit = async (trx: Trx, edit: CategoryEdit, reach: Reach): Promise<EditResult> => {
  const tree = buildTree(await allCategoryRows(trx), await allItemRows(trx));
  switch (edit.op) {
    case 'addCategory': {
      const parent = edit.parentId === null ? null : (tree.byId.get(edit.parentId) ?? null);
      if (edit.parentId !== null && !parent) throw refuse('category_edit_missing');
      if (!inReach(reach, parent)) throw refuse('staff_team_forbidden');
      const level = parent ? Number(parent.row.level) + 1 : 1;
      if (level > CATEGORY_LEVELS) throw refuse('category_too_deep');
      if (edit.calendarId !== null) {
        if (!(await findCalendar(trx, edit.calendarId))) throw refuse('calendar_not_found');
        if (!inTeam(reach.staff, reach.teams.get(edit.calendarId) ?? [])) throw refuse('staff_team_forbidden');
      }
      const name = nameOf(edit.name);
      const id = newId('c');
      const path = parent ? [...pathOf(tree, parent), name] : [name];
      await insertCategory(trx, {
        category_id: id,
        parent_id: parent?.row.category_id ?? null,
        name,
        level,
        sort_order: (parent ? parent.children : tree.roots).length,
        calendar_id: edit.calendarId,
        tag1: path[0] as string,
        tag2: path[1] ?? null,
        tag3: path[2] ?? null,
      });
      // Under a hidden category a new one is hidden too: residents' tree has no place for it.
      if (parent && Number(parent.row.hidden) === 1) await hideCategories(trx, [id], true);
      return { id, targets: [id] };
    }
    case 'renameCategory': {
      const node = reachNode(tree, reach, edit.categoryId);
      await renameCategory(trx, idsUnder(node), node.row.category_id, Number(node.row.level), nameOf(edit.name));
      return { id: null, targets: [node.row.category_id] };
    }
    case 'orderCategories': {
      const parent = edit.parentId === null ? null : (tree.byId.get(edit.parentId) ?? null);
      if (edit.parentId !== null && !parent) throw refuse('category_edit_missing');
      if (!inReach(reach, parent)) throw refuse('staff_team_forbidden');
      const siblings = (parent ? parent.children : tree.roots).map((n) => n.row.category_id);
      if (!sameMembers(siblings, edit.ids)) throw refuse('category_order_changed');
      await orderCategories(trx, edit.ids);
      return { id: null, targets: edit.ids };
    }
    case 'hideCategory': {
      const node = reachNode(tree, reach, edit.categoryId);
      // Hidden with everything under it; shown again with its path, so residents can reach it.
      const ids = edit.hidden ? idsUnder(node) : [...idsUnder(node), ...ancestorIds(tree, node)];
      await hideCategories(trx, ids, edit.hidden);
      return { id: null, targets: ids };
    }
    case 'deleteCategory': {
      const node = reachNode(tree, reach, edit.categoryId);
      const ids = idsUnder(node);
      const used = await usedByBookings(trx);
      if (ids.some((id) => used.categories.has(id))) throw refuse('category_in_use');
      await deleteCategories(trx, ids);
      return { id: null, targets: ids };
    }
    case 'addItem': {
      const node = reachNode(tree, reach, edit.categoryId);
      const id = newId('i');
      await insertItem(trx, { category_id: node.row.category_id, item_id: id, item_name: nameOf(edit.itemName), cost: edit.cost, sort_order: node.items.length });
      return { id, targets: [`${node.row.category_id}_${id}`] };
    }
    case 'renameItem':
    case 'hideItem': {
      reachNode(tree, reach, edit.categoryId);
      const set = edit.op === 'renameItem' ? { item_name: nameOf(edit.itemName) } : { hidden: edit.hidden ? 1 : 0 };
      if (!(await updateItem(trx, edit.categoryId, edit.itemId, set))) throw refuse('category_edit_missing');
      return { id: null, targets: [`${edit.categoryId}_${edit.itemId}`] };
    }
    case 'orderItems': {
      const node = reachNode(tree, reach, edit.categoryId);
      if (!sameMembers(node.items.map((i) => i.item_id), edit.ids)) throw refuse('category_order_changed');
      for (const [i, itemId] of edit.ids.entries()) await updateItem(trx, edit.categoryId, itemId, { sort_order: i });
      return { id: null, targets: edit.ids.map((i) => `${edit.categoryId}_${i}`) };
    }
    case 'deleteItem': {
      const node = reachNode(tree, reach, edit.categoryId);
      if (!node.items.some((i) => i.item_id === edit.itemId)) throw refuse('category_edit_missing');
      if (!(await deleteUnusedItem(trx, edit.categoryId, edit.itemId))) throw refuse('category_in_use');
      return { id: null, targets: [`${edit.categoryId}_${edit.itemId}`] };
    }
  }
};

const pathOf = (tree: Tree, node: TreeNode): string[] => [...ancestorIds(tree, node).reverse().map((id) => tree.byId.get(id)?.row.name ?? ''), node.row.name];
