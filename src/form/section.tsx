/**
 * A group header's section: the header (its toggle) and the items up to the next header. Open by
 * default (or as the header's `expanded` says); the open state lives in the form store so submit
 * can open every section holding an invalid item. A closed section keeps its items mounted and
 * hidden, so their answers and errors stay as they were.
 */
import { memo, useMemo } from 'react';
import { useFormEngine } from './engine-context';
import { useSectionOpen } from './form-store';
import { ItemHost, StaticItem, inputIdOf, itemIdOf, useItemVisible } from './item-host';
import type { PlannedSection } from './plan';

/**
 * `limit`: items at this form-order index and after are not rendered yet (see SurveyForm's
 * progressive rendering).
 */
export const Section = memo(function Section({ section, limit }: { section: PlannedSection; limit: number }) {
  const engine = useFormEngine();
  const headerVisible = useItemVisible(engine, section.header);
  const open = useSectionOpen(engine.store, section.key, section.expandedByDefault);
  const bodyId = `section-${section.key}`;
  // The header counts as the section's first index.
  const first = section.header ? section.start + 1 : section.start;
  const items = limit >= first + section.items.length ? section.items : section.items.slice(0, Math.max(0, limit - first));
  const control = useMemo(
    () => ({ open, bodyId, toggle: () => engine.store.setOpen(section.key, !open) }),
    [open, bodyId, engine.store, section.key],
  );

  if (!section.header) {
    return (
      <div className="form-section form-section-lead">
        {items.map((p) => (
          <ItemHost key={p.key} p={p} />
        ))}
      </div>
    );
  }
  // A hidden header hides its whole section (core/form/visibility.ts).
  if (!headerVisible) return null;
  return (
    <section className="form-section" aria-labelledby={inputIdOf(section.key)} data-testid="form-section" data-section-key={section.key}>
      <div id={itemIdOf(section.key)} data-testid="survey-item" data-item-key={section.key} data-item-type={section.header.type}>
        <StaticItem p={section.header} section={control} />
      </div>
      <div id={bodyId} className="form-section-body" hidden={!open}>
        {items.map((p) => (
          <ItemHost key={p.key} p={p} />
        ))}
      </div>
    </section>
  );
});
