/**
 * Issue 54: one requiredness wording per item type, as spec 01 §5 gives it (必須です; 必須項目 for
 * the select-like types): what a required item shows on screen after an empty submit is its type's
 * requiredKey text, whatever the item's own component adds.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ITEM_TYPES, type ItemType } from '@core/form/item-types';
import { itemDefOf, loadItemDefs } from '@core/items/registry';
import { itemSamplesOf } from '@core/items/samples';
import { ja } from '../../src/messages/ja';
import { loadItemUis } from '../../src/items/registry';
import { itemEl, makeConfig, renderForm } from './form-harness';

afterEach(cleanup);

/** Types with no answer of their own, or whose answer the server or staff gives. */
const NOT_ASKED: ReadonlySet<ItemType> = new Set(['paragraph', 'linkButton', 'groupHeader', 'choiceGroupHeader', 'sesshuVaccineMaker', 'sesshuJisshiDate', 'memberNumber', 'numbering']);
/** Types whose required check needs the network (a slot, a catalogue, a ward): their keys are checked in tests/core. */
const NEEDS_SERVER: ReadonlySet<ItemType> = new Set(['reservation', 'selectProducts', 'selectPayType', 'selectBed']);

it('shows each type its own required text, and only that', async () => {
  const types = ITEM_TYPES.filter((t) => !NOT_ASKED.has(t) && !NEEDS_SERVER.has(t));
  await loadItemDefs([...ITEM_TYPES]);
  await loadItemUis([...ITEM_TYPES]);
  const schema = types.map((t) => ({ ...itemSamplesOf(t).configs[0], itemKey: `k_${t}`, type: t, title: `項目${t}`, isRequired: { value: true } }));
  renderForm(makeConfig(schema));
  fireEvent.click(screen.getByTestId('submit-button'));
  for (const t of types) {
    const expected = ja.validation[itemDefOf(t).requiredKey];
    const shown = itemEl(`k_${t}`)?.querySelector('[id$="-error"]')?.textContent ?? null;
    expect(shown, t).toBe(expected);
  }
  expect(screen.getByTestId('form-notice-text').textContent).toBe(`${types.length}件の項目を確認してください`);
});
