/**
 * /bed-reservation/$id and /bed-reservation-list/$id (spec 02 §2); both need a session, but a bed
 * form the server said is not open needs no sign-in to say so (本帳票が無効, as on /survey/$id).
 */
import { createRoute, redirect, useParams } from '@tanstack/react-router';
import { ClosedForm, closedBeforeSignIn } from '../../features/answer/closed-form';
import { laterRouteComponent } from '../later-route';
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

const BedReservationScreen = laterRouteComponent(() => import('../../features/beds/routes'), 'BedReservationRoute');

function BedReservationOrClosed() {
  const { id } = useParams({ from: '/bed-reservation/$id' });
  return closedBeforeSignIn(id) ? <ClosedForm /> : <BedReservationScreen />;
}

export const bedReservationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bed-reservation/$id',
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  beforeLoad: (match) => (closedOnServer(match.params.id) ? undefined : requireSession(match)),
  // The router waits for the bed screen's chunk, as for the route's screen alone.
  component: Object.assign(BedReservationOrClosed, { preload: BedReservationScreen.preload }),
});

export const bedHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bed-reservation-list/$id',
  beforeLoad: requireSession,
  component: laterRouteComponent(() => import('../../features/beds/routes'), 'BedHistoryRoute'),
});
