/** Stored orders as the payment calls answer them (spec 02 §3): payment results and receipts. Pure. */
import type { PaymentResult, Receipt } from '@core/contract/payment';
import type { StoredOrder } from '../store/payment-orders';
import type { ServiceRecord } from '../store/payment-catalogue';

const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** What the resident reads of the paid answer beside its order: its 受付番号 and booked slot. */
export interface PaidAnswerFacts {
  answerCode: string | null;
  reservationValue: string | null;
}

const NO_FACTS: PaidAnswerFacts = { answerCode: null, reservationValue: null };

export const paymentResultOf = (o: StoredOrder, facts: PaidAnswerFacts = NO_FACTS): PaymentResult => ({
  ...facts,
  ...o.order,
  userId: o.userId,
  orderId: o.orderId,
  surveyId: o.surveyId,
  partitionKey: o.partitionKey,
  ...(o.status === null ? {} : { status: o.status as PaymentResult['status'] & number }),
  completedDate: o.completedAt === null ? null : seconds(o.completedAt),
  canceledDate: o.canceledAt === null ? null : seconds(o.canceledAt),
  createdAt: seconds(o.createdAt),
  updatedAt: seconds(o.updatedAt),
});

/** A paid order's receipt; the issuer is the service's (null when it names none: shown as --). */
export const receiptOf = (o: StoredOrder, service: ServiceRecord | null, facts: PaidAnswerFacts = NO_FACTS): Receipt => ({
  answerCode: facts.answerCode,
  completedDate: o.completedAt === null ? null : seconds(o.completedAt),
  createdAt: seconds(o.createdAt),
  orderId: o.orderId,
  serviceName: o.order.serviceName,
  payMethod: o.order.payMethod ?? null,
  details: o.order.details,
  tax: o.order.tax,
  amount: o.order.amount,
  amountWithTax: o.order.amountWithTax,
  taxRate: o.order.taxRate,
  receiptCreatorName: service?.receiptCreatorName ?? null,
  receiptDisplayAddress: service?.receiptDisplayAddress ?? null,
});
