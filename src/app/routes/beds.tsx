/** /bed-reservation/$id and /bed-reservation-list/$id (spec 02 §2); both need a session. */
import { createRoute, redirect } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { rememberTarget } from '../../lib/login-target';
import { getSession } from '../../lib/session';
import { stringsOnly, type PlainSearch } from '../search';
import { Route as rootRoute } from './root';

const requireSession = ({ location, preload }: { location: { pathname: string; searchStr: string }; preload: boolean }) => {
  if (getSession()) return;
  if (!preload) rememberTarget(`${location.pathname}${location.searchStr}`);
  throw redirect({ to: '/login', search: {}, replace: true });
};

export const bedReservationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bed-reservation/$id',
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  beforeLoad: requireSession,
  component: laterRouteComponent(() => import('../../features/beds/routes'), 'BedReservationRoute'),
});

export const bedHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bed-reservation-list/$id',
  beforeLoad: requireSession,
  component: laterRouteComponent(() => import('../../features/beds/routes'), 'BedHistoryRoute'),
});
