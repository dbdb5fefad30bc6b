/**
 * Payment services, their products (with categories) and the tax rates in the console (issue 58;
 * spec 02 §3). A service is saved whole in the import bundle's shape, with the importer's checks
 * (server/forms/import.ts importPaymentPartIn). A tax rate is added with the day it applies from,
 * which must be still to come: a rate in force is never rewritten (core/rules/tax.ts).
 */
import * as z from 'zod/mini';
import { isoDateSchema } from './calendars';
import { defineEndpoint } from './define';
import { CONFIG_JSON_MAX } from './staff-member-config';
import { envelope } from './envelope';

const catalogueAnswer = z.object({
  /** Each as the bundle's paymentServices entry holds it. */
  services: z.array(z.record(z.string(), z.unknown())),
  /** The bundle's taxSetting; null: none imported. */
  taxSetting: z.nullable(z.record(z.string(), z.unknown())),
  /** The server's today (Asia/Tokyo): a new rate applies from a later day. */
  today: isoDateSchema,
});

export const staffPaymentCatalogue = defineEndpoint({
  method: 'GET',
  path: '/payment-services',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  response: envelope(catalogueAnswer),
});

export const staffPaymentServiceSave = defineEndpoint({
  method: 'POST',
  path: '/payment-services/:serviceId',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  params: z.object({ serviceId: z.string().check(z.minLength(1), z.maxLength(200)) }),
  /** The service as JSON text (the bundle's paymentServices entry), read whole by the server. */
  body: z.object({ serviceJson: z.string().check(z.maxLength(CONFIG_JSON_MAX)) }),
  response: envelope(catalogueAnswer),
});

export const staffTaxRateAdd = defineEndpoint({
  method: 'POST',
  path: '/tax-rates',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  body: z.object({ applyDate: isoDateSchema, value: z.number().check(z.minimum(0), z.maximum(100)) }),
  response: envelope(catalogueAnswer),
});
