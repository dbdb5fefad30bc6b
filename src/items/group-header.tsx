/**
 * Group header (グループ見出し): the title of an expandable section. The button carries
 * aria-expanded and aria-controls; the engine (src/form/section.tsx) shows or hides the body.
 */
import { Text, UnstyledButton } from '@mantine/core';
import { ChevronDownIcon } from './icons';
import type { ItemProps } from './types';

export function GroupHeaderItem(p: ItemProps<'groupHeader'>) {
  const open = p.section?.open ?? true;
  return (
    <div className="form-group-header">
      <UnstyledButton
        id={p.id}
        className="form-group-toggle"
        aria-expanded={open}
        aria-controls={p.section?.bodyId}
        onClick={p.section?.toggle}
      >
        <Text component="h2" fw={700} size="lg" className="form-group-title">
          {p.item.title}
        </Text>
        <span aria-hidden className="form-group-chevron" data-open={open || undefined}>
          <ChevronDownIcon />
        </span>
      </UnstyledButton>
      {p.description ? (
        <Text size="sm" c="dimmed" mt={4} component="div">
          {p.description}
        </Text>
      ) : null}
    </div>
  );
}
