/**
 * The payments' routes (issue 57): /admin/payments (the orders of the person's forms) and
 * /admin/payments/$orderId/receipt (one paid order's 領収書 as the resident's, read by staff). Each
 * screen comes from a console chunk of its own.
 */
import { createRoute } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { Route as rootRoute } from './root';

const paymentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/payments',
  component: laterRouteComponent(() => import('../../features/admin/payments/payments-screen'), 'PaymentsPage'),
});

const receiptRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/payments/$orderId/receipt',
  component: laterRouteComponent(() => import('./admin-receipt-page'), 'StaffReceiptPage'),
});

export const adminPaymentRoutes = [paymentsRoute, receiptRoute];
