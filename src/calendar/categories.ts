/**
 * The three-level category pick of the reservation item (spec 01 §2, §3; core/items/reservation.ts
 * has the config readings): level labels, fixed levels, and which chosen category can be booked.
 */
import type { CategoryNode, TagLabels } from '@core/contract/calendars';
import type { CategoryPath } from '@core/items/reservation';
import { ja } from '../messages/ja';

export const LEVELS = ['large', 'medium', 'small'] as const;

export interface ReservationItemConfig {
  setLargeCategoryTitle?: string | null | undefined;
  setMediumCategoryTitle?: string | null | undefined;
  setSmallCategoryTitle?: string | null | undefined;
  isFixedLargeCategory?: boolean | undefined;
  isFixedMediumCategory?: boolean | undefined;
  isFixedSmallCategory?: boolean | undefined;
  categoryRequiredFlag?: boolean | undefined;
  categories_tree?: CategoryPath | undefined;
}

/** The level titles alone (what a queued answer keeps of the item, see src/offline/db.ts). */
export const levelTitlesOf = (item: ReservationItemConfig) => ({
  ...(item.setLargeCategoryTitle ? { setLargeCategoryTitle: item.setLargeCategoryTitle } : {}),
  ...(item.setMediumCategoryTitle ? { setMediumCategoryTitle: item.setMediumCategoryTitle } : {}),
  ...(item.setSmallCategoryTitle ? { setSmallCategoryTitle: item.setSmallCategoryTitle } : {}),
});

const blankToNull = (s: string | null | undefined): string | null => (s && s.trim() !== '' ? s : null);

/** Labels per level: the item's setXCategoryTitle, else the survey's tag name, else 大分類/中分類/小分類. */
export const levelLabels = (item: ReservationItemConfig, tags: TagLabels | undefined): [string, string, string] => [
  blankToNull(item.setLargeCategoryTitle) ?? blankToNull(tags?.tag1) ?? ja.calendar.largeCategory,
  blankToNull(item.setMediumCategoryTitle) ?? blankToNull(tags?.tag2) ?? ja.calendar.mediumCategory,
  blankToNull(item.setSmallCategoryTitle) ?? blankToNull(tags?.tag3) ?? ja.calendar.smallCategory,
];

export const fixedLevels = (item: ReservationItemConfig): [boolean, boolean, boolean] => [
  item.isFixedLargeCategory === true && !!item.categories_tree?.large,
  item.isFixedMediumCategory === true && !!item.categories_tree?.medium,
  item.isFixedSmallCategory === true && !!item.categories_tree?.small,
];

/** The nodes from the root down to the category `id`; [] when the tree does not hold it. */
export const pathTo = (tree: readonly CategoryNode[], id: string): CategoryNode[] => {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = pathTo(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
};

/** The first path of nodes whose names follow categories_tree, as far as those names go. */
export const pathByNames = (tree: readonly CategoryNode[], names: CategoryPath | undefined): CategoryNode[] => {
  const out: CategoryNode[] = [];
  let level: readonly CategoryNode[] = tree;
  for (const l of LEVELS) {
    const name = names?.[l];
    if (!name) break;
    const node = level.find((n) => n.name === name);
    if (!node) break;
    out.push(node);
    level = node.children;
  }
  return out;
};

/**
 * The chosen category a reservation is made at, or null while the pick is not complete enough.
 * categoryRequiredFlag (reading in core/items/reservation.ts): every level the tree has, down to a
 * leaf, which must have a calendar; without it the deepest chosen category that has a calendar.
 */
export const bookableCategory = (chosen: readonly CategoryNode[], requiredFlag: boolean): CategoryNode | null => {
  const last = chosen[chosen.length - 1];
  if (!last) return null;
  if (requiredFlag) return last.children.length === 0 && last.calendarId ? last : null;
  for (let i = chosen.length - 1; i >= 0; i -= 1) {
    const node = chosen[i] as CategoryNode;
    if (node.calendarId) return node;
  }
  return null;
};
