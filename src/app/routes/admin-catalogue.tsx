/**
 * The console's configuration screens of issue 58 beyond the slots: /admin/kiosks (reception
 * tablets). Each screen comes from a console chunk of its own.
 */
import { createRoute } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { Route as rootRoute } from './root';

const kiosksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/kiosks',
  component: laterRouteComponent(() => import('../../features/admin/kiosks/kiosks-screen'), 'KiosksPage'),
});

export const adminCatalogueRoutes = [kiosksRoute];
