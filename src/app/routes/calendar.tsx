/**
 * /calendar and /calendar/$id (spec 02 §2). /calendar/$id is the form $id with its reservation
 * item as the first step (see CalendarRoute). /calendar without an id opens the "default
 * calendar": read here as the first open (enabled) form, in the order the open-forms list gives,
 * whose schema has a reservation item.
 */
import { createRoute, redirect } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { surveyConfigQuery } from '../../features/answer/queries';
import { closedOnServer } from '../../lib/closed-form';
import { rememberTarget } from '../../lib/login-target';
import { getSession } from '../../lib/session';
import { stringsOnly, type PlainSearch } from '../search';
import { Route as rootRoute } from './root';

const requireSession = ({ location, preload }: { location: { pathname: string; searchStr: string }; preload: boolean }) => {
  if (getSession()) return;
  if (!preload) rememberTarget(`${location.pathname}${location.searchStr}`);
  throw redirect({ to: '/login', search: {}, replace: true });
};

export const calendarRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/calendar/$id',
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  // A form the server said is not open needs no sign-in to say so (CalendarRoute says 本帳票が無効).
  // ?admin=1: the screen decides (features/answer/admin-gate.tsx), sending a non-staff visitor to sign in.
  beforeLoad: (ctx) => (closedOnServer(ctx.params.id) || ctx.search.admin === '1' ? undefined : requireSession(ctx)),
  loader: ({ context, params }) => {
    if (getSession()) void context.queryClient.prefetchQuery(surveyConfigQuery(params.id));
  },
  component: laterRouteComponent(() => import('../../features/answer/survey-screen'), 'CalendarRoute'),
});

export const defaultCalendarRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/calendar',
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  beforeLoad: requireSession,
  component: laterRouteComponent(() => import('../default-calendar'), 'DefaultCalendar'),
});
