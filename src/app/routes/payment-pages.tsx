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

/**
 * The form an order was handed off from: kept by this tab, else named by the signed-in resident's
 * order (another tab, or a cleared one); null when neither tells (then the start page).
 */
const useHandOffFormPath = (orderId: string | undefined): string | null => {
  const handedOffFrom = handOffPathOf(orderId);
  const result = useQuery({ ...paymentResultQuery(orderId ?? ''), enabled: orderId !== undefined && handedOffFrom === null && getSession() !== null, retry: false });
  return handedOffFrom ?? (result.data ? `/survey/${encodeURIComponent(result.data.surveyId)}` : null);
};

export function ErrorPayment() {
  const orderId = errorPaymentRoute.useSearch()['orderId'] || undefined;
  const formPath = useHandOffFormPath(orderId);
  return <ErrorPaymentScreen orderId={orderId} formPath={formPath} fallback={loading} />;
}

export function ReceiptPage() {
  const key = receiptRoute.useSearch()['key'] || undefined;
  return <ReceiptScreen receiptKey={key} addressee={getResidentSession()?.profile?.displayName} fallback={loading} />;
}

export function CanceledPayment() {
  const orderId = canceledPaymentRoute.useSearch()['orderId'] || undefined;
  const formPath = useHandOffFormPath(orderId);
  return <CanceledPaymentScreen formPath={formPath} fallback={loading} />;
}
