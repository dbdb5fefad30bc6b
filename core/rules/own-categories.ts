/**
 * Which large categories a reservation item offers. Spec 02 has one category tree for every form
 * and gives an item no way to leave a category out; reading (docs/SPEC-NOTES.md): an item that
 * fixes its large level (isFixedLargeCategory with categories_tree.large) makes that large
 * category its form's own, and an item that does not name it does not offer it. So a department's
 * own booking (the demo's 予防接種) stays out of the other forms' trees.
 */
import type { CategoryPath } from '../items/reservation';

interface ReservationLike {
  type: string;
  isFixedLargeCategory?: boolean | undefined;
  categories_tree?: CategoryPath | undefined;
}

/** The large category a form's reservation item fixes, if one does. */
export const ownLargeCategoryOf = (schema: readonly ReservationLike[]): string | undefined => {
  for (const item of schema) {
    const large = item.categories_tree?.large;
    if (item.type === 'reservation' && item.isFixedLargeCategory === true && large) return large;
  }
  return undefined;
};

/** The tree's roots an item offers: all but those other forms own, unless it names them itself. */
export const offeredRoots = <N extends { name: string }>(
  roots: readonly N[],
  item: { categories_tree?: CategoryPath | undefined },
  owned: ReadonlySet<string>,
): N[] => roots.filter((r) => !owned.has(r.name) || r.name === item.categories_tree?.large);

/**
 * Whether a form's reservation item can book a category at this path (its names per level): the
 * levels it fixes must match, and a large category another form owns is offered only to the
 * item that names it (offeredRoots). What the day sheet's walk-in offers for a calendar.
 */
export const offersCategory = (
  item: ReservationLike & { isFixedMediumCategory?: boolean | undefined; isFixedSmallCategory?: boolean | undefined },
  path: { large: string; medium: string | null; small: string | null },
  owned: ReadonlySet<string>,
): boolean => {
  const t = item.categories_tree;
  if (item.isFixedLargeCategory === true && t?.large && t.large !== path.large) return false;
  if (item.isFixedMediumCategory === true && t?.medium && t.medium !== path.medium) return false;
  if (item.isFixedSmallCategory === true && t?.small && t.small !== path.small) return false;
  return !owned.has(path.large) || t?.large === path.large;
};
