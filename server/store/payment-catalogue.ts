/**
 * The payment catalogue (spec 02 §3): services, their products and the tax setting, written by
 * an import and read by the order checks and the configuration calls. A service's fields are kept
 * as JSON (read and written whole); products are rows so a reservation's products are one query.
 */
import type { Kysely, Transaction } from 'kysely';
import * as z from 'zod/mini';
import { paymentProductSchema, paymentServiceSchema, taxSettingSchema, type PaymentProduct, type PaymentService, type TaxSetting } from '@core/contract/payment';
import type { SurveyConfig } from '@core/form/survey-config';
import { formServiceIdOf } from '@core/rules/order';
import { usesPayment } from '@core/rules/permissions';
import { splitReservationTarget } from '@core/rules/reservation-value';
import { readSetting, writeSetting } from './calendars';
import type { Database, PaymentProductTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export const TAX_SETTING = 'taxSetting';

/** What a service keeps beside the contract's fields: who issues its receipts. */
export interface ServiceRecord extends Omit<PaymentService, 'products'> {
  receiptCreatorName: string | null;
  receiptDisplayAddress: string | null;
}

const issuerSchema = z.object({
  receiptCreatorName: z._default(z.nullable(z.string()), null),
  receiptDisplayAddress: z._default(z.nullable(z.string()), null),
});

const PRODUCT_COLUMNS = ['service_id', 'product_id', 'sort_order', 'reservation_category_id', 'product_json'] as const satisfies readonly (keyof PaymentProductTable)[];

/** Spec 02 §9: products ordered by order, then name (by code units, the same on both engines). */
const byOrderThenName = (a: PaymentProduct, b: PaymentProduct) =>
  a.order - b.order || (a.productName < b.productName ? -1 : a.productName > b.productName ? 1 : 0);

const toProduct = (r: { product_json: string }): PaymentProduct => paymentProductSchema.parse(JSON.parse(r.product_json));

/** A service as the import gives it (forms/payment-bundle.ts): stored as it is, its products apart. */
export interface ServiceInput {
  serviceId: string;
  serviceSortKey?: string | undefined;
  products: readonly { productId: string; order: number; reservationPaymentItemId?: string | null | undefined }[];
}

/** Replaces a service and its products with the bundle's. */
export const upsertService = async (trx: Transaction<Database>, s: ServiceInput, now: string): Promise<void> => {
  const { products, ...fields } = s;
  const record = { ...fields, serviceSortKey: s.serviceSortKey ?? s.serviceId };
  const service_json = JSON.stringify(record);
  await trx
    .insertInto('payment_services')
    .values({ service_id: s.serviceId, service_sort_key: record.serviceSortKey, service_json, updated_at: now })
    .onConflict((oc) => oc.column('service_id').doUpdateSet({ service_sort_key: record.serviceSortKey, service_json, updated_at: now }))
    .execute();
  await trx.deleteFrom('payment_products').where('service_id', '=', s.serviceId).execute();
  for (const p of products) {
    await trx
      .insertInto('payment_products')
      .values({
        service_id: s.serviceId,
        product_id: p.productId,
        sort_order: p.order,
        reservation_category_id: p.reservationPaymentItemId ? (splitReservationTarget(p.reservationPaymentItemId)?.categoryId ?? null) : null,
        product_json: JSON.stringify(p),
      })
      .execute();
  }
};

/** The tax setting as the import checked it (forms/payment-bundle.ts), stored whole. */
export const writeTaxSetting = (trx: Transaction<Database>, t: object): Promise<void> => writeSetting(trx, TAX_SETTING, t);

/** The tax setting; null when none was imported (the spec's "tax setting not set"). */
export const readTaxSetting = async (db: Db): Promise<TaxSetting | null> => {
  const v = await readSetting(db, TAX_SETTING);
  return v === undefined ? null : taxSettingSchema.parse(v);
};

export const findService = async (db: Db, serviceId: string): Promise<ServiceRecord | null> => {
  const r = await db.selectFrom('payment_services').select(['service_json']).where('service_id', '=', serviceId).executeTakeFirst();
  if (!r) return null;
  const json: unknown = JSON.parse(r.service_json);
  const { products: _none, ...service } = paymentServiceSchema.parse(json);
  return { ...service, ...issuerSchema.parse(json) };
};

export const listProducts = async (db: Db, serviceId: string): Promise<PaymentProduct[]> =>
  (await db.selectFrom('payment_products').select(PRODUCT_COLUMNS).where('service_id', '=', serviceId).execute()).map(toProduct).sort(byOrderThenName);

/** The products sold with a booking of this category's reservation items: of one service, or of every one. */
export const listReservationProducts = async (db: Db, categoryId: string, serviceId?: string): Promise<PaymentProduct[]> => {
  let q = db.selectFrom('payment_products').select(PRODUCT_COLUMNS).where('reservation_category_id', '=', categoryId);
  if (serviceId !== undefined) q = q.where('service_id', '=', serviceId);
  return (await q.execute()).map(toProduct).sort(byOrderThenName);
};

/** Every stored reservation item as `{categoryId}_{itemId}` (what a product's reservationPaymentItemId names). */
export const listReservationItemIds = async (db: Db): Promise<Set<string>> =>
  new Set((await db.selectFrom('reservation_items').select(['category_id', 'item_id']).execute()).map((r) => `${r.category_id}_${r.item_id}`));

/**
 * What a form sells, for pricing its answers: the service its products item names, the service's
 * products and the tax setting; null when the form takes no payment or names no service.
 */
export const catalogueOf = async (
  db: Db,
  config: Pick<SurveyConfig, 'usePayment' | 'surveySchema'>,
): Promise<{ service: ServiceRecord | null; products: PaymentProduct[]; taxSetting: TaxSetting | null } | null> => {
  const serviceId = usesPayment(config) ? formServiceIdOf(config) : null;
  if (serviceId === null) return null;
  return { service: await findService(db, serviceId), products: await listProducts(db, serviceId), taxSetting: await readTaxSetting(db) };
};

/** Every service as stored, in the bundle's shape (its products in their order), for the console's editor. */
export const listStoredServices = async (db: Db): Promise<Record<string, unknown>[]> => {
  const [services, products] = await Promise.all([
    db.selectFrom('payment_services').select(['service_id', 'service_sort_key', 'service_json']).execute(),
    db.selectFrom('payment_products').select(PRODUCT_COLUMNS).execute(),
  ]);
  const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  services.sort((a, b) => byCodeUnits(a.service_sort_key, b.service_sort_key) || byCodeUnits(a.service_id, b.service_id));
  return services.map((s) => ({
    ...(JSON.parse(s.service_json) as Record<string, unknown>),
    products: products
      .filter((p) => p.service_id === s.service_id)
      .sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || byCodeUnits(a.product_id, b.product_id))
      .map((p) => JSON.parse(p.product_json) as unknown),
  }));
};

/** The tax setting as stored (the bundle's shape), undefined when none was imported. */
export const storedTaxSetting = (db: Db): Promise<unknown> => readSetting(db, TAX_SETTING);
