/**
 * Bringing an item in error into view: its section opened, its title at the top of the screen
 * (block 'start' with the item's scroll-margin-top in form.css, so a tall item's title is never
 * scrolled above the viewport), then its input focused.
 */
import type { FormEngine } from './engine-context';
import { inputIdOf, itemIdOf } from './item-host';

export const openSectionOf = (engine: FormEngine, key: string) => {
  const section = engine.plan.sectionOf.get(key);
  if (section !== undefined) engine.store.setOpen(section, true);
};

/** The first of `keys` in form order, or undefined. */
export const firstInForm = (engine: FormEngine, keys: ReadonlySet<string>): string | undefined =>
  engine.plan.items.find((p) => keys.has(p.key))?.key;

/** Opens the sections holding the given items and brings the first of them into view. */
export const revealFirst = (engine: FormEngine, keys: ReadonlySet<string>) => {
  for (const key of keys) openSectionOf(engine, key);
  const first = firstInForm(engine, keys);
  if (first === undefined) return;
  // After the opened sections have rendered.
  const later = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (f: () => void) => setTimeout(f, 0);
  later(() => {
    const el = document.getElementById(itemIdOf(first));
    el?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    const input = document.getElementById(inputIdOf(first)) ?? el?.querySelector<HTMLElement>('input, textarea, select, button');
    input?.focus({ preventScroll: true });
  });
};
