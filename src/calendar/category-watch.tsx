/**
 * Gives a form's bunruiKey display conditions (core/form/visibility.ts) the category tree: the
 * names along the path of a reservation's category. Loaded only by forms that have such a
 * condition; until the tree is here (or when it cannot be read) such conditions match nothing,
 * as on the server for a category it does not know.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CategoryNode } from '@core/contract/calendars';
import type { CategoryLookup } from '@core/form/visibility';
import type { FormEngine } from '../form/engine-context';
import { pathTo } from './categories';
import { categoriesTreeQuery } from './queries';

/** tag1..tag3 of a category from the tree, as the server's category rows hold them. */
export const categoryLookupOf =
  (tree: readonly CategoryNode[]): CategoryLookup =>
  (id) => {
    const path = pathTo(tree, id);
    const [large, medium, small] = path;
    return large ? { tag1: large.name, tag2: medium?.name ?? null, tag3: small?.name ?? null } : null;
  };

export function CategoryWatch({ engine }: { engine: FormEngine }) {
  const tree = useQuery(categoriesTreeQuery());
  const roots = tree.data?.data;
  useEffect(() => {
    if (!roots) return;
    engine.plan.setCategoryLookup(categoryLookupOf(roots));
    for (const key of engine.plan.categoryQuestions) engine.store.touch(key);
  }, [engine, roots]);
  return null;
}
