/**
 * Payment calls of spec 02 §7: the temporary save before paying, the order handed to the card
 * provider, tax and service configs, payment results and receipts. This family answers
 * `{ code: "success" }` rather than `{ result: "OK" }`.
 * Amounts are whole yen. The client computes them for display; the server recomputes them from
 * the service config and refuses a mismatch, so nothing here is trusted for money.
 */
import * as z from 'zod/mini';
import { defineEndpoint, queryBool } from './define';
import { errorAnswerSchema, successAnswer } from './envelope';
import { answerRowInputSchema } from './result-rows';
import { MAX_ORDER_LINES, MAX_YEN, PAY_METHODS } from './payment-codes';

export * from './payment-codes';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const name = z.string().check(z.maxLength(200));
const yen = z.number().check(z.int(), z.minimum(0), z.maximum(MAX_YEN));
/** Unix seconds (the spec's completedDate and canceledDate). */
const seconds = z.number().check(z.int(), z.minimum(0), z.maximum(9_999_999_999));
const percent = z.number().check(z.minimum(0), z.maximum(100));

export const paymentStatusSchema = z.literal([0, 1, 2, 3, 4]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const payTypeSchema = z.literal([0, 1]);

export const payMethodSchema = z.enum(PAY_METHODS);

export const taxTypeSchema = z.literal([0, 1]);
export type TaxType = z.infer<typeof taxTypeSchema>;

export const taxableTypeSchema = z.literal([0, 1]);
export type TaxableType = z.infer<typeof taxableTypeSchema>;

export const roundingTypeSchema = z.literal([0, 1, 2]);
export type RoundingType = z.infer<typeof roundingTypeSchema>;

export const calculationTypeSchema = z.literal([0, 1]);
export type CalculationType = z.infer<typeof calculationTypeSchema>;

export const reservationCostTypeSchema = z.literal([0, 1]);
export type ReservationCostType = z.infer<typeof reservationCostTypeSchema>;

/** Sent by the client inside orders, so bounded like any request field. */
export const orderDetailSchema = z.object({
  /** 1-based and renumbered after a removal, so it orders lines but never identifies one. */
  detailId: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_ORDER_LINES)),
  productCategoryId: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  productCategoryName: z.optional(z.nullable(name)),
  productId: id,
  productName: name,
  price: yen,
  count: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  tax: yen,
  amount: yen,
  amountWithTax: yen,
  taxableType: taxableTypeSchema,
  cost: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(1000))),
  reservationPaymentItemId: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
});
export type OrderDetail = z.output<typeof orderDetailSchema>;

/**
 * An order as the client sends it and the server stores it. The server-set fields (status,
 * dates, orderId, userId) are optional: a new order has none, and the payment path applies only
 * while status is absent (spec 02 §4). A client-sent status is ignored.
 */
export const paymentOrderSchema = z.object({
  serviceSortKey: z.string().check(z.maxLength(200)),
  serviceId: id,
  serviceName: name,
  userId: z.optional(z.string().check(z.maxLength(200))),
  details: z.array(orderDetailSchema).check(z.minLength(1), z.maxLength(MAX_ORDER_LINES)),
  tax: yen,
  amount: yen,
  amountWithTax: yen,
  taxRate: percent,
  calculationType: calculationTypeSchema,
  roundingType: roundingTypeSchema,
  taxType: taxTypeSchema,
  reservationCostType: reservationCostTypeSchema,
  reservationCost: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
  status: z.optional(paymentStatusSchema),
  completedDate: z.optional(z.nullable(seconds)),
  canceledDate: z.optional(z.nullable(seconds)),
  orderId: z.optional(z.string().check(z.maxLength(100))),
  payMethod: z.optional(payMethodSchema),
  selectedPayType: payTypeSchema,
});
export type PaymentOrder = z.output<typeof paymentOrderSchema>;

