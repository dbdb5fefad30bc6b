/** A clinic that sells a vaccination with its booking: payment forms, a service and a tax setting. */
import type { Store } from '../../server/store/open';
import { bundle as reservationBundle, day } from './reservation-fixture';

/** Places taken in the fixture's paid slot (calendar cal-b) `offset` days from today. */
export const reservedIn = async (store: Store, offset: number, slot = '1'): Promise<number> =>
  Number(
    (
      await store.db
        .selectFrom('slots')
        .select('reserved')
        .where('calendar_id', '=', 'cal-b')
        .where('day', '=', day(offset))
        .where('slot', '=', slot)
        .executeTakeFirstOrThrow()
    ).reserved,
  );

/** An order's phase. */
export const phaseOf = async (store: Store, orderId: string): Promise<string> =>
  (await store.db.selectFrom('payment_orders').select('phase').where('order_id', '=', orderId).executeTakeFirstOrThrow()).phase;

const reservationItem = { itemKey: 'yoyaku', type: 'reservation', title: '予約', isRequired: { value: true } };
const nameItem = { itemKey: 'name', type: 'text', title: 'お名前' };
/** The form sells service svc (core/rules/order.ts): its orders must name it. */
const productsItem = { itemKey: 'shohin', type: 'selectProducts', title: '商品', serviceId: 'svc' };

export const paymentSurveys = [
  { surveyId: 'pay', surveyTitle: '接種予約（有料）', isAppending: { value: true }, usePayment: 1, surveySchema: [reservationItem, nameItem, productsItem] },
  { surveyId: 'pay-single', surveyTitle: '一回のみ', usePayment: 1, surveySchema: [reservationItem, nameItem, productsItem] },
  // Paid while payment is on; the cancel tests then switch payment off and cancel its answers.
  { surveyId: 'pay-late', surveyTitle: '接種予約（後日停止）', isAppending: { value: true }, usePayment: 1, surveySchema: [reservationItem, nameItem, productsItem] },
  { surveyId: 'pay-off', surveyTitle: '決済停止中', isAppending: { value: true }, usePayment: 0, surveySchema: [reservationItem, nameItem, productsItem] },
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
    { productId: 'p1', productName: '接種料', price: 1000, taxableType: 0, order: 1, cost: 1, productCategories: [{ id: 'c1', name: '接種' }] },
    // Its name holds "OK": a signed request form then has those letters inside a value (pagecon tests).
    { productId: 'p4', productName: 'OK問診セット', price: 300, taxableType: 0, order: 4 },
    // A booking fee: sold with every booking of naika-d2's item d, never chosen on its own.
    { productId: 'p3', productName: '予約料', price: 500, taxableType: 0, order: 3, cost: 1, reservationPaymentItemId: 'naika-d2_d' },
  ],
};

/** The same products under another service, which no payment form sells. */
export const otherService = { ...service, serviceId: 'svc2', serviceName: '別のサービス' };

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
  return { ...b, surveyConfigs: [...b.surveyConfigs, ...paymentSurveys], paymentServices: [service, otherService], taxSetting };
};

/**
 * 2 × 接種料 (1,000 yen, 10 % outer, floor) + 1 × 問診票 (550 yen, tax free): 2,550 + 200 = 2,750.
 * Booking naika-d2's item adds 予約料 (500 + 50): see withBookingFee.
 */
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

/** order() with the booking fee line a booking of naika-d2_d brings: 3,050 + 250 = 3,300. */
export const withBookingFee = (over: Record<string, unknown> = {}) => {
  const base = order();
  return order({
    details: [...base.details, { detailId: 3, productId: 'p3', productName: '予約料', price: 500, count: 1, tax: 50, amount: 500, amountWithTax: 550, taxableType: 0, cost: 1, reservationPaymentItemId: 'naika-d2_d' }],
    tax: 250,
    amount: 3050,
    amountWithTax: 3300,
    ...over,
  });
};

/** The products item's row for order(): its lines, as the PWA's order-line dialog writes them. */
export const productsRow = (surveyId: string, lines = [
  { productId: 'p1', productName: '接種料', productCategoryId: 'c1', productCategoryName: '接種', count: 2 },
  { productId: 'p2', productName: '問診票', productCategoryId: null, productCategoryName: null, count: 1 },
]) => ({ surveyId, itemKey: 'shohin', value: JSON.stringify(lines) });

export const answerRows = (surveyId: string, offset: number, slot = '1') => [
  { surveyId, itemKey: 'yoyaku', value: `naika-b_v1|${day(offset)}|${slot}` },
  { surveyId, itemKey: 'name', value: '決済 花子' },
  productsRow(surveyId),
];
