import { useEffect, useMemo, useState } from 'react';
import type { ItemType } from '@core/form/item-types';
import { loadItemUis } from '../items/registry';

export type ItemTypesState = 'ready' | 'loading' | 'failed';

/**
 * Whether the code of these item types is here: the rarer types' components and definitions load on
 * demand (src/items/registry.ts), and nothing may validate or render an item of them before.
 */
export function useItemTypes(types: readonly ItemType[] | undefined): ItemTypesState {
  const key = types ? [...new Set(types)].sort().join(' ') : '';
  // Keyed by the list's content: a new array of the same types asks nothing again.
  const pending = useMemo(() => (types ? loadItemUis(types) : null), [key]);
  const [settled, setSettled] = useState<{ of: Promise<void>; failed: boolean } | null>(null);
  useEffect(() => {
    if (!pending) return;
    let live = true;
    pending.then(
      () => live && setSettled({ of: pending, failed: false }),
      () => live && setSettled({ of: pending, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [pending]);
  if (!pending) return 'ready';
  if (settled?.of !== pending) return 'loading';
  return settled.failed ? 'failed' : 'ready';
}
