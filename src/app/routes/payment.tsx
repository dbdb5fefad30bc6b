/**
 * The payment return pages and the receipt (spec 02 §2): /completedPayment/{id} (id: the form
 * paid for), /canceledPayment, /errorPayment, and /receipt?key=… (key: the answer's partition
 * key). The result and the receipt need a session; the cancelled and error pages only say what
 * happened. The screens live in features/payment and features/receipt; the form's config (for
 * its end-of-survey message) comes from features/answer, composed here.
 */
import { useQuery } from '@tanstack/react-query';
import { createRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { surveyConfigQuery } from '../../features/answer/queries';
import { paymentResultQuery } from '../../features/payment/queries';
import { LoadingText } from '../../ui/loading-text';
import { rememberTarget } from '../../lib/login-target';
import { getResidentSession, getSession } from '../../lib/session';
import { clearDraft, currentDraftKey } from '../../offline/drafts';
import { stringsOnly, type PlainSearch } from '../search';
import { Route as rootRoute } from './root';

const requireSession = ({ location, preload }: { location: { pathname: string; searchStr: string }; preload: boolean }) => {
  if (getSession()) return;
  if (!preload) rememberTarget(`${location.pathname}${location.searchStr}`);
  throw redirect({ to: '/login', search: {}, replace: true });
};

// Their own chunks: no form's first screen needs them.
const screens = () => import('../../features/payment/result-screens');
const CompletedPaymentScreen = lazy(() => screens().then((m) => ({ default: m.CompletedPaymentScreen })));
const CanceledPaymentScreen = lazy(() => screens().then((m) => ({ default: m.CanceledPaymentScreen })));
const ErrorPaymentScreen = lazy(() => screens().then((m) => ({ default: m.ErrorPaymentScreen })));
const ReceiptScreen = lazy(() => import('../../features/receipt/receipt-screen').then((m) => ({ default: m.ReceiptScreen })));

const lazily = (node: ReactNode) => <Suspense fallback={<LoadingText />}>{node}</Suspense>;

const plain = (search: Record<string, unknown>): PlainSearch => stringsOnly(search);

export const completedPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/completedPayment/$id',
  validateSearch: plain,
  beforeLoad: requireSession,
  component: CompletedPayment,
});

export const canceledPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/canceledPayment',
  validateSearch: plain,
  component: () => lazily(<CanceledPaymentScreen />),
});

export const errorPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/errorPayment',
  validateSearch: plain,
  component: ErrorPayment,
});

export const receiptRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receipt',
  validateSearch: plain,
  beforeLoad: requireSession,
  component: ReceiptPage,
});

function CompletedPayment() {
  const { id } = completedPaymentRoute.useParams();
  const orderId = completedPaymentRoute.useSearch()['orderId'] || undefined;
  const config = useQuery(surveyConfigQuery(id));
  const result = useQuery({ ...paymentResultQuery(orderId ?? ''), enabled: orderId !== undefined });
  const paid = result.data?.status === 0 || result.data?.status === 3;
  // The answer is paid and stored: its draft (kept through the hand-off in case the payment
  // failed) is done with.
  useEffect(() => {
    const key = currentDraftKey(id);
    if (paid && key) void clearDraft(key);
  }, [paid, id]);
  return lazily(<CompletedPaymentScreen config={config.data?.data} orderId={orderId} />);
}

function ErrorPayment() {
  const orderId = errorPaymentRoute.useSearch()['orderId'] || undefined;
  return lazily(<ErrorPaymentScreen orderId={orderId} />);
}

function ReceiptPage() {
  const key = receiptRoute.useSearch()['key'] || undefined;
  return lazily(<ReceiptScreen receiptKey={key} addressee={getResidentSession()?.profile?.displayName} />);
}

export const paymentRoutes = [completedPaymentRoute, canceledPaymentRoute, errorPaymentRoute, receiptRoute];
