/**
 * The form's sections as elements (issue 60). Hydrating the server's form (whole), each section is
 * a Suspense boundary of its own: React hydrates the form's shell first, so the form answers input
 * at once, and the sections after it in slices, a section the resident touches first (selective
 * hydration of discrete events). Once a part of the form is hydrated, `onPartHydrated` is told its
 * item keys: what was typed or filled into it before (src/ssr/replay.ts) is given to it then.
 */
import { Suspense, useEffect, useMemo } from 'react';
import type { FormEngine } from './engine-context';
import { Section } from './section';

/** Called with a part's item keys once React owns its elements. */
export type OnPartHydrated = (itemKeys: readonly string[]) => void;

/** Renders nothing; its effect runs once the part it sits in is hydrated. */
export function PartHydrated({ itemKeys, onHydrated }: { itemKeys: readonly string[]; onHydrated: OnPartHydrated }) {
  useEffect(() => onHydrated(itemKeys), [itemKeys, onHydrated]);
  return null;
}

/**
 * Kept as elements while the engine, the limit and the callback stay: a render of the form then
 * sends no update to a section still to be hydrated (React would have to hydrate it first).
 */
export const useSectionElements = (engine: FormEngine, limit: number, whole: boolean, onPartHydrated: OnPartHydrated | undefined) =>
  useMemo(
    () =>
      engine.plan.sections.map((s) => {
        if (s.start >= limit) return null;
        const key = s.key || '(lead)';
        const section = <Section key={key} section={s} limit={limit} />;
        if (!whole) return section;
        const itemKeys = [...(s.header ? [s.key] : []), ...s.items.map((p) => p.key)];
        return (
          <Suspense key={key} fallback={null}>
            {section}
            {onPartHydrated ? <PartHydrated itemKeys={itemKeys} onHydrated={onPartHydrated} /> : null}
          </Suspense>
        );
      }),
    [engine, limit, whole, onPartHydrated],
  );
