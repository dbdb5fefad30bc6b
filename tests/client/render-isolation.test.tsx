/**
 * Guards the long-form benchmark: a keystroke must re-render the field typed in and nothing else,
 * and a display condition must re-render only when its own question changes.
 */
import { Profiler, type ComponentType } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SurveyForm } from '../../src/form/survey-form';
import { ITEM_TYPES } from '@core/form/item-types';
import { itemUiOf } from '../../src/items/registry';
import type { ItemProps } from '../../src/items/types';
import { TODAY, demoConfig, makeConfig } from './form-harness';

const renders = new Map<string, number>();
const originals = new Map<string, ComponentType<ItemProps>>();

beforeEach(() => {
  renders.clear();
  // Count renders per item by wrapping every registered component.
  for (const type of ITEM_TYPES) {
    const ui = itemUiOf(type);
    const Original = ui.Component as ComponentType<ItemProps>;
    originals.set(type, Original);
    (ui as { Component: ComponentType<ItemProps> }).Component = (p: ItemProps) => {
      renders.set(p.item.itemKey, (renders.get(p.item.itemKey) ?? 0) + 1);
      return <Original {...p} />;
    };
  }
});

afterEach(() => {
  cleanup();
  for (const [type, Original] of originals) (itemUiOf(type as (typeof ITEM_TYPES)[number]) as { Component: unknown }).Component = Original;
});

const snapshot = () => new Map(renders);
const changedSince = (before: Map<string, number>) =>
  [...renders].filter(([k, n]) => (before.get(k) ?? 0) !== n).map(([k]) => k);

const mount = (config: ReturnType<typeof makeConfig>) => {
  const commits: string[] = [];
  render(
    <MantineProvider withCssVariables={false} withGlobalClasses={false}>
      <Profiler id="form" onRender={(_id, phase) => commits.push(phase)}>
        <SurveyForm config={config} send={async () => null} onSent={() => {}} today={TODAY} desktop={false} />
      </Profiler>
    </MantineProvider>,
  );
  return commits;
};

describe('render isolation', () => {
  it('re-renders only the field typed in (all-items form)', () => {
    const commits = mount(demoConfig('all-items'));
    const shimei = screen.getByLabelText(/^氏名/);
    expect(renders.get('furigana')).toBe(1);
    const before = snapshot();
    const commitsBefore = commits.length;
    fireEvent.change(shimei, { target: { value: '山' } });
    fireEvent.change(shimei, { target: { value: '山田' } });
    expect(changedSince(before)).toEqual(['shimei']);
    expect(renders.get('shimei')! - before.get('shimei')!).toBe(2);
    // One commit per keystroke (value and error batched together).
    expect(commits.length - commitsBefore).toBe(2);
  });

  it('re-renders a long form’s fields not at all while another is typed in', async () => {
    const schema = Array.from({ length: 300 }, (_, i) =>
      i % 15 === 0
        ? { itemKey: `g${i}`, type: 'groupHeader', title: `グループ${i}` }
        : i % 10 === 1
          ? { itemKey: `q${i}`, type: 'radio', title: `質問${i}`, options: ['はい', 'いいえ'] }
          : {
              itemKey: `t${i}`,
              type: 'text',
              title: `項目${i}`,
              isRequired: { value: i % 3 === 0 },
              ...(i % 10 === 2 ? { displayCondition: { type: 'show', questionId: `q${i - 1}`, answers: ['はい'] } } : {}),
            },
    );
    mount(makeConfig(schema));
    // Progressive rendering has finished: every item is in the DOM.
    await waitFor(() => expect(screen.getByTestId('survey-form').getAttribute('data-rendered')).toBe('all'));
    // 300 items less the 30 whose display condition hides them.
    expect(document.querySelectorAll('[data-item-key]').length).toBe(270);
    // By id: label queries over a 300-item DOM take seconds in jsdom.
    const first = document.getElementById('f-t3')!;
    expect(first.closest('[data-item-key]')!.textContent).toContain('項目3');
    const before = snapshot();
    for (const v of ['a', 'ab', 'abc']) fireEvent.change(first, { target: { value: v } });
    expect(changedSince(before)).toEqual(['t3']);

    // A condition's question re-renders itself and the one item it shows.
    const before2 = snapshot();
    fireEvent.click(document.querySelector<HTMLInputElement>('[data-item-key="q1"] input[value="はい"]')!);
    expect(changedSince(before2).sort()).toEqual(['q1', 't2']);
  });
});
