/**
 * /admin/categories: the category tree (大分類/中分類/小分類) and its reservation items, edited in
 * place one change at a time by staff who configure, within the calendars of their teams. What
 * bookings use is hidden, not deleted.
 */
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from '@tanstack/react-router';
import { canDo } from '@core/rules/staff';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { AddCategory } from './add-category';
import { CategoryNode } from './category-node';
import { useCategoryEdit, useCategoryTree } from './category-queries';

const t = jaConsole.categoryTree;

export function CategoriesPage() {
  const me = useStaffMe();
  const tree = useCategoryTree(Boolean(me.data));
  const edit = useCategoryEdit();
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: '/admin/categories' }} replace />;
  const configures = canDo(me.data.role, 'configure');
  const data = tree.data;
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="sm">
        <Anchor component={Link} to="/admin/calendars" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {t.heading}
        </Title>
        <Text size="sm">{t.help}</Text>
        {configures ? null : <Alert color="gray">{t.readOnly}</Alert>}
        {tree.error ? <Alert color="red">{tree.error.message}</Alert> : null}
        {edit.error ? (
          <Alert color="red" role="alert" data-testid="category-error">
            {edit.error.message}
            <Button size="xs" variant="default" ml="sm" onClick={() => edit.reset()}>
              {t.reload}
            </Button>
          </Alert>
        ) : null}
        {edit.isSuccess ? (
          <Alert color="green" role="status">
            {t.done}
          </Alert>
        ) : null}
        {data ? (
          <Stack gap="xs" data-testid="category-tree">
            {data.tree.map((n) => (
              <CategoryNode key={n.id} node={n} siblings={data.tree.map((x) => x.id)} parentId={null} calendars={data.calendars} edit={edit} configures={configures} />
            ))}
            {configures && me.data.role === 'admin' ? <AddCategory parent={null} calendars={data.calendars} edit={edit} /> : null}
          </Stack>
        ) : (
          <LoadingText />
        )}
      </Stack>
    </ConsoleFrame>
  );
}
