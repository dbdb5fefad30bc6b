import { createRoute, redirect } from '@tanstack/react-router';
import { stringsOnly } from '../search';
import { Route as rootRoute } from './root';

/** Old share links point at /login/survey/{id}; the survey route's guard does the login. */
export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login/survey/$id',
  beforeLoad: ({ params, location }) => {
    throw redirect({
      to: '/survey/$id',
      params: { id: params.id },
      search: stringsOnly(location.search as Record<string, unknown>),
      replace: true,
    });
  },
});
