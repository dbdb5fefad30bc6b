/**
 * Kiosk routes: /kiosk (the start screen) and /kiosk/enrol?code=… (the operator's one-time URL).
 * Lazy: a resident's phone never loads them.
 */
import { createRoute, redirect } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { getKiosk } from '../../lib/kiosk';
import { Route as rootRoute } from './root';

export const kioskRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/kiosk',
  beforeLoad: () => {
    if (!getKiosk()) throw redirect({ to: '/', replace: true });
  },
  component: laterRouteComponent(() => import('../../features/kiosk/start-screen'), 'KioskStartPage'),
});

export interface KioskEnrolSearch {
  code?: string | undefined;
}

export const kioskEnrolRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/kiosk/enrol',
  validateSearch: (search: Record<string, unknown>): KioskEnrolSearch => ({
    code: typeof search['code'] === 'string' && search['code'] !== '' ? search['code'] : undefined,
  }),
  component: laterRouteComponent(() => import('../../features/kiosk/enrol-screen'), 'KioskEnrolPage'),
});
