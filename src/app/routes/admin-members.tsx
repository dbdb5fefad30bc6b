/**
 * The console's members (issue 57): /admin/members (the member forms within reach),
 * /admin/members/$surveyId?q=… (a member form's records, searched; the search in the URL so the
 * way back from a record finds it again) and /admin/members/$surveyId/$partitionKey (one record
 * and the resident's linked answers, ?q= the list's search to go back to). Each screen comes from a console chunk of its own.
 */
import { createRoute } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { Route as rootRoute } from './root';

export interface MembersSearch {
  q?: string | undefined;
}

/** As long a search as the server takes (core/contract/staff-members.ts). */
const Q_MAX = 200;

// The record's page carries the list's search too, so its way back returns to the same list.
const validateSearch = (s: Record<string, unknown>): MembersSearch => {
  const q = typeof s['q'] === 'string' ? s['q'].trim() : '';
  return { q: q !== '' && q.length <= Q_MAX ? q : undefined };
};

const memberFormsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/members',
  component: laterRouteComponent(() => import('../../features/admin/members/member-forms-screen'), 'MemberFormsPage'),
});

const membersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/members/$surveyId',
  validateSearch,
  component: laterRouteComponent(() => import('../../features/admin/members/members-screen'), 'MembersPage'),
});

const memberRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/members/$surveyId/$partitionKey',
  validateSearch,
  component: laterRouteComponent(() => import('../../features/admin/members/member-screen'), 'MemberPage'),
});

// Issue 58: a member form's config and numbering; `config` is never a partition key (those hold '#').
const memberConfigRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/members/$surveyId/config',
  component: laterRouteComponent(() => import('../../features/admin/members/member-config-screen'), 'MemberConfigPage'),
});

export const adminMemberRoutes = [memberFormsRoute, membersRoute, memberConfigRoute, memberRoute];
