/**
 * The console's payments (issue 57): the card orders of the forms within the staff member's
 * teams, paged by keyset (newest first: a cursor of the order's creation instant and id, so a
 * page never repeats or skips one while new orders arrive); one order's refund; its receipt.
 * Each read names residents' answers, so each leaves an audit row; the refund writes its own.
 *
 * A refund gives the money back and changes nothing else: the answer keeps its status and its
 * slots (cancel it through its status for that, which refunds as well).
 */
import * as z from 'zod/mini';
import { isoDateSchema } from './calendars';
import { payMethodSchema, paymentStatusSchema, receiptSchema } from './payment';
import { defineEndpoint, queryInt } from './define';
import { envelope } from './envelope';

export const PAYMENT_PAGE_MAX = 200;
export const REFUND_NOTE_MAX = 500;

const oneOrMany = <T extends z.ZodMiniType>(t: T) => z.optional(z.union([t, z.array(t).check(z.maxLength(10))]));
const orderIdParam = z.object({ orderId: z.string().check(z.minLength(1), z.maxLength(100)) });

export const paymentListQuerySchema = z.object({
  /** Payment states (spec 02 §9), several at once; an order not yet settled has none and is left out by any. */
  status: oneOrMany(z.pipe(queryInt(), paymentStatusSchema)),
  payMethod: oneOrMany(payMethodSchema),
  /** One form of the person's reach; none: all of them. */
  surveyId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /** Completed on or after this Asia/Tokyo day, and on or before `completedTo`. */
  completedFrom: z.optional(isoDateSchema),
  completedTo: z.optional(isoDateSchema),
  cursor: z.optional(z.string().check(z.maxLength(400))),
  limit: z.optional(z.pipe(queryInt(), z.number().check(z.minimum(1), z.maximum(PAYMENT_PAGE_MAX)))),
});

export const paymentRowSchema = z.object({
  orderId: z.string(),
  surveyId: z.string(),
  formTitle: z.string(),
  partitionKey: z.string(),
  /** The answer's 受付番号; null while it has none (an unpaid temporary answer). */
  answerCode: z.nullable(z.string()),
  /** The answer's name item (core/rules/name-item.ts); null when the form has none or it is empty. */
  residentName: z.nullable(z.string()),
  serviceName: z.string(),
  amountWithTax: z.number(),
  payMethod: z.nullable(payMethodSchema),
  /** null: not settled (pending at the provider, or given back unpaid: see phase). */
  status: z.nullable(paymentStatusSchema),
  phase: z.enum(['pending', 'paid', 'failed', 'expired']),
  createdAt: z.string(),
  /** Instants (ISO 8601, UTC); the console shows them in Asia/Tokyo. */
  completedAt: z.nullable(z.string()),
  canceledAt: z.nullable(z.string()),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

export const staffPayments = defineEndpoint({
  method: 'GET',
  path: '/payments',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  query: paymentListQuerySchema,
  response: envelope(
    z.object({
      orders: z.array(paymentRowSchema),
      /** The forms within reach, for the form filter. */
      forms: z.array(z.object({ surveyId: z.string(), title: z.string() })),
      /** The next page's cursor; null at the end. */
      next: z.nullable(z.string()),
    }),
  ),
});

/**
 * 返金: a completed payment refunded (0 → 2), an authorised one's authorisation cancelled (3 → 4),
 * through the provider (core/rules/payment-cancel.ts). Keyed: a replay answers the first refund.
 */
export const staffPaymentRefund = defineEndpoint({
  method: 'POST',
  path: '/payments/:orderId/refund',
  api: 'staff',
  auth: 'staff',
  staffAction: 'refund',
  idempotent: true,
  params: orderIdParam,
  body: z.object({ note: z.optional(z.string().check(z.maxLength(REFUND_NOTE_MAX))) }),
  response: envelope(z.object({ order: paymentRowSchema })),
});

/** A paid order's receipt, as the resident's (spec 02 §2 領収書), with the addressee the answer names. */
export const staffPaymentReceipt = defineEndpoint({
  method: 'GET',
  path: '/payments/:orderId/receipt',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: orderIdParam,
  response: envelope(z.object({ receipt: receiptSchema, addressee: z.nullable(z.string()) })),
});
