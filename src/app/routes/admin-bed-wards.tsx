/**
 * The bed wards' routes (issue 57): /admin/bed-wards (the wards within reach) and
 * /admin/bed-wards/$surveyId?from=YYYY-MM-DD (a ward's nights; from today without a date), and a
 * ward's rule and bed counts (/admin/bed-wards/$surveyId/settings, issue 58). Each
 * screen comes from a console chunk of its own.
 */
import { createRoute } from '@tanstack/react-router';
import { isoDateSchema } from '@core/contract/calendars';
import { laterRouteComponent } from '../later-route';
import { Route as rootRoute } from './root';

export interface WardSearch {
  from?: string | undefined;
}

const wardsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bed-wards',
  component: laterRouteComponent(() => import('../../features/admin/bed-wards/wards-screen'), 'WardsPage'),
});

const wardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bed-wards/$surveyId',
  validateSearch: (s: Record<string, unknown>): WardSearch => {
    const from = isoDateSchema.safeParse(s['from']);
    return { from: from.success ? from.data : undefined };
  },
  component: laterRouteComponent(() => import('../../features/admin/bed-wards/ward-screen'), 'WardPage'),
});

const wardSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bed-wards/$surveyId/settings',
  component: laterRouteComponent(() => import('../../features/admin/bed-config/bed-config-screen'), 'BedConfigPage'),
});

export const adminBedWardRoutes = [wardsRoute, wardRoute, wardSettingsRoute];
