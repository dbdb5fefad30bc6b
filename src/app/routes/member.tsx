import { Stack, Text, Title } from '@mantine/core';
import { createRoute, redirect } from '@tanstack/react-router';
import { ja } from '../../messages/ja';
import { stringsOnly } from '../search';
import { Route as rootRoute } from './root';

/**
 * Member registration (spec 02 §2: /member/{id}, and /login/member/{id} redirecting to it). Forms
 * with hasMember false and a memberFormId send residents here (spec 01 §4). The registration form
 * itself comes with the member issue; until then the page says so rather than showing nothing.
 */
export const memberRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/$id',
  component: MemberPage,
});

export const loginMemberRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login/member/$id',
  beforeLoad: ({ params, location }) => {
    throw redirect({
      to: '/member/$id',
      params: { id: params.id },
      search: stringsOnly(location.search as Record<string, unknown>),
      replace: true,
    });
  },
});

function MemberPage() {
  const { id } = memberRoute.useParams();
  return (
    <Stack gap="md" data-testid="member-page" data-member-form-id={id}>
      <Title order={1} size="h3">
        {ja.member.title}
      </Title>
      <Text>{ja.member.notYet}</Text>
    </Stack>
  );
}
