/**
 * The payment path's hand-off (spec 02 §4, §7): the temporary save of the answer with its order,
 * the order posted for the provider's signed form, then that form submitted to the provider by a
 * real HTML form (the page does not continue). Online only: a payment is never queued in the
 * outbox, so an answer drafted offline is paid once the resident is back online.
 */
import { paymentOrdersCreate, paymentOrdersRelease, surveyResultsTemporary, type PaymentOrder, type PaymentResult, type ProviderForm } from '@core/contract/payment';
import type { AnswerRowInput } from '@core/contract/survey';
import { ApiClientError, isTransportFailure } from '../lib/api-error';
import { call } from '../lib/api';
import { paymentOffline } from './codes';
import { rememberHandOff } from './hand-off-return';
import { successData } from './queries';

export interface HandOffDeps {
  isOnline?: () => boolean;
  /** Submits the provider's form (a real form post in the browser). */
  post?: (form: ProviderForm) => void;
  /** The form's own path, for the cancelled page's way back (default: this page's). */
  returnPath?: string;
}

/** Builds the provider's form in the page and submits it: fields in their signed order. */
export const postProviderForm = (form: ProviderForm, doc: Document = document): HTMLFormElement => {
  const el = doc.createElement('form');
  el.method = form.method;
  el.action = form.action;
  el.acceptCharset = 'UTF-8';
  el.hidden = true;
  for (const f of form.fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = f.name;
    input.value = f.value;
    el.appendChild(input);
  }
  doc.body.appendChild(el);
  el.submit();
  return el;
};

/** Network trouble reads as the offline text: the resident's next step is the same. */
const online = async <T>(f: () => Promise<T>): Promise<T> => {
  try {
    return await f();
  } catch (e) {
    if (isTransportFailure(e)) throw paymentOffline();
    throw e;
  }
};

type OrderToPay = Pick<PaymentOrder, 'serviceSortKey' | 'serviceId' | 'serviceName' | 'tax' | 'amount' | 'details' | 'payMethod'> & {
  surveyId: string;
  orderId: string;
};

/** The provider's signed form for a saved order, posted: the page leaves for the provider. */
const toProvider = async (o: OrderToPay, deps: HandOffDeps): Promise<ProviderForm> => {
  rememberHandOff(o.orderId, deps.returnPath ?? `${window.location.pathname}${window.location.search}`);
  const form = successData(
    await online(() =>
      call(paymentOrdersCreate, {
        body: {
          surveyId: o.surveyId,
          serviceSortKey: o.serviceSortKey,
          serviceId: o.serviceId,
          serviceName: o.serviceName,
          tax: o.tax,
          amount: o.amount,
          orderId: o.orderId,
          details: o.details,
          ...(o.payMethod ? { payMethod: o.payMethod } : {}),
        },
      }),
    ),
  );
  (deps.post ?? postProviderForm)(form);
  return form;
};

export const handOffToPayment = async (
  request: { surveyId: string; rows: readonly AnswerRowInput[]; order: PaymentOrder },
  deps: HandOffDeps = {},
): Promise<ProviderForm> => {
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  if (!isOnline()) throw paymentOffline();
  const { order } = request;
  const saved = await online(() => call(surveyResultsTemporary, { body: { data: [...request.rows], order } }));
  if ('result' in saved) throw new ApiClientError({ status: 200, code: saved.code ?? 'error', errorMessage: saved.errorMessage, issues: saved.issues });
  return toProvider({ ...order, surveyId: request.surveyId, orderId: saved.orderId }, deps);
};

/** The resident's unpaid order handed to the provider again, as it was saved (its answer and hold unchanged). */
export const continueHandOff = (pending: PaymentResult, deps: HandOffDeps = {}): Promise<ProviderForm> => toProvider(pending, deps);

/** Gives the resident's unpaid order back as 購入をやめる does (the server refuses a paid one). */
export const releaseOrder = async (orderId: string): Promise<PaymentResult> =>
  successData(await online(() => call(paymentOrdersRelease, { body: { orderId } })));
