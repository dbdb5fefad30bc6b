import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { surveyConfigQuery } from '../../features/answer/queries';
import { rememberTarget } from '../../lib/login';
import { getSession } from '../../lib/session';
import { stringsOnly, type PlainSearch } from '../search';
import { Route as rootRoute } from './root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/survey/$id',
  // partitionKey and item prefill parameters (spec 01 §2) pass through as plain strings.
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  // Auth guard (spec 01 §4): remember where the resident was going, then sign in.
  beforeLoad: ({ location, preload }) => {
    if (getSession()) return;
    if (!preload) rememberTarget(`${location.pathname}${location.searchStr}`);
    throw redirect({ to: '/login', search: {}, replace: true });
  },
  // The config request starts now, alongside the screen's code, not after the code has arrived;
  // not awaited, so the screen shows its own loading text and errors.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(surveyConfigQuery(params.id));
  },
  // lazyRouteComponent rather than React.lazy: the router loads the chunk before it renders the
  // route, so nothing suspends and React's 300 ms Suspense reveal throttle does not apply.
  component: lazyRouteComponent(() => import('../../features/answer/survey-screen'), 'SurveyRoute'),
});
