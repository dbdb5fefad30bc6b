/**
 * The console's configuration screens of issue 58 beyond the slots: /admin/kiosks (reception
 * tablets) /admin/staff (staff and teams) and /admin/products (payment services, products and tax
 * rates). Each screen comes from a console chunk of its own.
 */
import { createRoute } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { Route as rootRoute } from './root';

const kiosksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/kiosks',
  component: laterRouteComponent(() => import('../../features/admin/kiosks/kiosks-screen'), 'KiosksPage'),
});

const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/staff',
  component: laterRouteComponent(() => import('../../features/admin/staff/staff-screen'), 'StaffPage'),
});

const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/products',
  component: laterRouteComponent(() => import('../../features/admin/products/products-screen'), 'ProductsPage'),
});

export const adminCatalogueRoutes = [kiosksRoute, staffRoute, productsRoute];
