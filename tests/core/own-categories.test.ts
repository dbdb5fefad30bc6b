import { describe, expect, it } from 'vitest';
import { offeredRoots, ownLargeCategoryOf } from '../../core/rules/own-categories';

const roots = [{ name: '内科' }, { name: '健診' }, { name: '予防接種' }];

describe('the large categories a form owns', () => {
  it('is the large category a reservation item fixes, and none when it only starts from one', () => {
    expect(ownLargeCategoryOf([{ type: 'text' }, { type: 'reservation', isFixedLargeCategory: true, categories_tree: { large: '予防接種' } }])).toBe('予防接種');
    expect(ownLargeCategoryOf([{ type: 'reservation', categories_tree: { large: '内科' } }])).toBeUndefined();
    expect(ownLargeCategoryOf([{ type: 'reservation', isFixedLargeCategory: true, categories_tree: {} }])).toBeUndefined();
    expect(ownLargeCategoryOf([{ type: 'text', isFixedLargeCategory: true, categories_tree: { large: '内科' } }])).toBeUndefined();
  });

  it('is left out of the items that do not name it, and offered by the one that does', () => {
    const owned = new Set(['予防接種']);
    expect(offeredRoots(roots, {}, owned).map((r) => r.name)).toEqual(['内科', '健診']);
    expect(offeredRoots(roots, { categories_tree: { large: '内科' } }, owned).map((r) => r.name)).toEqual(['内科', '健診']);
    expect(offeredRoots(roots, { categories_tree: { large: '予防接種' } }, owned).map((r) => r.name)).toEqual(['内科', '健診', '予防接種']);
    expect(offeredRoots(roots, {}, new Set()).map((r) => r.name)).toEqual(['内科', '健診', '予防接種']);
  });
});
