/** Static text: a heading and the description with its links; no input. */
import { Text } from '@mantine/core';
import type { ItemProps } from './types';

export function ParagraphItem(p: ItemProps<'paragraph'>) {
  return (
    <div className="form-paragraph">
      {p.item.title ? (
        <Text fw={700} id={p.id}>
          {p.item.title}
        </Text>
      ) : null}
      {p.description ? (
        <Text size="sm" mt={4} component="div">
          {p.description}
        </Text>
      ) : null}
    </div>
  );
}
