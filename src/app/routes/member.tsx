/**
 * Member routes (spec 02 §2): /member/{id} registration (and /login/member/{id} redirecting to
 * it), /member-confirm/{id} member search, /member-confirmList/{id} the member-linked list. All
 * need a session. Without one the path is remembered and the resident signs in; for the list the
 * remembered path is the search's (spec 02 §6: member-confirmList replaced by member-confirm).
 * The list itself shows the member search's find, else the signed-in resident's own record.
 */
import { createRoute, redirect } from '@tanstack/react-router';
import { gatedBy } from '../feature-gate';
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

// MEMBERS=0 (server/config.ts): the member text instead of each screen.
const screen = {
  register: gatedBy('members', laterRouteComponent(() => import('../../features/member/register-screen'), 'MemberRegisterScreen')),
  search: gatedBy('members', laterRouteComponent(() => import('../../features/member/search-screen'), 'MemberSearchScreen')),
  list: gatedBy('members', laterRouteComponent(() => import('../member-list'), 'MemberListPage')),
};

export const memberRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/$id',
  // ?survey= names the form for members that sent the resident here (its completion links back).
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  beforeLoad: requireSession,
  component: screen.register,
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

export const memberConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member-confirm/$id',
  beforeLoad: requireSession,
  component: screen.search,
});

export const memberConfirmListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member-confirmList/$id',
  // ?form= names the linked form to show first (the completion of that form links here).
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  beforeLoad: ({ location, preload }) => {
    if (getSession()) return;
    if (!preload) rememberTarget(`${location.pathname.replace('/member-confirmList/', '/member-confirm/')}${location.searchStr}`);
    throw redirect({ to: '/login', search: {}, replace: true });
  },
  component: screen.list,
});

export const memberRoutes = [memberRoute, loginMemberRoute, memberConfirmRoute, memberConfirmListRoute] as const;
