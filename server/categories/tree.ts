/**
 * The category tree as rows make it (server/store/category-edits.ts), for staff: each node with
 * its items and children, what is under it (ids, calendars), and the answer staff read, marking
 * what bookings use and what the caller may edit (core/rules/category-edits.ts categoryInReach).
 */
import type { StaffCategoryNode } from '@core/contract/staff-categories';
import { categoryInReach } from '@core/rules/category-edits';
import type { StaffRole } from '@core/rules/staff';
import type { allCategoryRows, allItemRows } from '../store/category-edits';

type CategoryRow = Awaited<ReturnType<typeof allCategoryRows>>[number];
type ItemRow = Awaited<ReturnType<typeof allItemRows>>[number];

export interface TreeNode {
  row: CategoryRow;
  items: ItemRow[];
  children: TreeNode[];
}

export interface Tree {
  roots: TreeNode[];
  byId: Map<string, TreeNode>;
}

export const buildTree = (rows: readonly CategoryRow[], items: readonly ItemRow[]): Tree => {
  const byId = new Map<string, TreeNode>();
  const roots: TreeNode[] = [];
  // Rows come by level, so a parent is always placed before its children.
  for (const row of rows) {
    const node: TreeNode = { row, items: [], children: [] };
    byId.set(row.category_id, node);
    const parent = row.parent_id ? byId.get(row.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  for (const it of items) byId.get(it.category_id)?.items.push(it);
  return { roots, byId };
};

export const idsUnder = (node: TreeNode): string[] => [node.row.category_id, ...node.children.flatMap(idsUnder)];

export const calendarsUnder = (node: TreeNode): string[] => [...new Set([node.row.calendar_id, ...node.children.flatMap(calendarsUnder)].filter((c): c is string => c !== null))];

export const ancestorIds = (tree: Tree, node: TreeNode): string[] => {
  const out: string[] = [];
  for (let p = node.row.parent_id ? tree.byId.get(node.row.parent_id) : undefined; p; p = p.row.parent_id ? tree.byId.get(p.row.parent_id) : undefined) out.push(p.row.category_id);
  return out;
};

export interface Reach {
  staff: { role: StaffRole; teams: readonly string[] };
  teams: ReadonlyMap<string, readonly string[]>;
}

export const inReach = (reach: Reach, node: TreeNode | null): boolean =>
  node === null ? reach.staff.role === 'admin' : categoryInReach(reach.staff, calendarsUnder(node), (c) => reach.teams.get(c) ?? []);

export const staffTreeOf = (tree: Tree, used: { categories: ReadonlySet<string>; items: ReadonlySet<string> }, reach: Reach): StaffCategoryNode[] => {
  const toNode = (n: TreeNode): StaffCategoryNode => ({
    id: n.row.category_id,
    name: n.row.name,
    level: Number(n.row.level),
    calendarId: n.row.calendar_id,
    hidden: Number(n.row.hidden) === 1,
    inUse: idsUnder(n).some((id) => used.categories.has(id)),
    editable: inReach(reach, n),
    items: n.items.map((i) => ({ itemId: i.item_id, itemName: i.item_name, cost: Number(i.cost), hidden: Number(i.hidden) === 1, inUse: used.items.has(`${i.category_id}|${i.item_id}`) })),
    children: n.children.map(toNode),
  });
  return tree.roots.map(toNode);
};
