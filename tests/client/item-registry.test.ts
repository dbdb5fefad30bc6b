import { describe, expect, it } from 'vitest';
import { ITEM_TYPES } from '@core/form/item-types';
import { itemDefEntries } from '@core/items/registry';
import { ON_DEMAND_ITEM_TYPES, itemUiOf, loadItemUis } from '../../src/items/registry';

describe('the item component registry', () => {
  it('has a component for every item type (setup.ts loaded the on-demand ones)', () => {
    for (const type of ITEM_TYPES) expect(typeof itemUiOf(type).Component).toBe('function');
    expect(loadItemUis(ITEM_TYPES)).toBeNull();
  });

  it('covers the same types as the core item definitions', () => {
    expect([...ITEM_TYPES].sort()).toEqual(Object.keys(itemDefEntries).sort());
  });

  it('loads on demand the same types whose core definitions are loaded on demand', () => {
    // A type with its component in the first chunk but not its definition could not render at once.
    const lazyDefs = ITEM_TYPES.filter((t) => typeof itemDefEntries[t] === 'function');
    expect([...lazyDefs].sort()).toEqual([...ON_DEMAND_ITEM_TYPES].sort());
  });

  it('keeps the everyday types in the first chunk and loads the specialised ones on demand', () => {
    for (const type of ['text', 'textarea', 'radio', 'checkboxes', 'dropdown', 'date', 'number', 'email', 'phone'] as const)
      expect(ON_DEMAND_ITEM_TYPES).not.toContain(type);
    for (const type of ['reservation', 'selectProducts', 'secureFiles', 'image', 'facility', 'location'] as const)
      expect(ON_DEMAND_ITEM_TYPES).toContain(type);
  });
});
