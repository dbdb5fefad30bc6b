/**
 * The payment routes' pages (routes/payment.tsx), composed from features/payment, features/receipt
 * and the form's config from features/answer; loaded only when one of these routes is visited.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { surveyConfigQuery } from '../../features/answer/queries';
import { paymentResultQuery } from '../../features/payment/queries';
import { laterComponent } from '../../lib/later-component';
import { LoadingText } from '../../ui/loading-text';
import { getResidentSession, getSession } from '../../lib/session';
import { clearDraft, currentDraftKey } from '../../offline/drafts';
import { handOffPathOf } from '../../payment/hand-off-return';
import { canceledPaymentRoute, completedPaymentRoute, errorPaymentRoute, receiptRoute } from './payment';

const screens = () => import('../../features/payment/result-screens');
const CompletedPaymentScreen = laterComponent(() => screens().then((m) => m.CompletedPaymentScreen));
const CanceledPaymentScreen = laterComponent(() => screens().then((m) => m.CanceledPaymentScreen));
const ErrorPaymentScreen = laterComponent(() => screens().then((m) => m.ErrorPaymentScreen));
const ReceiptScreen = laterComponent(() => import('../../features/receipt/receipt-screen').then((m) => m.ReceiptScreen));

const loading = <LoadingText />;

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
  return <CompletedPaymentScreen config={config.data?.data} orderId={orderId} fallback={loading} />;
}

export function ErrorPayment() {
  const orderId = errorPaymentRoute.useSearch()['orderId'] || undefined;
  return <ErrorPaymentScreen orderId={orderId} fallback={loading} />;
}

export function ReceiptPage() {
  const key = receiptRoute.useSearch()['key'] || undefined;
  return <ReceiptScreen receiptKey={key} addressee={getResidentSession()?.profile?.displayName} fallback={loading} />;
}

export function CanceledPayment() {
  const orderId = canceledPaymentRoute.useSearch()['orderId'] || undefined;
  const handedOffFrom = handOffPathOf(orderId);
  // Another tab (or a cleared one) did not keep the path: the signed-in resident's order names its form.
  const result = useQuery({ ...paymentResultQuery(orderId ?? ''), enabled: orderId !== undefined && handedOffFrom === null && getSession() !== null, retry: false });
  const formPath = handedOffFrom ?? (result.data ? `/survey/${encodeURIComponent(result.data.surveyId)}` : null);
  return <CanceledPaymentScreen formPath={formPath} fallback={loading} />;
}
