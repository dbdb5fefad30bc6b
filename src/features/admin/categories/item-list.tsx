/** A category's reservation items: each renamed, moved, hidden or shown, deleted when no booking uses it; one added. */
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { StaffCategoryNode } from '@core/contract/staff-categories';
import { jaConsole } from '../../../messages/ja-console';
import type { CategoryEditor } from './category-queries';
import { NameForm } from './name-form';
import { RowActions } from './row-actions';

const t = jaConsole.categoryTree;

export function ItemList({ node, edit, canEdit }: { node: StaffCategoryNode; edit: CategoryEditor; canEdit: boolean }) {
  const ids = node.items.map((i) => i.itemId);
  const move = (i: number, by: number) => {
    const next = [...ids];
    const [moved] = next.splice(i, 1);
    if (moved !== undefined) next.splice(i + by, 0, moved);
    edit.mutate({ op: 'orderItems', categoryId: node.id, ids: next });
  };
  return (
    <Stack gap={4} pl="md" data-testid="category-items" data-category={node.id}>
      <Text size="xs" c="dimmed">
        {t.items}
      </Text>
      {node.items.length === 0 ? <Text size="sm">{t.noItems}</Text> : null}
      {node.items.map((it, i) => (
        <Group key={it.itemId} gap="xs" data-testid="category-item" data-item={it.itemId} data-hidden={it.hidden ? 'true' : 'false'}>
          <Text size="sm">{it.itemName}</Text>
          {it.hidden ? <Badge color="gray">{t.hidden}</Badge> : null}
          {it.inUse ? <Badge color="blue">{t.inUse}</Badge> : null}
          {canEdit ? (
            <RowActions
              name={it.itemName}
              first={i === 0}
              last={i === node.items.length - 1}
              hidden={it.hidden}
              inUse={it.inUse}
              busy={edit.isPending}
              onMove={(by) => move(i, by)}
              onRename={(itemName) => edit.mutate({ op: 'renameItem', categoryId: node.id, itemId: it.itemId, itemName })}
              onHide={(hidden) => edit.mutate({ op: 'hideItem', categoryId: node.id, itemId: it.itemId, hidden })}
              onRemove={() => edit.mutate({ op: 'deleteItem', categoryId: node.id, itemId: it.itemId })}
            />
          ) : null}
        </Group>
      ))}
      {canEdit ? (
        <NameForm label={t.addItemOf.replace('{name}', node.name)} submit={t.addItem} busy={edit.isPending} onSubmit={(itemName) => edit.mutate({ op: 'addItem', categoryId: node.id, itemName, cost: 1 })} />
      ) : null}
    </Stack>
  );
}
