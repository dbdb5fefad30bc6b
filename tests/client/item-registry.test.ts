import { describe, expect, it } from 'vitest';
import { ITEM_TYPES } from '@core/form/item-types';
import { itemDefs } from '@core/items/registry';
import { itemUis } from '../../src/items/registry';

describe('the item component registry', () => {
  it('has a component for every item type, and nothing else', () => {
    expect(Object.keys(itemUis).sort()).toEqual([...ITEM_TYPES].sort());
    for (const type of ITEM_TYPES) expect(typeof itemUis[type].Component).toBe('function');
  });

  it('covers the same types as the core item definitions', () => {
    expect(Object.keys(itemUis).sort()).toEqual(Object.keys(itemDefs).sort());
  });
});