/** A stored order with the answer it pays for. */
export const paymentResultSchema = z.extend(paymentOrderSchema, {
  surveyId: z.string(),
  partitionKey: z.string(),
  orderId: z.string(),
  createdAt: seconds,
  updatedAt: z.optional(seconds),
  /** Not in spec 02 §3: the paid answer's 受付番号, which the resident reads everywhere (null: none). */
  answerCode: z.optional(z.nullable(z.string())),
  /** Not in spec 02 §3: the paid answer's booked slot, as the reservation item stores it (null: none). */
  reservationValue: z.optional(z.nullable(z.string())),
});
export type PaymentResult = z.output<typeof paymentResultSchema>;

export const taxRateEntrySchema = z.object({ applyDate: z.string(), value: percent });

export const taxSettingSchema = z.object({
  /**
   * The spec calls it alphanumeric (the admin types digits); carried as a percent number.
   * null = not set, which the client reports with the tax-not-set message.
   */
  taxRate: z.nullable(percent),
  /** In force: the latest entry whose applyDate (yyyy-MM-dd) has passed. */
  taxRates: z._default(z.array(taxRateEntrySchema), []),
  roundingType: roundingTypeSchema,
  calculationType: calculationTypeSchema,
  taxType: taxTypeSchema,
  reservationCostType: reservationCostTypeSchema,
});
export type TaxSetting = z.output<typeof taxSettingSchema>;

export const productCategorySchema = z.object({ id: z.string(), name: z.string() });

export const paymentProductSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  price: yen,
  taxableType: taxableTypeSchema,
  /** Products are listed by order, then name. */
  order: z._default(z.number().check(z.int()), 0),
  productCategories: z._default(z.array(productCategorySchema), []),
  cost: z.optional(z.number().check(z.int(), z.minimum(0))),
  reservationPaymentItemId: z.optional(z.nullable(z.string())),
});
export type PaymentProduct = z.output<typeof paymentProductSchema>;

export const paymentServiceSchema = z.object({
  serviceSortKey: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  taxType: taxTypeSchema,
  calculationType: calculationTypeSchema,
  roundingType: roundingTypeSchema,
  /** 0 = unlimited; otherwise the total count over all lines. */
  purchaseLimit: z._default(z.number().check(z.int(), z.minimum(0)), 0),
  reservationCostType: reservationCostTypeSchema,
  /** The spec names it without values; kept as the stored number. */
  reservationServiceType: z.optional(z.nullable(z.number().check(z.int()))),
  /** Present only when asked for with include_products=true. */
  products: z.optional(z.array(paymentProductSchema)),
});
export type PaymentService = z.output<typeof paymentServiceSchema>;

/** Missing values are null; the page shows them as --. */
export const receiptSchema = z.object({
  completedDate: z.nullable(seconds),
  createdAt: seconds,
  orderId: z.string(),
  serviceName: z.nullable(z.string()),
  payMethod: z.nullable(payMethodSchema),
  details: z.array(orderDetailSchema),
  tax: yen,
  amount: yen,
  amountWithTax: z.optional(yen),
  /** The tax line shows the rate as a percent (spec 02 §2); not in the §3 field list. */
  taxRate: z.optional(z.nullable(percent)),
  receiptCreatorName: z.nullable(z.string()),
  receiptDisplayAddress: z.nullable(z.string()),
  /** Not in spec 02 §3: the paid answer's 受付番号 (the order id is shown apart, as 注文番号). */
  answerCode: z.optional(z.nullable(z.string())),
});
export type Receipt = z.output<typeof receiptSchema>;

export const surveyResultsTemporary = defineEndpoint({
  method: 'POST',
  // The spec's spelling; the deployed client calls this path.
  path: '/survey-results/temprary',
  auth: 'required',
  idempotent: true,
  body: z.object({
    data: z.array(answerRowInputSchema).check(z.minLength(1), z.maxLength(2000)),
    order: paymentOrderSchema,
  }),
  response: z.union([z.object({ code: z.literal('success'), orderId: z.string() }), errorAnswerSchema]),
});

