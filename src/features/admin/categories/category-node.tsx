/** One category with its controls, its items and the categories under it (to three levels). */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { StaffCategoryNode } from '@core/contract/staff-categories';
import { CATEGORY_LEVELS } from '@core/rules/category-edits';
import { jaConsole } from '../../../messages/ja-console';
import { AddCategory } from './add-category';
import type { CategoryEditor } from './category-queries';
import { ItemList } from './item-list';
import { RowActions } from './row-actions';

const t = jaConsole.categoryTree;

interface NodeProps {
  node: StaffCategoryNode;
  siblings: string[];
  parentId: string | null;
  calendars: { calendarId: string; name: string }[];
  edit: CategoryEditor;
  configures: boolean;
}

export function CategoryNode({ node, siblings, parentId, calendars, edit, configures }: NodeProps) {
  const canEdit = configures && node.editable;
  const i = siblings.indexOf(node.id);
  const move = (by: number) => {
    const next = [...siblings];
    next.splice(i, 1);
    next.splice(i + by, 0, node.id);
    edit.mutate({ op: 'orderCategories', parentId, ids: next });
  };
  const calendarName = node.calendarId ? (calendars.find((c) => c.calendarId === node.calendarId)?.name ?? node.calendarId) : null;
  return (
    <Card withBorder padding="xs" data-testid="category-node" data-category={node.id} data-hidden={node.hidden ? 'true' : 'false'}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t.levels[node.level - 1]}
          </Text>
          <Text fw={500}>{node.name}</Text>
          {calendarName ? <Text size="xs">{t.calendar.replace('{name}', calendarName)}</Text> : null}
          {node.hidden ? <Badge color="gray">{t.hidden}</Badge> : null}
          {node.inUse ? <Badge color="blue">{t.inUse}</Badge> : null}
          {canEdit ? (
            <RowActions
              name={node.name}
              first={i === 0}
              last={i === siblings.length - 1}
              hidden={node.hidden}
              inUse={node.inUse}
              busy={edit.isPending}
              onMove={move}
              onRename={(name) => edit.mutate({ op: 'renameCategory', categoryId: node.id, name })}
              onHide={(hidden) => edit.mutate({ op: 'hideCategory', categoryId: node.id, hidden })}
              onRemove={() => edit.mutate({ op: 'deleteCategory', categoryId: node.id })}
            />
          ) : null}
        </Group>
        {node.calendarId || node.items.length > 0 ? <ItemList node={node} edit={edit} canEdit={canEdit} /> : null}
        <Stack gap={4} pl="md">
          {node.children.map((c) => (
            <CategoryNode key={c.id} node={c} siblings={node.children.map((x) => x.id)} parentId={node.id} calendars={calendars} edit={edit} configures={configures} />
          ))}
          {canEdit && node.level < CATEGORY_LEVELS ? <AddCategory parent={node} calendars={calendars} edit={edit} /> : null}
        </Stack>
      </Stack>
    </Card>
  );
}
