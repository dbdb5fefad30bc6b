/** A clinic that sells a vaccination with its booking: payment forms, a service and a tax setting. */
import { bundle as reservationBundle, day } from './reservation-fixture';

const reservationItem = { itemKey: 'yoyaku', type: 'reservation', title: '予約', isRequired: { value: true } };
const nameItem = { itemKey: 'name', type: 'text', title: 'お名前' };

export const paymentSurveys = [
  { surveyId: 'pay', surveyTitle: '接種予約（有料）', isAppending: { value: true }, usePayment: 1, surveySchema: [reservationItem, nameItem] },
  { surveyId: 'pay-single', surveyTitle: '一回のみ', usePayment: 1, surveySchema: [reservationItem, nameItem] },
  // Paid while payment is on; the cancel tests then switch payment off and cancel its answers.
  { surveyId: 'pay-late', surveyTitle: '接種予約（後日停止）', isAppending: { value: true }, usePayment: 1, surveySchema: [reservationItem, nameItem] },
  { surveyId: 'pay-off', surveyTitle: '決済停止中', isAppending: { value: true }, usePayment: 0, surveySchema: [reservationItem, nameItem] },
];

export const service = {
  serviceId: 'svc',
  serviceName: '予防接種',
  taxType: 0,
  calculationType: 0,
  roundingType: 0,
  purchaseLimit: 5,
  reservationCostType: 0,
  receiptCreatorName: 'さくら市民クリニック',
  receiptDisplayAddress: 'さくら市中央1-1',
  products: [
    { productId: 'p2', productName: '問診票', price: 550, taxableType: 1, order: 2 },
    { productId: 'p1', productName: '接種料', price: 1000, taxableType: 0, order: 1, cost: 1, reservationPaymentItemId: 'naika-b_v1', productCategories: [{ id: 'c1', name: '接種' }] },
  ],
};

export const taxSetting = {
  taxRates: [
    { applyDate: '2019-10-01', value: 10 },
    { applyDate: '2099-01-01', value: 12 },
  ],
  roundingType: 0,
  calculationType: 0,
  taxType: 0,
  reservationCostType: 0,
};

export const paymentBundle = () => {
  const b = reservationBundle();
  return { ...b, surveyConfigs: [...b.surveyConfigs, ...paymentSurveys], paymentServices: [service], taxSetting };
};

/** 2 × 接種料 (1,000 yen, 10 % outer, floor) + 1 × 問診票 (550 yen, tax free): 2,550 + 200 = 2,750. */
export const order = (over: Record<string, unknown> = {}) => ({
  serviceSortKey: 'svc',
  serviceId: 'svc',
  serviceName: '予防接種',
  details: [
    { detailId: 1, productCategoryId: 'c1', productCategoryName: '接種', productId: 'p1', productName: '接種料', price: 1000, count: 2, tax: 200, amount: 2000, amountWithTax: 2200, taxableType: 0 },
    { detailId: 2, productId: 'p2', productName: '問診票', price: 550, count: 1, tax: 0, amount: 550, amountWithTax: 550, taxableType: 1 },
  ],
  tax: 200,
  amount: 2550,
  amountWithTax: 2750,
  taxRate: 10,
  calculationType: 0,
  roundingType: 0,
  taxType: 0,
  reservationCostType: 0,
  selectedPayType: 0,
  payMethod: 'credit',
  ...over,
});

export const answerRows = (surveyId: string, offset: number, slot = '1') => [
  { surveyId, itemKey: 'yoyaku', value: `naika-b_v1|${day(offset)}|${slot}` },
  { surveyId, itemKey: 'name', value: '決済 花子' },
];