/**
 * The provider's form is built and signed (SHA1 over a secret) on the server; the client only
 * submits the returned fields to `action`, which is why the answer is a form rather than a URL.
 * Fields are an ordered list, not a record: the hash covers their values in the order sent, and
 * the detail rows (dtl_*) repeat their names once per line.
 */
export const providerFormSchema = z.object({
  action: z.string(),
  method: z.literal('POST'),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type ProviderForm = z.infer<typeof providerFormSchema>;

export const paymentOrdersCreate = defineEndpoint({
  method: 'POST',
  // The spec does not show this path.
  path: '/payment-orders',
  auth: 'required',
  idempotent: true,
  body: z.object({
    surveyId: id,
    serviceSortKey: z.string().check(z.maxLength(200)),
    serviceId: id,
    serviceName: name,
    userId: z.optional(z.string().check(z.maxLength(200))),
    tax: yen,
    amount: yen,
    orderId: z.string().check(z.minLength(1), z.maxLength(100)),
    details: z.array(orderDetailSchema).check(z.minLength(1), z.maxLength(MAX_ORDER_LINES)),
    payMethod: z.optional(payMethodSchema),
  }),
  response: successAnswer(providerFormSchema),
});

/**
 * The resident gives back their own unpaid order (back from the provider's page without paying):
 * released as 購入をやめる releases it. Not in the spec. Answers the order as it now stands.
 */
export const paymentOrdersRelease = defineEndpoint({
  method: 'POST',
  path: '/payment-orders/release',
  auth: 'required',
  idempotent: true,
  body: z.object({ orderId: z.string().check(z.minLength(1), z.maxLength(100)) }),
  response: successAnswer(paymentResultSchema),
});

export const paymentConfigsTaxSetting = defineEndpoint({
  method: 'GET',
  path: '/payment-configs/tax-setting',
  office: true,
  auth: 'required',
  response: successAnswer(taxSettingSchema),
});

export const paymentConfigsService = defineEndpoint({
  method: 'GET',
  path: '/payment-configs/services/:serviceId',
  office: true,
  auth: 'required',
  params: z.object({ serviceId: id }),
  query: z.object({ include_products: z.optional(queryBool()) }),
  response: successAnswer(paymentServiceSchema),
});

/**
 * Registered before paymentResultsGet: Hono tries routes in registration order, and
 * `/payment-results/:id` would otherwise take `receipt` as an id.
 */
export const paymentResultsReceiptByKey = defineEndpoint({
  method: 'GET',
  path: '/payment-results/receipt',
  auth: 'required',
  query: z.object({ key: z.string().check(z.minLength(1), z.maxLength(500)) }),
  response: successAnswer(receiptSchema),
});

export const paymentResultsGet = defineEndpoint({
  method: 'GET',
  path: '/payment-results/:id',
  auth: 'required',
  params: z.object({ id }),
  response: successAnswer(paymentResultSchema),
});

/** The signed-in user's payment results of a form, optionally narrowed to some answers. */
export const paymentResultsList = defineEndpoint({
  method: 'POST',
  path: '/payment-results/list',
  auth: 'required',
  body: z.object({
    surveyId: id,
    partitionKeys: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(400))).check(z.maxLength(500))),
  }),
  response: successAnswer(z.array(paymentResultSchema)),
});

export const paymentResultsReceipt = defineEndpoint({
  method: 'GET',
  path: '/payment-results/receipt/:id',
  auth: 'required',
  params: z.object({ id }),
  response: successAnswer(receiptSchema),
});

/** `keys` are answer partition keys; another user's key is left out, not reported. */
export const paymentResultsGetPaymentResults = defineEndpoint({
  method: 'POST',
  path: '/payment-results/getPaymentResults',
  auth: 'required',
  body: z.object({ keys: z.array(z.string().check(z.minLength(1), z.maxLength(400))).check(z.minLength(1), z.maxLength(500)) }),
  response: successAnswer(z.array(paymentResultSchema)),
});
