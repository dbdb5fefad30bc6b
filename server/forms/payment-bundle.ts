/**
 * The payment sections of an import bundle (spec 02 §3): payment services with their products
 * and the tax setting. Checked with the rest of the bundle before anything is written.
 *
 * Readings chosen here:
 * - A service's taxType, calculationType and roundingType govern its orders; the tax setting
 *   gives the rate (its list by applyDate, or its single taxRate). The setting's own types are
 *   kept and served, as the spec lists them, for a client that has no service yet.
 * - reservationPaymentItemId names a reservation item as `{categoryId}_{itemId}` (the first part
 *   of a reservation value), so the product sold with a booking is found by the category.
 * - A service is replaced whole when imported again: its products are those of the bundle.
 */
import { z } from 'zod';
import { isoDateSchema } from '@core/contract/calendars';
import { MAX_YEN } from '@core/contract/payment';
import type { BundleCategoryNode } from './calendar-bundle';

const id = z.string().min(1).max(200);
const enumOf = <const T extends readonly number[]>(...values: T) =>
  z.number().refine((v): v is T[number] => values.includes(v), { message: `${values.join(', ')} のいずれかです` }) as unknown as z.ZodType<T[number]>;

const taxType = enumOf(0, 1);
const rounding = enumOf(0, 1, 2);
const calculation = enumOf(0, 1);
const reservationCostType = enumOf(0, 1);
const percent = z.number().min(0).max(100);

export const bundleProductSchema = z.strictObject({
  productId: id,
  productName: z.string().min(1).max(200),
  price: z.number().int().min(0).max(MAX_YEN),
  taxableType: enumOf(0, 1),
  order: z.number().int().default(0),
  productCategories: z.array(z.strictObject({ id, name: z.string().min(1).max(200) })).default([]),
  cost: z.number().int().min(0).max(1000).optional(),
  reservationPaymentItemId: z
    .string()
    .regex(/^[^|]+_[^|_]+$/, '{categoryId}_{itemId} で指定してください')
    .nullable()
    .optional(),
});

export const bundleServiceSchema = z.strictObject({
  serviceSortKey: z.string().max(200).optional(),
  serviceId: id,
  serviceName: z.string().min(1).max(200),
  taxType,
  calculationType: calculation,
  roundingType: rounding,
  purchaseLimit: z.number().int().min(0).max(100_000).default(0),
  reservationCostType,
  reservationServiceType: z.number().int().nullable().optional(),
  /** Receipt issuer (spec 02 §2): shown on the receipt as the issuer name and address. */
  receiptCreatorName: z.string().max(200).nullable().optional(),
  receiptDisplayAddress: z.string().max(400).nullable().optional(),
  products: z.array(bundleProductSchema).max(1000).default([]),
});

export const bundleTaxSettingSchema = z.strictObject({
  taxRate: percent.nullable().default(null),
  taxRates: z.array(z.strictObject({ applyDate: isoDateSchema, value: percent })).default([]),
  roundingType: rounding,
  calculationType: calculation,
  taxType,
  reservationCostType,
});

export const paymentBundleShape = {
  paymentServices: z.array(bundleServiceSchema).default([]),
  taxSetting: bundleTaxSettingSchema.optional(),
};

export type BundleService = z.output<typeof bundleServiceSchema>;
export type BundleTaxSetting = z.output<typeof bundleTaxSettingSchema>;

export interface PaymentBundle {
  paymentServices: BundleService[];
  taxSetting?: BundleTaxSetting | undefined;
}

/** Reservation items as `{categoryId}_{itemId}`, from a category tree. */
export const reservationItemIdsOf = (tree: readonly BundleCategoryNode[]): Set<string> => {
  const out = new Set<string>();
  const walk = (nodes: readonly BundleCategoryNode[]) =>
    nodes.forEach((n) => {
      for (const it of n.items ?? []) out.add(`${n.id}_${it.itemId}`);
      walk(n.children ?? []);
    });
  walk(tree);
  return out;
};

/**
 * Cross-references: service ids unique, product ids unique in their service, tax rate dates
 * unique, and each reservationPaymentItemId a reservation item that exists (`items`: those of the
 * bundle's tree when it has one, else the stored ones).
 */
export const paymentProblems = (b: PaymentBundle, items: ReadonlySet<string>, source: string): string[] => {
  const problems: string[] = [];
  const services = new Set<string>();
  b.paymentServices.forEach((s, i) => {
    if (services.has(s.serviceId)) problems.push(`${source}: paymentServices[${i}].serviceId: サービス ${s.serviceId} が重複しています`);
    services.add(s.serviceId);
    const products = new Set<string>();
    s.products.forEach((p, j) => {
      const at = `${source}: paymentServices[${i}].products[${j}]`;
      if (products.has(p.productId)) problems.push(`${at}.productId: 商品 ${p.productId} が重複しています`);
      products.add(p.productId);
      if (p.reservationPaymentItemId && !items.has(p.reservationPaymentItemId)) {
        problems.push(`${at}.reservationPaymentItemId: 予約項目 ${p.reservationPaymentItemId} がありません`);
      }
    });
  });
  const dates = new Set<string>();
  (b.taxSetting?.taxRates ?? []).forEach((r, i) => {
    if (dates.has(r.applyDate)) problems.push(`${source}: taxSetting.taxRates[${i}].applyDate: ${r.applyDate} が重複しています`);
    dates.add(r.applyDate);
  });
  return problems;
};
