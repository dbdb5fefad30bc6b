/**
 * One item on the screen. The host subscribes to the item's visibility (only the answers its
 * display condition reads), and a field host to its own value and error, so a keystroke
 * re-renders the one field typed in. Hosts are memoised on their plan entry, which never changes.
 */
import { memo, useMemo, type ComponentType } from 'react';
import { itemUiOf } from '../items/registry';
import type { ItemProps, SectionControl } from '../items/types';
import { useFormEngine, type FormEngine } from './engine-context';
import { useDerived, useFieldError, useFieldValue } from './form-store';
import { ItemLabel, itemDescription } from './item-frame';
import type { PlannedItem } from './plan';

export const inputIdOf = (key: string) => `f-${key}`;
export const itemIdOf = (key: string) => `item-${key}`;

/** Whether the item shows, re-evaluated only when an answer it depends on changes. */
export function useItemVisible(engine: FormEngine, p: PlannedItem | undefined): boolean {
  const deps = p && !p.neverShown ? p.visibilityDeps : [];
  return useDerived(engine.store, deps, (get) => (p ? !p.neverShown && engine.plan.isVisible(p.key, get) : true));
}

function useFrame(p: PlannedItem) {
  const label = useMemo(() => <ItemLabel title={p.item.title} required={p.required} />, [p]);
  const description = useMemo(() => itemDescription(p.item.description, p.item.imageUrl), [p]);
  return { label, description };
}

const FieldItem = memo(function FieldItem({ p }: { p: PlannedItem }) {
  const engine = useFormEngine();
  const value = useFieldValue(engine.store, p.key);
  const error = useFieldError(engine.store, p.key);
  const { onChange, onBlur } = engine.handlersOf(p.key);
  const { label, description } = useFrame(p);
  const Ui = itemUiOf(p.type).Component as ComponentType<ItemProps>;
  return (
    <Ui
      item={p.item}
      id={inputIdOf(p.key)}
      label={label}
      description={description}
      value={value}
      error={error}
      required={p.required}
      readOnly={p.readOnly}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
});

const NOOP = () => {};

/** Items without an answer (text, link buttons) and group headers, which get their section control. */
export const StaticItem = memo(function StaticItem({ p, section }: { p: PlannedItem; section?: SectionControl | undefined }) {
  const { label, description } = useFrame(p);
  const Ui = itemUiOf(p.type).Component as ComponentType<ItemProps>;
  return (
    <Ui
      item={p.item}
      id={inputIdOf(p.key)}
      label={label}
      description={description}
      value={undefined}
      error={undefined}
      required={false}
      readOnly={p.readOnly}
      onChange={NOOP}
      onBlur={NOOP}
      section={section}
    />
  );
});

export const ItemHost = memo(function ItemHost({ p }: { p: PlannedItem }) {
  const engine = useFormEngine();
  const visible = useItemVisible(engine, p);
  if (!visible) return null;
  return (
    <div id={itemIdOf(p.key)} className="form-item" data-testid="survey-item" data-item-key={p.key} data-item-type={p.type}>
      {p.hasValue ? <FieldItem p={p} /> : <StaticItem p={p} />}
    </div>
  );
});
