/**
 * The payment return pages and the receipt (spec 02 §2): /completedPayment/{id} (id: the form
 * paid for), /canceledPayment, /errorPayment, and /receipt?key=… (key: the answer's partition
 * key). The result and the receipt need a session; the cancelled and error pages only say what
 * happened. The screens live in features/payment and features/receipt; the form's config (for
 * its end-of-survey message) comes from features/answer; payment-pages.tsx composes them.
 */
import { createRoute, redirect } from '@tanstack/react-router';
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

// Their own chunk, with the payment calls' code: no form's first screen needs them.
const page = (name: 'CompletedPayment' | 'CanceledPayment' | 'ErrorPayment' | 'ReceiptPage') =>
  laterRouteComponent(() => import('./payment-pages'), name);

const plain = (search: Record<string, unknown>): PlainSearch => stringsOnly(search);

export const completedPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/completedPayment/$id',
  validateSearch: plain,
  beforeLoad: requireSession,
  component: page('CompletedPayment'),
});

export const canceledPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/canceledPayment',
  validateSearch: plain,
  component: page('CanceledPayment'),
});

export const errorPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/errorPayment',
  validateSearch: plain,
  component: page('ErrorPayment'),
});

export const receiptRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receipt',
  validateSearch: plain,
  beforeLoad: requireSession,
  component: page('ReceiptPage'),
});

export const paymentRoutes = [completedPaymentRoute, canceledPaymentRoute, errorPaymentRoute, receiptRoute];
