/**
 * The payment routes' pages (routes/payment.tsx), composed from features/payment, features/receipt
 * and the form's config from features/answer; loaded only when one of these routes is visited.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { surveyConfigQuery } from '../../features/answer/queries';
import { paymentResultQuery } from '../../features/payment/queries';
import { LoadingText } from '../../ui/loading-text';
import { getResidentSession } from '../../lib/session';
import { clearDraft, currentDraftKey } from '../../offline/drafts';
import { completedPaymentRoute, errorPaymentRoute, receiptRoute } from './payment';

const screens = () => import('../../features/payment/result-screens');
const CompletedPaymentScreen = lazy(() => screens().then((m) => ({ default: m.CompletedPaymentScreen })));
const CanceledPaymentScreen = lazy(() => screens().then((m) => ({ default: m.CanceledPaymentScreen })));
const ErrorPaymentScreen = lazy(() => screens().then((m) => ({ default: m.ErrorPaymentScreen })));
const ReceiptScreen = lazy(() => import('../../features/receipt/receipt-screen').then((m) => ({ default: m.ReceiptScreen })));

const lazily = (node: ReactNode) => <Suspense fallback={<LoadingText />}>{node}</Suspense>;

export function CompletedPayment() {
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

export function ErrorPayment() {
  const orderId = errorPaymentRoute.useSearch()['orderId'] || undefined;
  return lazily(<ErrorPaymentScreen orderId={orderId} />);
}

export function ReceiptPage() {
  const key = receiptRoute.useSearch()['key'] || undefined;
  return lazily(<ReceiptScreen receiptKey={key} addressee={getResidentSession()?.profile?.displayName} />);
}

export function CanceledPayment() {
  return lazily(<CanceledPaymentScreen />);
}
