import { describe, expect, it } from 'vitest';
import { visibleItemKeys } from '@core/form/visibility';
import type { FormValue } from '@core/items/define';
import { buildPlan } from '../../src/form/plan';
import { demoConfig, makeConfig } from './form-harness';

/** Every combination of the given answers (each key: one of its values, or unanswered). */
const combinations = (choices: Record<string, (FormValue | undefined)[]>): Record<string, FormValue>[] =>
  Object.entries(choices).reduce<Record<string, FormValue>[]>(
    (acc, [key, values]) => acc.flatMap((v) => values.map((x) => (x === undefined ? v : { ...v, [key]: x }))),
    [{}],
  );

const samePerItemVisibility = (config: ReturnType<typeof makeConfig>, choices: Record<string, (FormValue | undefined)[]>) => {
  for (const mode of ['user', 'admin'] as const) {
    const plan = buildPlan(config, mode);
    for (const values of combinations(choices)) {
      const expected = visibleItemKeys(plan.shape, values, mode);
      const actual = new Set(plan.items.filter((p) => plan.isVisible(p.key, (k) => values[k])).map((p) => p.key));
      expect([...actual]).toEqual([...expected]);
      // A visibility that changes with the answers must list what it reads.
      for (const p of plan.items) {
        if (p.visibilityDeps.length > 0) continue;
        expect(plan.isVisible(p.key, () => undefined)).toBe(expected.has(p.key));
      }
    }
  }
};

describe('the renderer plan', () => {
  it('decides visibility item by item exactly as core visibleItemKeys does (all-items)', () => {
    samePerItemVisibility(demoConfig('all-items'), {
      kubun: [undefined, '市内在住', '市内在勤・在学', 'その他'],
      moushikomi_shubetsu: [undefined, '個人', '団体'],
    });
  });

  it('count of vaccines 1 hides the previous-vaccine items, and they list the count as what they read', () => {
    const config = makeConfig([
      { itemKey: 'kaisu', type: 'countVaccines', title: '接種回数' },
      { itemKey: 'maker', type: 'previousVaccineMaker', title: 'ワクチン', options: ['ファイザー'] },
      { itemKey: 'zenkai', type: 'previousVaccineDate', title: '前回の接種日' },
      { itemKey: 'jisshi', type: 'sesshuJisshiDate', title: '接種日' },
    ]);
    samePerItemVisibility(config, { kaisu: [undefined, '1', '2'] });
    const plan = buildPlan(config, 'user');
    expect(plan.byKey.get('zenkai')?.visibilityDeps).toEqual(['kaisu']);
    expect(plan.isVisible('zenkai', (k) => (k === 'kaisu' ? '1' : undefined))).toBe(false);
    expect(plan.isVisible('jisshi', (k) => (k === 'kaisu' ? '1' : undefined))).toBe(true);
  });

  it('follows chained conditions, checkbox questions, gated and admin sections', () => {
    const config = makeConfig([
      { itemKey: 'a', type: 'radio', title: 'A', options: ['x', 'y'] },
      { itemKey: 'b', type: 'checkboxes', title: 'B', options: ['p', 'q'], displayCondition: { type: 'show', questionId: 'a', answers: ['x'] } },
      { itemKey: 'c', type: 'text', title: 'C', displayCondition: { type: 'hide', questionId: 'b', answers: ['q'] } },
      { itemKey: 'g', type: 'choiceGroupHeader', title: 'G', options: ['s1', 's2'], sectionOptions: [{ option: 's1', groupheader: 'h1' }] },
      { itemKey: 'h1', type: 'groupHeader', title: 'H1' },
      { itemKey: 'd', type: 'text', title: 'D', displayCondition: { type: 'show', questionId: 'c', answers: ['z'] } },
      { itemKey: 'h2', type: 'groupHeader', title: 'H2', isAdminItem: true },
      { itemKey: 'e', type: 'text', title: 'E' },
      { itemKey: 'loop1', type: 'text', title: 'L1', displayCondition: { type: 'show', questionId: 'loop2', answers: ['1'] } },
      { itemKey: 'loop2', type: 'text', title: 'L2', displayCondition: { type: 'show', questionId: 'loop1', answers: ['1'] } },
    ]);
    samePerItemVisibility(config, {
      a: [undefined, 'x', 'y'],
      b: [undefined, ['p'], ['p', 'q']],
      c: [undefined, 'z'],
      g: [undefined, 's1', 's2'],
      loop1: [undefined, '1'],
      loop2: [undefined, '1'],
    });
    const plan = buildPlan(config, 'user');
    expect(plan.byKey.get('d')!.visibilityDeps).toEqual(expect.arrayContaining(['c', 'b', 'a', 'g']));
    expect(plan.byKey.get('e')!.neverShown).toBe(false);
    expect(plan.sections.map((s) => [s.key, s.items.map((i) => i.key)])).toEqual([
      ['', ['a', 'b', 'c', 'g']],
      ['h1', ['d']],
      ['h2', ['e', 'loop1', 'loop2']],
    ]);
  });
});
