/**
 * The lookup routes of spec 01 §2: survey selection, search form, list, details, cancel confirm.
 * All need a session (the confirm step sends to login and back); the list, details and cancel
 * pages also need the search the resident made in this tab, else they start over at /confirm.
 */
import { createRoute, redirect } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { rememberTarget } from '../../lib/login-target';
import { getSession } from '../../lib/session';
import { stringsOnly, type PlainSearch } from '../search';
import { Route as rootRoute } from './root';

const SEARCH_KEY = 'lookup:search';

const hasStoredSearch = (): boolean => {
  try {
    return globalThis.sessionStorage?.getItem(SEARCH_KEY) != null;
  } catch {
    return false;
  }
};

/** Without a session: remember the page, then sign in (as the survey route does). */
const requireSession = ({ location, preload }: { location: { pathname: string; searchStr: string }; preload: boolean }) => {
  if (getSession()) return;
  if (!preload) rememberTarget(`${location.pathname}${location.searchStr}`);
  throw redirect({ to: '/login', search: {}, replace: true });
};

/** Spec 01 §2: without a session or without loaded results, replaced to the confirm step. */
const requireResults = () => {
  if (getSession() && hasStoredSearch()) return;
  throw redirect({ to: '/confirm', replace: true });
};

const screen = {
  select: laterRouteComponent(() => import('../../features/lookup/select-screen'), 'SelectScreen'),
  search: laterRouteComponent(() => import('../../features/lookup/search-screen'), 'SearchScreen'),
  list: laterRouteComponent(() => import('../../features/lookup/list-screen'), 'ListScreen'),
  details: laterRouteComponent(() => import('../../features/lookup/details-screen'), 'DetailsScreen'),
  cancel: laterRouteComponent(() => import('../../features/lookup/cancel-screen'), 'CancelScreen'),
};

const plain = (search: Record<string, unknown>): PlainSearch => stringsOnly(search);

export const confirmRoute = createRoute({ getParentRoute: () => rootRoute, path: '/confirm', beforeLoad: requireSession, component: screen.select });
export const confirmIdRoute = createRoute({ getParentRoute: () => rootRoute, path: '/confirm/$id', beforeLoad: requireSession, component: screen.select });
export const confirmSearchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirmSearchForm',
  validateSearch: plain,
  beforeLoad: requireSession,
  component: screen.search,
});
export const confirmListRoute = createRoute({ getParentRoute: () => rootRoute, path: '/confirmList', beforeLoad: requireResults, component: screen.list });
export const confirmListIdRoute = createRoute({ getParentRoute: () => rootRoute, path: '/confirmList/$id', beforeLoad: requireResults, component: screen.list });
export const confirmDetailsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/confirmDetails', beforeLoad: requireResults, component: screen.details });
export const cancelConfirmRoute = createRoute({ getParentRoute: () => rootRoute, path: '/cancelConfirm', beforeLoad: requireResults, component: screen.cancel });
export const cancelConfirmIdRoute = createRoute({ getParentRoute: () => rootRoute, path: '/cancelConfirm/$id', beforeLoad: requireResults, component: screen.cancel });

export const lookupRoutes = [
  confirmRoute,
  confirmIdRoute,
  confirmSearchRoute,
  confirmListRoute,
  confirmListIdRoute,
  confirmDetailsRoute,
  cancelConfirmRoute,
  cancelConfirmIdRoute,
] as const;
