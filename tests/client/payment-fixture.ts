/** A card order as GET /payment-results answers it: one 接種料 line, unpaid unless overridden. */
import type { PaymentResult } from '@core/contract/payment';

export const paymentResult = (over: Partial<PaymentResult> = {}): PaymentResult => ({
  serviceSortKey: 'svc',
  serviceId: 'svc',
  serviceName: '予防接種',
  details: [{ detailId: 1, productId: 'p1', productName: '接種料', price: 3000, count: 1, tax: 300, amount: 3000, amountWithTax: 3300, taxableType: 0 }],
  tax: 300,
  amount: 3000,
  amountWithTax: 3300,
  taxRate: 10,
  calculationType: 0,
  roundingType: 0,
  taxType: 0,
  reservationCostType: 0,
  selectedPayType: 0,
  payMethod: 'credit',
  completedDate: null,
  canceledDate: null,
  orderId: 'o1',
  surveyId: 'pay',
  partitionKey: 'pay#U1#1',
  createdAt: 1767225600,
  ...over,
});
