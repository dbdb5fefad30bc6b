/**
 * The staff console's routes (/admin/…), each from a chunk of its own: a resident's phone never
 * loads them. The console checks its session with the server on every page (staff-queries.ts).
 */
import { createRoute } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { Route as rootRoute } from './root';
import { answerRoutes } from './admin-answers';
import { adminCalendarRoutes } from './admin-calendars';
import { adminBedWardRoutes } from './admin-bed-wards';
import { adminMemberRoutes } from './admin-members';
import { adminPaymentRoutes } from './admin-payments';
import { adminFormRoutes } from './admin-forms';
import { adminCatalogueRoutes } from './admin-catalogue';

export interface SignInSearch {
  returnTo?: string | undefined;
  error?: string | undefined;
  expired?: string | undefined;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' && v.length <= 500 ? v : undefined);

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: laterRouteComponent(() => import('../../features/admin/console-home'), 'ConsoleHomePage'),
});

const adminSignInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/sign-in',
  validateSearch: (s: Record<string, unknown>): SignInSearch => ({ returnTo: text(s['returnTo']), error: text(s['error']), expired: text(s['expired']) }),
  component: laterRouteComponent(() => import('../../features/admin/sign-in-screen'), 'SignInPage'),
});

const adminSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/setup',
  component: laterRouteComponent(() => import('../../features/admin/setup-screen'), 'SetupPage'),
});

export const adminRoutes = [
  adminRoute,
  adminSignInRoute,
  adminSetupRoute,
  ...answerRoutes,
  ...adminCalendarRoutes,
  ...adminBedWardRoutes,
  ...adminMemberRoutes,
  ...adminPaymentRoutes,
  ...adminFormRoutes,
  ...adminCatalogueRoutes,
];
